import { getDisplayLocale, type SupportContact } from '@app/common';
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useT } from '../../../lib/i18n/use-t';
import { usePublicSettings } from '../api/get-public-settings';
import { SupportContactLink } from './support-contact-link';
import classes from './support-footer.module.css';

type SupportFooterProps = {
  /**
   * Spec §1: customers see the three support phone numbers; everyone else (and the login screen) sees
   * the product name and a support line.
   */
  variant: 'customer' | 'staff';
};

export function SupportFooter({ variant }: SupportFooterProps) {
  const settings = usePublicSettings();
  const t = useT();

  if (settings.isPending) {
    // Two lines of text in the height the staff footer keeps once loaded (support-footer.module.css): the login
    // screen above it, centred in the space the footer leaves, must not move when the settings arrive (layout
    // shift, issues 19 and 29).
    return (
      <Stack gap={2} role="status" aria-label={t('supportFooter.loading')} className={classes.steady}>
        <Text size="sm" aria-hidden>
          <Skeleton component="span" display="inline-block" height={12} width={120} />
        </Text>
        <Text size="sm" aria-hidden>
          <Skeleton component="span" display="inline-block" height={12} width={220} />
        </Text>
      </Stack>
    );
  }
  if (settings.isError) {
    return (
      <Text size="sm" c="dimmed">
        {t('supportFooter.loadFailed')}
      </Text>
    );
  }

  const { productName, supportContacts } = settings.data;

  if (variant === 'customer') {
    if (supportContacts.length === 0) return <Text size="sm">{t('supportFooter.notConfigured')}</Text>;
    return (
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('supportFooter.support')}
        </Text>
        <Group gap="lg" wrap="wrap" style={{ rowGap: 4 }}>
          {supportContacts.map((contact) => (
            <Text size="sm" key={`${contact.name}-${contact.phone}`}>
              {contact.name}: <SupportContactLink phone={contact.phone} />
            </Text>
          ))}
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap={2} className={classes.steady}>
      <Text size="sm" fw={600}>
        {productName}
      </Text>
      <Text size="sm">
        {supportContacts.length === 0 ? t('supportFooter.notConfigured') : <SupportLine contacts={supportContacts} />}
      </Text>
    </Stack>
  );
}

// "a, b or c": any one of the numbers will do, joined the way the reader's language joins them (en-IN: spec §9).
const listFormats = new Map<string, Intl.ListFormat>();
function listFormat(locale: string): Intl.ListFormat {
  let format = listFormats.get(locale);
  if (!format) {
    format = new Intl.ListFormat(locale, { style: 'long', type: 'disjunction' });
    listFormats.set(locale, format);
  }
  return format;
}

/**
 * Spec §1: the staff support line, naming each contact with their number as a tel: link. The list is
 * joined by Intl so the commas and the final "or" follow the language; each number stays on one line.
 */
function SupportLine({ contacts }: { contacts: SupportContact[] }) {
  // Placeholders stand in for the contacts; formatToParts then says where each one goes between the separators.
  const t = useT();
  const parts = listFormat(getDisplayLocale()).formatToParts(contacts.map((_, index) => String(index)));
  return (
    <>
      {t('supportFooter.supportLine')}{' '}
      {parts.map((part, position) => {
        const contact = part.type === 'element' ? contacts[Number(part.value)] : undefined;
        if (!contact) return <Fragment key={position}>{part.value}</Fragment>;
        return (
          <Fragment key={position}>
            {contact.name} <SupportContactLink phone={contact.phone} />
          </Fragment>
        );
      })}
    </>
  );
}
