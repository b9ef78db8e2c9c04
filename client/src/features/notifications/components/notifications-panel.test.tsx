import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../lib/i18n/language';
import { buildSession } from '../../../testing/factories';
import { api, errorResponse } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/render-app';
import type { InboxNotification, InboxPage } from '../api/get-notifications';
import type { MarkReadInput } from '../api/mark-read';
import { formatWhen } from './notifications-panel';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function entry(overrides: Partial<InboxNotification> & Pick<InboxNotification, '_id'>): InboxNotification {
  return {
    type: 'bill_entered',
    title: 'Points added',
    body: 'Bill INV-1 added 120 points.',
    createdAt: minutesAgo(5),
    readAt: null,
    ...overrides,
  };
}

/** An inbox the server keeps: GET lists it, POST /read marks in it and answers the unread count. */
function serveInbox(items: InboxNotification[]) {
  const marks: MarkReadInput[] = [];
  const unread = () => items.filter((item) => item.readAt === null).length;
  server.use(
    http.get(api('/user/notifications'), ({ request }) => {
      const url = new URL(request.url);
      expect([url.searchParams.get('page'), url.searchParams.get('limit')]).toEqual(['1', '20']);
      return HttpResponse.json<InboxPage>({ items, total: items.length, page: 1, limit: 20, unread: unread() });
    }),
    http.post(api('/user/notifications/read'), async ({ request }) => {
      const body = (await request.json()) as MarkReadInput;
      marks.push(body);
      const now = new Date().toISOString();
      for (const item of items) if ('all' in body || body.ids.includes(item._id)) item.readAt ??= now;
      return HttpResponse.json({ unread: unread() });
    }),
  );
  return marks;
}

describe('inbox', () => {
  it('when a customer has unread notifications, then the bell says how many, and opening it lists them and marks those shown read', async () => {
    const marks = serveInbox([
      entry({ _id: 'n3', title: 'Order placed', body: 'Your order ORD-7 is placed.', createdAt: minutesAgo(2) }),
      entry({ _id: 'n2', title: 'Points added', body: 'Bill INV-9 added 50 points.', createdAt: minutesAgo(90) }),
      entry({
        _id: 'n1',
        title: 'Tier changed',
        body: 'You are now Gold.',
        createdAt: minutesAgo(60 * 24 * 3),
        readAt: minutesAgo(60),
      }),
    ]);
    const { user } = renderApp('/user/shop', { session: buildSession({ userType: 'customer' }) });

    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(within(screen.getByRole('banner')).getByText('2')).toBeInTheDocument();
    await user.click(bell);

    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const entries = within(panel).getAllByRole('listitem');
    expect(entries.map((item) => item.querySelector('p')?.textContent)).toEqual(['Order placed', 'Points added', 'Tier changed']);
    expect(entries[0]).toHaveTextContent('Your order ORD-7 is placed.');
    expect(entries[0]).toHaveTextContent('2 minutes ago');
    expect(entries[2]).toHaveTextContent('3 days ago');
    // The two that were unread when the panel opened are marked New; the one read before is not.
    expect(entries.map((item) => within(item).queryByText('New') !== null)).toEqual([true, true, false]);

    await waitFor(() => expect(marks).toEqual([{ ids: ['n3', 'n2'] }]));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('when an admin presses Mark all as read, then every notification is marked and the count clears', async () => {
    const older = Array.from({ length: 3 }, (_, index) => entry({ _id: `old-${index}`, title: `New order ${index}` }));
    const marks = serveInbox(older);
    // The server counts unread ones beyond the first page too: the panel marks only those it shows.
    server.use(
      http.get(api('/user/notifications'), () =>
        HttpResponse.json<InboxPage>({
          items: older.slice(0, 1),
          total: 3,
          page: 1,
          limit: 20,
          unread: older.filter((item) => !item.readAt).length,
        }),
      ),
    );
    const { user } = renderApp('/admin-dashboard', { session: buildSession({ userType: 'admin' }) });

    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(marks).toEqual([{ ids: ['old-0'] }]));
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(marks).toEqual([{ ids: ['old-0'] }, { all: true }]));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('when the inbox is empty, then the panel says so and marks nothing', async () => {
    const marks = serveInbox([]);
    const { user } = renderApp('/superadmin-dashboard', { session: buildSession({ userType: 'superadmin' }) });

    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByText('No notifications yet')).toBeInTheDocument();
    expect(within(panel).queryByRole('listitem')).not.toBeInTheDocument();
    expect(marks).toEqual([]);
  });

  it('when the inbox cannot be loaded, then the panel says so and Try again loads it', async () => {
    server.use(
      http.get(api('/user/notifications'), () =>
        errorResponse(503, 'DATABASE_UNAVAILABLE', 'The service is unavailable. Please try again shortly.'),
      ),
    );
    const { user } = renderApp('/user/shop', { session: buildSession({ userType: 'customer' }) });

    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('Notifications could not be loaded');
    expect(alert).toHaveTextContent('The service is unavailable. Please try again shortly.');

    server.use(
      http.get(api('/user/notifications'), () =>
        HttpResponse.json<InboxPage>({
          items: [entry({ _id: 'n1', readAt: minutesAgo(1) })],
          total: 1,
          page: 1,
          limit: 20,
          unread: 0,
        }),
      ),
    );
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText('Bill INV-1 added 120 points.')).toBeInTheDocument();
  });

  it('when the language is Hindi, then the bell, the panel and the times are in Hindi', async () => {
    await activateLanguage('hi');
    serveInbox([entry({ _id: 'n1', title: 'पॉइंट्स जुड़े', body: 'बिल INV-1 से 120 पॉइंट्स जुड़े।', createdAt: minutesAgo(5) })]);
    const { user } = renderApp('/user/shop', { session: buildSession({ userType: 'customer' }) });

    await user.click(await screen.findByRole('button', { name: 'सूचनाएँ, 1 बिना पढ़ी' }));
    const panel = await screen.findByRole('dialog', { name: 'सूचनाएँ' });
    expect(await within(panel).findByText('बिल INV-1 से 120 पॉइंट्स जुड़े।')).toBeInTheDocument();
    expect(within(panel).getByText('नई')).toBeInTheDocument();
    expect(within(panel).getByText('5 मिनट पहले')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'सब पढ़ा हुआ मार्क करें' })).toBeInTheDocument();
    for (const english of ['Notifications', 'Mark all as read', 'New', '5 minutes ago']) {
      expect(within(panel).queryByText(english)).not.toBeInTheDocument();
    }
  });
});

describe('formatWhen', () => {
  const now = Date.UTC(2026, 10, 26, 12, 0);

  it('when a notification is older than a week, then its day is shown instead of a distance', () => {
    expect(formatWhen(new Date(Date.UTC(2026, 10, 2, 9, 30)).toISOString(), now)).toBe('2 Nov 2026');
  });

  it('when a notification is under a minute old, then it reads "now"', () => {
    expect(formatWhen(new Date(now - 20_000).toISOString(), now)).toBe('now');
  });
});
