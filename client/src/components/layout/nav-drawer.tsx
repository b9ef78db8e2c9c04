import { Drawer } from '@mantine/core';
import { useT } from '../../lib/i18n/use-t';
import type { NavItem } from './nav-items';
import { StaffNav } from './staff-nav';

type NavDrawerProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  items: NavItem[];
};

/** Staff navigation on a narrow screen, opened by the header's burger (loaded after the screen, app-layout.tsx). */
export function NavDrawer({ opened, onClose, title, items }: NavDrawerProps) {
  const t = useT();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={title}
      size="xs"
      hiddenFrom="sm"
      closeButtonProps={{ 'aria-label': t('layout.closeNavigation') }}
    >
      <StaffNav items={items} variant="drawer" onNavigate={onClose} />
    </Drawer>
  );
}
