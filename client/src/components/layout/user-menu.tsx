import { ActionIcon, Menu } from '@mantine/core';
import { IconHelp, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

type UserMenuProps = {
  partyName: string;
  onLogout: () => void;
};

/** Spec §2 Header: a user icon opening the party name, Help and Logout. */
export function UserMenu({ partyName, onLogout }: UserMenuProps) {
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <ActionIcon variant="default" size="lg" radius="xl" aria-label="User menu">
          <IconUserCircle size={22} aria-hidden />
        </ActionIcon>
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
