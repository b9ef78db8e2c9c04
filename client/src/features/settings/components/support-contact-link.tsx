import { Anchor } from '@mantine/core';

/** A phone number as a tel: link, so it can be called with one tap on a phone. */
export function SupportContactLink({ phone }: { phone: string }) {
  return (
    <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`} inherit style={{ whiteSpace: 'nowrap' }}>
      {phone}
    </Anchor>
  );
}
