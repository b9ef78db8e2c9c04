import { Anchor, Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { useT } from '../../lib/i18n/use-t';
import { CUSTOMER_NAV } from './nav-items';

/** Spec §2: customer footer navigation, as links in the footer on wide screens. */
export function CustomerFooterNav() {
  const t = useT();
  return (
    <Group component="nav" aria-label={t('layout.accountNav')} gap="lg" visibleFrom="sm">
      {CUSTOMER_NAV.map((item) => (
        <Anchor key={item.href} component={Link} to={item.href} fw={600}>
          {t(item.labelId)}
        </Anchor>
      ))}
    </Group>
  );
}

export const BOTTOM_BAR_HEIGHT = 60;

/** The same navigation as a bar fixed to the bottom of a phone screen, within reach of a thumb. */
export function CustomerBottomBar() {
  const { pathname } = useLocation();
  const t = useT();
  return (
    <Box
      component="nav"
      aria-label={t('layout.accountNav')}
      hiddenFrom="sm"
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      h={BOTTOM_BAR_HEIGHT}
      bg="var(--mantine-color-body)"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 100 }}
    >
      <Group h="100%" grow gap={0}>
        {CUSTOMER_NAV.map((item) => {
          const Icon = item.icon ?? IconUser;
          const active = pathname === item.href;
          return (
            <UnstyledButton
              key={item.href}
              component={Link}
              to={item.href}
              h="100%"
              aria-current={active ? 'page' : undefined}
              c={active ? 'var(--mantine-primary-color-filled)' : undefined}
            >
              <Stack gap={2} align="center" justify="center" h="100%">
                <Icon size={22} aria-hidden />
                <Text size="xs" fw={active ? 700 : 500}>
                  {t(item.labelId)}
                </Text>
              </Stack>
            </UnstyledButton>
          );
        })}
      </Group>
    </Box>
  );
}
