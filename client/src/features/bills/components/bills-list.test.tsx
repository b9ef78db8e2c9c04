import type { Bill } from '@app/common';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../lib/i18n/language';
import { staffEnglishIn } from '../../../testing/english-texts';
import { buildPage, buildSession } from '../../../testing/factories';
import { api, errorResponse } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/render-app';
import { findScreen } from '../../../testing/find-screen';

function buildBill(overrides: Partial<Bill> = {}): Bill {
  return {
    _id: 'bill-1',
    userId: { _id: 'c-1', username: 'dealer-1', partyName: 'Sharma Traders', tier: 'Silver' },
    billNumber: 'INV-001',
    billDate: '2026-11-02',
    billAmount: 1234567.5,
    points: 3086.42,
    rate: 400,
    tier: 'Silver',
    bonusPoints: 0,
    createdAt: '2026-11-02T10:00:00.000Z',
    ...overrides,
  };
}

async function openBills(path = '/admin-bills') {
  const app = renderApp(path, { session: buildSession({ userType: path.startsWith('/superadmin') ? 'superadmin' : 'admin' }) });
  await findScreen('Bills');
  return app;
}

describe('bills screen (/admin-bills, /superadmin-bills)', () => {
  it('when bills exist, then the table shows number, username, date and the amount in ₹ with Indian grouping', async () => {
    server.use(http.get(api('/bill'), () => HttpResponse.json(buildPage([buildBill()], { total: 1 }))));
    await openBills('/superadmin-bills');

    const row = await screen.findByRole('row', { name: /INV-001/ });
    expect(within(row).getByText('dealer-1')).toBeInTheDocument();
    expect(within(row).getByText('2 Nov 2026')).toBeInTheDocument();
    expect(within(row).getByText('₹12,34,567.50')).toBeInTheDocument();
    expect(within(row).getByText('3,086.42')).toBeInTheDocument();
  });

  it('when a bill earned a campaign bonus, then its points read with the bonus; a bill without one shows its points alone', async () => {
    server.use(
      http.get(api('/bill'), () =>
        HttpResponse.json(
          buildPage(
            [buildBill({ _id: 'b-1', billNumber: 'WB-7001', points: 400, bonusPoints: 200 }), buildBill({ _id: 'b-2' })],
            {
              total: 2,
            },
          ),
        ),
      ),
    );
    await openBills();

    const withBonus = await screen.findByRole('row', { name: /WB-7001/ });
    expect(within(withBonus).getByText('600.00 (400.00 + 200.00 bonus)')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /INV-001/ })).getByText('3,086.42')).toBeInTheDocument();
  });

  it('when the staff member searches, then the server is asked with q; no match says so', async () => {
    const queries: (string | null)[] = [];
    server.use(
      http.get(api('/bill'), ({ request }) => {
        queries.push(new URL(request.url).searchParams.get('q'));
        return HttpResponse.json(buildPage([]));
      }),
    );
    const { user } = await openBills();

    await user.type(screen.getByLabelText('Search by bill number or username'), 'INV-9');

    expect(await screen.findByText('No bills match "INV-9"')).toBeInTheDocument();
    // The message is the answer to the search itself, not the empty page shown while it loads.
    expect(queries).toContain('INV-9');
  });

  it("when Delete is clicked, then the spec's question is asked first and only Delete sends it", async () => {
    const deleted: string[] = [];
    server.use(
      http.get(api('/bill'), () => HttpResponse.json(buildPage([buildBill()], { total: 1 }))),
      http.delete(api('/bill/:id'), ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json({
          ...buildBill(),
          customerPoints: { availablePoints: 0, totalPoints: 0 },
          negativeBalance: false,
        });
      }),
    );
    const { user } = await openBills();

    await user.click(await screen.findByRole('button', { name: 'Delete bill INV-001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete bill' });
    expect(within(dialog).getByText('Are you sure you want to delete this bill?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete bill INV-001' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete bill' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Bill INV-001 deleted')).toBeInTheDocument();
    expect(deleted).toEqual(['bill-1']);
  });

  it('when the only bill of page 2 is deleted, then the list goes back to page 1 and its bills, not "No bills yet"', async () => {
    let bills = Array.from({ length: 21 }, (_, index) =>
      buildBill({ _id: `bill-${index + 1}`, billNumber: `INV-${String(index + 1).padStart(3, '0')}` }),
    );
    server.use(
      http.get(api('/bill'), ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        return HttpResponse.json(buildPage(bills.slice((page - 1) * 20, page * 20), { total: bills.length, page }));
      }),
      http.delete(api('/bill/:id'), ({ params }) => {
        const deleted = bills.find((bill) => bill._id === params.id)!;
        bills = bills.filter((bill) => bill._id !== params.id);
        return HttpResponse.json({ ...deleted, customerPoints: { availablePoints: 0, totalPoints: 0 }, negativeBalance: false });
      }),
    );
    const { user } = await openBills();
    await screen.findByRole('row', { name: /INV-001/ });

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.click(await screen.findByRole('button', { name: 'Delete bill INV-021' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete bill' })).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('row', { name: /INV-001/ })).toBeInTheDocument();
    // Page 1 may first show from the cache (of 21) while it is fetched again after the delete.
    expect(await screen.findByText('Showing 1–20 of 20')).toBeInTheDocument();
    expect(screen.queryByText(/No bills yet/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 2' })).not.toBeInTheDocument();
  });

  it("when the bills cannot be loaded, then the server's message shows with Try again", async () => {
    server.use(
      http.get(api('/bill'), () => errorResponse(400, 'VALIDATION_FAILED', 'The search must be at most 100 characters')),
    );
    await openBills();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The bills could not be loaded');
    expect(alert).toHaveTextContent('The search must be at most 100 characters');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('when a bill is edited, then the changed fields are sent and a balance below zero is pointed out', async () => {
    const patches: unknown[] = [];
    server.use(
      http.get(api('/bill'), () => HttpResponse.json(buildPage([buildBill()], { total: 1 }))),
      http.patch(api('/bill/:id'), async ({ request }) => {
        patches.push(await request.json());
        return HttpResponse.json({
          ...buildBill({ billAmount: 400, points: 1 }),
          customerPoints: { availablePoints: -20, totalPoints: 1 },
          negativeBalance: true,
        });
      }),
    );
    const { user } = await openBills();

    await user.click(await screen.findByRole('button', { name: 'Edit bill INV-001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Bill' });
    const amount = within(dialog).getByLabelText(/^Bill amount/);
    await user.clear(amount);
    await user.type(amount, '400');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(/below zero/)).toBeInTheDocument();
    expect(patches).toEqual([{ billNumber: 'INV-001', billDate: '2026-11-02', billAmount: 400 }]);
  });
});

describe('bills screen in Hindi', () => {
  it('when the language is Hindi, then the heading, table, row actions and counts read in Hindi and none of their English shows', async () => {
    await activateLanguage('hi');
    server.use(http.get(api('/bill'), () => HttpResponse.json(buildPage([buildBill()], { total: 1 }))));
    renderApp('/admin-bills', { session: buildSession({ userType: 'admin' }) });

    await screen.findByRole('heading', { level: 1, name: 'बिल' }, { timeout: 15000 });
    const table = await screen.findByRole('table', { name: 'बिल' });
    expect(within(table).getByRole('columnheader', { name: 'बिल नंबर' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'तारीख' })).toBeInTheDocument();
    const row = within(table).getByRole('row', { name: /INV-001/ });
    // Data stays as entered; the amount and date follow hi-IN.
    expect(within(row).getByText('dealer-1')).toBeInTheDocument();
    expect(within(row).getByText('₹12,34,567.50')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'बिल INV-001 बदलें' })).toHaveTextContent('बदलें');
    expect(within(row).getByRole('button', { name: 'बिल INV-001 हटाएँ' })).toHaveTextContent('हटाएँ');
    expect(screen.getByText('1 में से 1–1 दिखाए जा रहे हैं')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'बिल नंबर या यूज़रनेम से खोजें' })).toBeInTheDocument();
    expect(staffEnglishIn(document.getElementById('main-content')!)).toEqual([]);
  });

  it('when the language is Hindi and there are no bills, then the empty list says so in Hindi', async () => {
    await activateLanguage('hi');
    renderApp('/admin-bills', { session: buildSession({ userType: 'admin' }) });

    expect(await screen.findByText('अभी कोई बिल नहीं है। यूज़र सूची से बिल जोड़ें।', {}, { timeout: 15000 })).toBeInTheDocument();
    expect(staffEnglishIn(document.getElementById('main-content')!)).toEqual([]);
  });
});
