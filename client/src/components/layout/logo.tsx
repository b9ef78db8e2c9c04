import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconAward } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useT } from '../../lib/i18n/use-t';

type LogoProps = {
  /** Spec §2: the logo returns to the home page of the user's type. */
  href: string;
  productName: string | undefined;
  /** Phones have little room beside a customer's tier and points: show the mark only. */
  compact?: boolean;
};

export function Logo({ href, productName, compact = false }: LogoProps) {
  const t = useT();
  return (
    <UnstyledButton component={Link} to={href} aria-label={productName ? t('logo.productHome', { productName }) : t('logo.home')}>
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon size="lg" radius="md" aria-hidden>
          <IconAward size={22} />
        </ThemeIcon>
        {productName && (
          <Text fw={700} size="lg" visibleFrom={compact ? 'sm' : undefined} style={{ whiteSpace: 'nowrap' }}>
            {productName}
          </Text>
        )}
      </Group>
    </UnstyledButton>
  );
}
