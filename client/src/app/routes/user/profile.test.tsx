import type { Bill, LedgerEntry, Order, Preferences, Profile } from '@app/common';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../lib/i18n/language';
import { englishCustomerTexts } from '../../../testing/customer-english';
import { buildPage, buildPoints, buildProfile, buildSession } from '../../../testing/factories';
import { api, errorResponse } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { buildOrder, buildOrderLine } from '../../../testing/orders';
import { renderApp } from '../../../testing/render-app';

const bill: Bill = {
  _id: 'bill-1',
  userId: { _id: 'c-1', username: 'dealer-1', partyName: 'Sharma Traders', tier: 'Silver' },
  billNumber: 'INV-77',
  billDate: '2026-11-02',
  billAmount: 60000,
  points: 150,
  rate: 400,
  tier: 'Silver',
  bonusPoints: 0,
  createdAt: '2026-11-02T10:00:00.000Z',
};

const entries: LedgerEntry[] = [
  {
    _id: 'l-3',
    type: 'points_expired',
    points: -5,
    availableAfter: 124.5,
    createdAt: '2026-11-04T00:05:00.000Z',
    createdBy: null,
    note: '2026-10-31',
  },
  {
    _id: 'l-2',
    type: 'adjustment',
    points: -20.5,
    availableAfter: 129.5,
    createdAt: '2026-11-03T10:00:00.000Z',
    createdBy: null,
    note: 'Returned gift',
  },
  {
    _id: 'l-1',
    type: 'bill_entered',
    points: 150,
    availableAfter: 150,
    createdAt: '2026-11-02T10:00:00.000Z',
    createdBy: null,
    billId: 'bill-1',
  },
];

describe('profile (/user/profile)', () => {
  // The profile asks for the customer's orders too; tests about them answer with their own.
  beforeEach(() => server.use(http.get(api('/user/orders'), () => HttpResponse.json<Order[]>([]))));
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('when opened, then it greets the party, shows the points, the bills and the points history with credits and debits', async () => {
    // 7 Dec 2026 in India (only Date is faked): the expiry line counts the days to 31 Jan 2027.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-07T06:00:00Z'));
    server.use(
      http.get(api('/user/profile'), () =>
        HttpResponse.json(buildProfile({ partyName: 'Sharma Traders', username: 'dealer-1', availablePoints: 129.5 })),
      ),
      http.get(api('/bill/user'), () =>
        HttpResponse.json([bill, { ...bill, _id: 'bill-2', billNumber: 'WB-7001', points: 400, bonusPoints: 200 }]),
      ),
      http.get(api('/user/ledger'), () => HttpResponse.json(buildPage(entries, { total: 3 }))),
      http.get(api('/user/points'), () => HttpResponse.json(buildPoints({ expiring: [{ points: 12.5, on: '2027-01-31' }] }))),
    );
    renderApp('/user/profile', { session: buildSession() });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Sharma Traders' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '12.5 points expire in 55 days, on 31 Jan 2027' })).toHaveAttribute(
      'href',
      '/user/profile#points-history',
    );
    expect(screen.getByText('dealer-1')).toBeInTheDocument();
    expect(screen.getByText('Your points:')).toHaveTextContent('Your points: 129.50');
    const bills = await screen.findByRole('table', { name: 'Billing history' });
    expect(within(bills).getByRole('row', { name: /INV-77/ })).toHaveTextContent('₹60,000');
    // A bill in a campaign: its points with the bonus (contract "Every screen on a phone").
    expect(within(bills).getByRole('row', { name: /WB-7001/ })).toHaveTextContent('600.00 (400.00 + 200.00 bonus)');
    const history = await screen.findByRole('table', { name: 'Points history' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Points expired: those due by the end of October 2026');
    expect(rows[0]).toHaveTextContent('-5.00');
    expect(rows[1]).toHaveTextContent('Adjustment: Returned gift');
    expect(rows[1]).toHaveTextContent('-20.50');
    expect(rows[2]).toHaveTextContent('Bill entered');
    expect(rows[2]).toHaveTextContent('+150.00');
  });

  it('when opened on a phone, then the points history comes right after the greeting, before the orders and the bills', async () => {
    server.use(http.get(api('/user/ledger'), () => HttpResponse.json(buildPage(entries, { total: 3 }))));
    renderApp('/user/profile', { session: buildSession() });

    await screen.findByRole('table', { name: 'Points history' }, { timeout: 5000 });
    const sections = screen
      .getAllByRole('heading')
      .map((heading) => heading.textContent)
      .filter((name) => ['Points history', 'Orders', 'Billing history'].includes(name ?? ''));
    expect(sections).toEqual(['Points history', 'Orders', 'Billing history']);
    expect(screen.getAllByRole('heading')[0]).toHaveTextContent('Hello, Sharma Traders');
    // The section the header's points and the expiry line open.
    const section = document.getElementById('points-history')!;
    expect(within(section).getByRole('heading', { level: 2, name: 'Points history' })).toBeInTheDocument();
    expect(within(section).getByRole('table', { name: 'Points history' })).toBeInTheDocument();
  });

  it('when opened at #points-history, then once the greeting is drawn the screen scrolls to the points history and focuses it', async () => {
    const scrolled: Element[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this);
    });
    let answerProfile!: () => void;
    const profileAnswered = new Promise<void>((resolve) => (answerProfile = resolve));
    server.use(
      http.get(api('/user/profile'), async () => {
        await profileAnswered;
        return HttpResponse.json(buildProfile({ partyName: 'Sharma Traders' }));
      }),
      http.get(api('/user/ledger'), () => HttpResponse.json(buildPage(entries, { total: 3 }))),
    );
    renderApp('/user/profile#points-history', { session: buildSession() });

    // While the greeting above it loads (its height still to come), the screen stays where it is.
    expect(await screen.findByRole('heading', { level: 2, name: 'Points history' }, { timeout: 5000 })).toBeInTheDocument();
    expect(scrolled).toEqual([]);

    answerProfile();
    await screen.findByRole('heading', { level: 1, name: 'Hello, Sharma Traders' });
    const section = document.getElementById('points-history')!;
    await vi.waitFor(() => expect(scrolled).toEqual([section]));
    expect(section).toHaveFocus();
    await screen.findByRole('table', { name: 'Points history' });
    // Once per visit: the history's rows arriving below its heading do not scroll again.
    expect(scrolled).toEqual([section]);
  });

  it('when there are no orders, bills or points yet, then each section says so', async () => {
    renderApp('/user/profile', { session: buildSession() });
    expect(await screen.findByText('No bills yet.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText(/No points yet/)).toBeInTheDocument();
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
  });

  it('when the customer has orders, then they are grouped in Pending, Completed and Cancelled sections, newest first', async () => {
    // Sent out of order on purpose: the screen keeps each section newest first whatever the server's order.
    const orders: Order[] = [
      buildOrder(10, { orderDate: '2026-10-01T10:00:00.000Z' }),
      buildOrder(12, {
        orderDate: '2026-11-05T10:00:00.000Z',
        items: [
          buildOrderLine({
            itemId: { _id: 'i-1', name: 'Pressure Cooker', pointsRequired: 900, discount: 0, images: [] },
            quantity: 3,
          }),
        ],
        totalValue: 2700,
      }),
      buildOrder(11, { orderDate: '2026-10-15T10:00:00.000Z', status: 'Completed' }),
      buildOrder(13, { orderDate: '2026-11-06T10:00:00.000Z', status: 'Completed' }),
      buildOrder(9, { orderDate: '2026-09-01T10:00:00.000Z', status: 'Cancelled', address: null }),
    ];
    server.use(http.get(api('/user/orders'), () => HttpResponse.json<Order[]>(orders)));
    const { user } = renderApp('/user/profile', { session: buildSession() });

    const pending = await screen.findByRole('button', { name: 'Pending (2)' }, { timeout: 5000 });
    expect(pending).toHaveAttribute('aria-expanded', 'true');
    const aliases = (name: string) =>
      within(screen.getByRole('region', { name }))
        .getAllByRole('article')
        .map((card) => within(card).getByRole('heading').textContent);
    expect(aliases('Pending (2)')).toEqual(['ORD-000012', 'ORD-000010']);
    const newest = screen.getByRole('article', { name: 'ORD-000012' });
    expect(within(newest).getByText('5 Nov 2026')).toBeInTheDocument();
    expect(within(newest).getByRole('list', { name: 'Items in ORD-000012' })).toHaveTextContent('Pressure Cooker × 3');
    expect(within(newest).getByText('Total: 2,700.00 points')).toBeInTheDocument();
    expect(within(newest).getByText('12 MG Road, Jaipur, Rajasthan 302001, India')).toBeInTheDocument();
    // The customer's own orders do not repeat who placed them.
    expect(within(newest).queryByText('dealer-1')).not.toBeInTheDocument();

    const completed = screen.getByRole('button', { name: 'Completed (2)' });
    expect(completed).toHaveAttribute('aria-expanded', 'false');
    await user.click(completed);
    expect(await screen.findByRole('article', { name: 'ORD-000013' })).toBeInTheDocument();
    expect(aliases('Completed (2)')).toEqual(['ORD-000013', 'ORD-000011']);

    await user.click(screen.getByRole('button', { name: 'Cancelled (1)' }));
    expect(await screen.findByRole('article', { name: 'ORD-000009' })).toBeInTheDocument();
    expect(aliases('Cancelled (1)')).toEqual(['ORD-000009']);
    // No Edit Status for customers.
    expect(screen.queryByRole('button', { name: /Edit Status/ })).not.toBeInTheDocument();
  });

  it("when each part cannot be loaded, then each says so with the server's message and Try again", async () => {
    server.use(
      http.get(api('/user/profile'), () => errorResponse(403, 'ACCOUNT_BLOCKED', 'Your account is blocked')),
      http.get(api('/user/orders'), () => errorResponse(403, 'ACCOUNT_BLOCKED', 'Orders: your account is blocked')),
      http.get(api('/bill/user'), () => errorResponse(403, 'ACCOUNT_BLOCKED', 'Bills: your account is blocked')),
      http.get(api('/user/ledger'), () => errorResponse(403, 'ACCOUNT_BLOCKED', 'Ledger: your account is blocked')),
    );
    renderApp('/user/profile', { session: buildSession() });

    for (const [title, message] of [
      ['Your profile could not be loaded', 'Your account is blocked'],
      ['Your orders could not be loaded', 'Orders: your account is blocked'],
      ['Your bills could not be loaded', 'Bills: your account is blocked'],
      ['Your points history could not be loaded', 'Ledger: your account is blocked'],
    ]) {
      const alert = await screen.findByRole('alert', { name: title }, { timeout: 5000 });
      expect(alert).toHaveTextContent(message!);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    }
  });
});

describe('profile in Hindi', () => {
  afterEach(() => vi.useRealTimers());

  it('when the language is Hindi, then the greeting, orders, bills, points history and email form read in Hindi and no English text of the profile shows', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-07T06:00:00Z'));
    await activateLanguage('hi');
    server.use(
      http.get(api('/user/profile'), () =>
        HttpResponse.json(
          buildProfile({
            partyName: 'Sharma Traders',
            username: 'dealer-1',
            availablePoints: 129.5,
            language: 'hi',
            email: 'sharma@example.com',
          }),
        ),
      ),
      http.get(api('/user/orders'), () =>
        HttpResponse.json<Order[]>([buildOrder(12, { totalValue: 2700 }), buildOrder(9, { status: 'Cancelled', address: null })]),
      ),
      http.get(api('/bill/user'), () => HttpResponse.json([bill])),
      http.get(api('/user/ledger'), () => HttpResponse.json(buildPage(entries, { total: 3 }))),
      http.get(api('/user/points'), () => HttpResponse.json(buildPoints({ expiring: [{ points: 12.5, on: '2027-01-31' }] }))),
    );
    const { user } = renderApp('/user/profile', { session: buildSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'नमस्ते, Sharma Traders' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('आपके पॉइंट्स:')).toHaveTextContent('आपके पॉइंट्स: 129.50');
    const bills = await screen.findByRole('table', { name: 'बिलिंग का हिसाब' });
    expect(within(bills).getByRole('columnheader', { name: 'बिल नंबर' })).toBeInTheDocument();
    const history = await screen.findByRole('table', { name: 'पॉइंट्स का हिसाब' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('पॉइंट्स समाप्त हुए');
    expect(rows[1]).toHaveTextContent('पॉइंट्स में बदलाव: Returned gift');
    expect(rows[2]).toHaveTextContent('बिल दर्ज हुआ');
    expect(screen.getByText('3 एंट्री')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^12\.5 पॉइंट्स 55 दिन में, 31 .+ 2027 को समाप्त होंगे$/ })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'लंबित (1)' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('कोई पूरा हुआ ऑर्डर नहीं है')).toBeInTheDocument();
    expect(screen.getByText('कुल: 2,700.00 पॉइंट्स')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'रद्द (1)' }));
    expect(await screen.findByText('कोई पता नहीं दिया गया')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'ईमेल' })).toHaveValue('sharma@example.com');
    expect(screen.getByRole('button', { name: 'सेव करें' })).toBeInTheDocument();
    expect(englishCustomerTexts(screen.getByRole('main'))).toEqual([]);
  });
});

describe('profile email for notifications', () => {
  beforeEach(() => server.use(http.get(api('/user/orders'), () => HttpResponse.json<Order[]>([]))));

  /** The server's profile and PUT /api/user/preferences, as the server keeps them; returns what was sent. */
  function serveEmail(initial: string | null) {
    let email = initial;
    const sent: unknown[] = [];
    server.use(
      http.get(api('/user/profile'), () => HttpResponse.json<Profile>(buildProfile({ email, language: 'en' }))),
      http.put(api('/user/preferences'), async ({ request }) => {
        const body = (await request.json()) as { email: string | null };
        sent.push(body);
        // As the server stores it: trimmed, the domain in lower case.
        email = body.email === null ? null : body.email.replace(/@.*$/, (domain) => domain.toLowerCase());
        return HttpResponse.json<Preferences>({ language: 'en', email });
      }),
    );
    return sent;
  }

  it('when the customer saves an email and later empties it, then each is sent and the form says saved, then removed', async () => {
    const sent = serveEmail(null);
    const { user } = renderApp('/user/profile', { session: buildSession() });
    const input = await screen.findByRole('textbox', { name: 'Email' }, { timeout: 5000 });
    expect(input).toHaveValue('');

    await user.type(input, 'Dealer@Example.COM');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Email saved')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('Dealer@example.com');
    expect(sent).toEqual([{ email: 'Dealer@Example.COM' }]);

    await user.clear(screen.getByRole('textbox', { name: 'Email' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Email removed: notifications stay in your inbox only')).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'Dealer@Example.COM' }, { email: null }]);
  });

  it('when the server refuses the email (400), then its message shows under the field and nothing is said saved', async () => {
    serveEmail(null);
    server.use(
      http.put(api('/user/preferences'), () =>
        errorResponse(400, 'VALIDATION_FAILED', 'email: Enter a valid email address, like name@example.com', [
          { field: 'email', message: 'Enter a valid email address, like name@example.com' },
        ]),
      ),
    );
    const { user } = renderApp('/user/profile', { session: buildSession() });
    const input = await screen.findByRole('textbox', { name: 'Email' }, { timeout: 5000 });

    await user.type(input, 'dealer@');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(input).toHaveAccessibleDescription(/Enter a valid email address, like name@example.com/));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Email saved')).not.toBeInTheDocument();
  });
});
