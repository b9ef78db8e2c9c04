import { useEffect, useRef, useState } from 'react';
import { activateLanguage, currentLanguage, languageActivations } from '../../../lib/i18n/language';
import { usePreferences } from './preferences';

/**
 * Contract: the language follows the user to their other devices. A device already signed in learns of a
 * change made elsewhere when a signed-in screen next loads: the stored language, read once per page load,
 * wins over this device's last one. Later changes on this page are the user's own (the switch).
 */
export function useFollowStoredLanguage(): void {
  const preferences = usePreferences();
  const followed = useRef(false);
  // A language chosen on this page while the answer was on its way is newer than the answer.
  const [activationsAtMount] = useState(languageActivations);
  const stored = preferences.data?.language;
  useEffect(() => {
    if (!stored || followed.current) return;
    followed.current = true;
    if (stored !== currentLanguage() && languageActivations() === activationsAtMount) void activateLanguage(stored);
  }, [stored, activationsAtMount]);
}
