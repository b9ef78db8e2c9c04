import { formatNumber } from '@app/common';
import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useT } from '../../../lib/i18n/use-t';
import { useInbox } from '../api/get-notifications';

/** Above this the badge reads "99+": the panel and its Mark all as read deal with the rest. */
const MAX_SHOWN_COUNT = 99;

/**
 * The header's bell with the unread count (contract: "The header shows the unread count"). It polls the
 * inbox itself, so the count is there from the first render; the panel it opens is downloaded later
 * (notifications-panel.tsx, loaded by app-layout.tsx), and this button stands in for it until then.
 */
export function NotificationsButton(props: ComponentPropsWithRef<'button'>) {
  const t = useT();
  const inbox = useInbox();
  const unread = inbox.data?.unread ?? 0;
  return (
    <Indicator
      // The count is in the button's name for screen readers; the badge is for the eye.
      label={<span aria-hidden>{unread > MAX_SHOWN_COUNT ? `${formatNumber(MAX_SHOWN_COUNT)}+` : formatNumber(unread)}</span>}
      size={18}
      color="red"
      offset={4}
      disabled={unread === 0}
    >
      <ActionIcon
        variant="default"
        size="lg"
        radius="xl"
        aria-label={unread > 0 ? t('inbox.buttonUnread', { count: formatNumber(unread) }) : t('inbox.button')}
        {...props}
      >
        <IconBell size={20} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
