import { LANGUAGES, type Language } from '@app/common';
import { useLingui } from '@lingui/react';
import { Box, Menu } from '@mantine/core';
import { IconCheck, IconHelp, IconLogout, IconMail } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { isLanguage } from '../../lib/i18n/language';
import { useT } from '../../lib/i18n/use-t';
import { UserMenuButton } from './user-menu-button';
import { useOpenedFromLookAlike } from '../ui/use-opened-from-look-alike';

// Each language is named in its own words, so a person who cannot read the current one still finds theirs.
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

// Mantine's Menu.Item always renders role="menuitem"; a choice of one among several is a menuitemradio with
// aria-checked for screen readers. React sets role once and never again (the prop does not change), so the
// attribute written here stays; the menu's arrow keys find items by data-menu-item, not by role.
const asRadioItem = (node: HTMLElement | null) => node?.setAttribute('role', 'menuitemradio');

type UserMenuProps = {
  partyName: string;
  /** A language was chosen (not the current one): the screen switches and the choice is stored. */
  onChooseLanguage: (language: Language) => void;
  /** Staff have no profile screen: their menu also opens the email for notifications. */
  onOpenNotificationEmail?: () => void;
  onLogout: () => void;
  /** Open at once: the look-alike button was pressed before the menu was drawn (app-layout.tsx). */
  openedBeforeLoad?: boolean;
  /** For the look-alike button shown while the menu's code downloads; the menu itself ignores it. */
  onPressedBeforeLoad?: () => void;
};

/**
 * Spec §2 Header: a user icon opening the party name, Help and Logout; beyond the spec, the language (it
 * changes at once and is stored for the user's other devices) and, for staff, the email for notifications.
 */
export function UserMenu({
  partyName,
  onChooseLanguage,
  onOpenNotificationEmail,
  onLogout,
  openedBeforeLoad = false,
}: UserMenuProps) {
  const t = useT();
  const { i18n } = useLingui();
  const current = isLanguage(i18n.locale) ? i18n.locale : undefined;
  const choose = (language: Language) => {
    if (language !== current) onChooseLanguage(language);
  };

  const { buttonRef, opened, setOpened } = useOpenedFromLookAlike<HTMLButtonElement>(openedBeforeLoad);

  return (
    <Menu position="bottom-end" width={240} shadow="md" opened={opened} onChange={setOpened}>
      <Menu.Target>
        <UserMenuButton ref={buttonRef} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{partyName}</Menu.Label>
        <Menu.Item component={Link} to={paths.help.getHref()} leftSection={<IconHelp size={16} aria-hidden />}>
          {t('userMenu.help')}
        </Menu.Item>
        {onOpenNotificationEmail && (
          <Menu.Item onClick={onOpenNotificationEmail} leftSection={<IconMail size={16} aria-hidden />}>
            {t('userMenu.notificationEmail')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Label>{t('userMenu.language')}</Menu.Label>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            ref={asRadioItem}
            aria-checked={language === current}
            lang={language}
            onClick={() => choose(language)}
            leftSection={language === current ? <IconCheck size={16} aria-hidden /> : <Box w={16} aria-hidden />}
          >
            {LANGUAGE_NAMES[language]}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={onLogout} leftSection={<IconLogout size={16} aria-hidden />}>
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
