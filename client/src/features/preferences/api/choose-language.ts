import type { Language } from '@app/common';
import { activateLanguage } from '../../../lib/i18n/language';
import { useT } from '../../../lib/i18n/use-t';
import { useUpdatePreferences } from './preferences';

/**
 * The user menu's language switch: the screen changes at once (the words are on this device, or arrive in
 * one download), and PUT /api/user/preferences stores the choice so the user's other devices follow at
 * their next login. A failed save leaves this screen in the new language and says the rest did not happen.
 */
export function useChooseLanguage(): (language: Language) => void {
  const t = useT();
  const savePreferences = useUpdatePreferences({
    mutationConfig: {
      onError: () => {
        // Loaded here rather than with the layout: notices are rare and the layout's first download is budgeted.
        void import('@mantine/notifications').then(({ notifications }) =>
          notifications.show({ color: 'yellow', message: t('userMenu.languageNotSaved') }),
        );
      },
    },
  });
  const { mutate } = savePreferences;
  return (language) => {
    void activateLanguage(language);
    mutate({ language });
  };
}
