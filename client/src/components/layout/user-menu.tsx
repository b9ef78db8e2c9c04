import { Menu } from '@mantine/core';
import { IconHelp, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { UserMenuButton } from './user-menu-button';

type UserMenuProps = {
  partyName: string;
  onLogout: () => void;
  /** Open at once: the button was pressed before the menu's code had arrived (app-layout.tsx). */
  openedBeforeLoad?: boolean;
  /** For the look-alike button shown while the menu's code downloads; the menu itself ignores it. */
  onPressedBeforeLoad?: () => void;
};

/** Spec §2 Header: a user icon opening the party name, Help and Logout. */
export function UserMenu({ partyName, onLogout, openedBeforeLoad = false }: UserMenuProps) {
  return (
    <Menu position="bottom-end" width={220} shadow="md" defaultOpened={openedBeforeLoad}>
      <Menu.Target>
        <UserMenuButton />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{partyName}</Menu.Label>
        <Menu.Item component={Link} to={paths.help.getHref()} leftSection={<IconHelp size={16} aria-hidden />}>
          Help
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={onLogout} leftSection={<IconLogout size={16} aria-hidden />}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
