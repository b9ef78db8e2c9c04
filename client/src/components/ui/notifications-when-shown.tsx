import type { Notifications as MantineNotifications, NotificationsProps, useNotifications } from '@mantine/notifications';
import { useState, type ComponentType } from 'react';

/**
 * Mantine's notifications container, drawn once the first notification is shown (issue 29, decision 039): drawn
 * empty, its portal, per-position groups and transitions were a long task on a slow phone when the page settled,
 * on visits that show no notification at all. Screens call notifications.show(), whose store keeps the
 * notification until the container, drawn at that moment, shows it. Once drawn it stays, so notifications leave
 * with their transition. Made from the module once it is imported (signed-in-layout.tsx), so this file adds no
 * import of it to the bundle's graph: the entry's chunks stay as they are.
 */
export function notificationsWhenShown(mantine: {
  Notifications: typeof MantineNotifications;
  useNotifications: typeof useNotifications;
}): ComponentType<NotificationsProps> {
  const { Notifications, useNotifications: useShown } = mantine;
  return function NotificationsWhenShown(props: NotificationsProps) {
    const anyShown = useShown().notifications.length > 0;
    const [drawn, setDrawn] = useState(anyShown);
    // Remembered during the render that sees it (React's pattern for state derived from props).
    if (anyShown && !drawn) setDrawn(true);
    return drawn ? <Notifications {...props} /> : null;
  };
}
