import { Button, Group, NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { useT } from '../../lib/i18n/use-t';
import type { NavItem } from './nav-items';

type StaffNavProps = {
  items: NavItem[];
  /** "bar" sits in the header on wide screens; "drawer" is the phone menu's list. */
  variant: 'bar' | 'drawer';
  onNavigate?: () => void;
};

export function StaffNav({ items, variant, onNavigate }: StaffNavProps) {
  const { pathname } = useLocation();
  const t = useT();

  if (variant === 'drawer') {
    return (
      <Stack component="nav" aria-label={t('layout.mainNav')} gap={4}>
        {items.map((item) => (
          <NavLink
            key={item.href}
            component={Link}
            to={item.href}
            label={t(item.labelId)}
            active={pathname === item.href}
            aria-current={pathname === item.href ? 'page' : undefined}
            onClick={onNavigate}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Group component="nav" aria-label={t('layout.mainNav')} gap={4} wrap="nowrap">
      {items.map((item) => {
        const active = pathname === item.href;
        return (
          <Button
            key={item.href}
            component={Link}
            to={item.href}
            variant={active ? 'light' : 'subtle'}
            color={active ? undefined : 'dark'}
            size="sm"
            aria-current={active ? 'page' : undefined}
          >
            {t(item.labelId)}
          </Button>
        );
      })}
    </Group>
  );
}
