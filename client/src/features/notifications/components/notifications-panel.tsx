import { formatKolkataDay, getDisplayLocale } from '@app/common';
import { Alert, Badge, Box, Button, CloseButton, Drawer, Group, Popover, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { useT } from '../../../lib/i18n/use-t';
import { useOpenedFromLookAlike } from '../../../components/ui/use-opened-from-look-alike';
import { useMatchesNow } from '../../../lib/use-small-screen';
import { useInbox, type InboxNotification } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-read';
import { NotificationsButton } from './notifications-button';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "5 minutes ago" / "5 मिनट पहले" within a week, else the day ("24 Nov 2026"), in the current language. */
export function formatWhen(createdAt: string, now: number = Date.now()): string {
  const locale = getDisplayLocale();
  const at = new Date(createdAt).getTime();
  const ago = Math.max(0, now - at);
  if (ago >= 7 * DAY) {
    return formatKolkataDay(at, locale);
  }
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (ago < MINUTE) return relative.format(0, 'second');
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), 'hour');
  return relative.format(-Math.floor(ago / DAY), 'day');
}

function InboxEntry({ notification, isNew }: { notification: InboxNotification; isNew: boolean }) {
  const t = useT();
  return (
    <Box
      component="li"
      py="xs"
      px="sm"
      style={{
        borderLeft: `3px solid ${isNew ? 'var(--mantine-primary-color-filled)' : 'transparent'}`,
        background: isNew ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={isNew ? 700 : 600} size="sm">
          {notification.title}
        </Text>
        {isNew && (
          <Badge size="xs" variant="filled" style={{ flexShrink: 0 }}>
            {t('inbox.new')}
          </Badge>
        )}
      </Group>
      <Text size="sm">{notification.body}</Text>
      <Text size="xs" c="dimmed" component="time" dateTime={notification.createdAt}>
        {formatWhen(notification.createdAt)}
      </Text>
    </Box>
  );
}

/**
 * The inbox's newest entries. Opening it marks the unread ones it shows as read (by id): the bell's count
 * means "not seen yet", and the entries are news with nothing further to do, so having opened the list is
 * having seen them; a mark-on-click would leave counts that never clear. Ids rather than all, so entries
 * beyond the ones shown, or arriving after this list was fetched, stay unread. Entries marked during this
 * opening keep their "New" mark until the panel closes, so the person still sees which ones are new.
 */
type InboxListProps = {
  /** The panel's own heading and close button; the drawer on phones has both already. */
  onClose?: () => void;
};

function InboxList({ onClose }: InboxListProps) {
  const t = useT();
  const inbox = useInbox();
  const markRead = useMarkNotificationsRead();
  const { mutate } = markRead;
  const marked = useRef(new Set<string>());
  const [seenNow, setSeenNow] = useState<ReadonlySet<string>>(new Set());
  const items = inbox.data?.items;

  useEffect(() => {
    const unseen = (items ?? []).filter((item) => item.readAt === null && !marked.current.has(item._id)).map((item) => item._id);
    if (unseen.length === 0) return;
    for (const id of unseen) marked.current.add(id);
    setSeenNow((previous) => new Set([...previous, ...unseen]));
    mutate({ ids: unseen });
  }, [items, mutate]);

  let content;
  if (inbox.isPending) content = <PageLoader />;
  else if (inbox.isError) {
    content = (
      <LoadError
        title={t('inbox.loadFailed')}
        error={inbox.error}
        onRetry={() => void inbox.refetch()}
        retrying={inbox.isFetching}
      />
    );
  } else if (inbox.data.items.length === 0) {
    content = (
      <Text c="dimmed" size="sm" ta="center" py="lg">
        {t('inbox.empty')}
      </Text>
    );
  } else {
    content = (
      <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
        {inbox.data.items.map((item) => (
          <InboxEntry key={item._id} notification={item} isNew={item.readAt === null || seenNow.has(item._id)} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      <Group justify={onClose ? 'space-between' : 'flex-end'} wrap="nowrap" gap="xs">
        {onClose && (
          <Title order={2} size="h5" mr="auto">
            {t('inbox.title')}
          </Title>
        )}
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => markRead.mutate({ all: true })}
          loading={markRead.isPending && markRead.variables && 'all' in markRead.variables}
          disabled={!inbox.data || inbox.data.unread === 0}
        >
          {t('inbox.markAllRead')}
        </Button>
        {/* Also what the focus trap starts on when nothing else in the panel can take focus (an empty inbox). */}
        {onClose && <CloseButton size="sm" onClick={onClose} aria-label={t('inbox.close')} />}
      </Group>
      {markRead.isError && (
        <Alert color="red" variant="light" role="alert" p="xs">
          {t('inbox.markFailed')}
        </Alert>
      )}
      {content}
    </Stack>
  );
}

/** Phones this narrow have no room for a panel beside the bell: the list takes the whole screen. */
const NARROW_SCREEN = '(max-width: 360px)';

type NotificationsPanelProps = {
  /** Open at once: the look-alike bell was pressed before the panel was drawn (signed-in-layout.tsx). */
  openedBeforeLoad?: boolean;
  /** For the look-alike bell shown while this code downloads; the panel itself ignores it. */
  onPressedBeforeLoad?: () => void;
};

/** The header's bell and the inbox it opens: a panel under it, or the whole screen on a narrow phone. */
export function NotificationsPanel({ openedBeforeLoad = false }: NotificationsPanelProps) {
  const t = useT();
  const { buttonRef, opened, setOpened } = useOpenedFromLookAlike<HTMLButtonElement>(openedBeforeLoad);
  const narrow = useMatchesNow(NARROW_SCREEN);

  if (narrow) {
    return (
      <>
        <NotificationsButton
          ref={buttonRef}
          aria-expanded={opened}
          aria-haspopup="dialog"
          onClick={() => setOpened((open) => !open)}
        />
        <Drawer
          opened={opened}
          onClose={() => setOpened(false)}
          position="right"
          size="100%"
          title={t('inbox.title')}
          closeButtonProps={{ 'aria-label': t('inbox.close') }}
        >
          <InboxList />
        </Drawer>
      </>
    );
  }

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" trapFocus withRoles={false}>
      <Popover.Target>
        {/* Controlled, so the target does not toggle by itself. */}
        <NotificationsButton
          ref={buttonRef}
          aria-expanded={opened}
          aria-haspopup="dialog"
          onClick={() => setOpened((open) => !open)}
        />
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={t('inbox.title')} p="xs">
        <ScrollArea.Autosize mah="70dvh" type="auto">
          <InboxList onClose={() => setOpened(false)} />
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
