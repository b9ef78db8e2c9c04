import { ActionIcon } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useT } from '../../lib/i18n/use-t';

/**
 * The header's user icon: the user menu's target (user-menu.tsx), and what shows in its place until the
 * first press, which imports the menu's code (app-layout.tsx).
 */
export function UserMenuButton(props: ComponentPropsWithRef<'button'>) {
  const t = useT();
  return (
    <ActionIcon variant="default" size="lg" radius="xl" aria-label={t('userMenu.button')} {...props}>
      <IconUserCircle size={22} aria-hidden />
    </ActionIcon>
  );
}
