import type { Bill, LedgerEntry } from '@app/common';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildPage, buildProfile, buildSession } from '../../../testing/factories';
import { api } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
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
  createdAt: '2026-11-02T10:00:00.000Z',
};

const entries: LedgerEntry[] = [
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
  it('when opened, then it greets the party, shows the points, the bills and the points history with credits and debits', async () => {
    server.use(
      http.get(api('/user/profile'), () =>
        HttpResponse.json(buildProfile({ partyName: 'Sharma Traders', username: 'dealer-1', availablePoints: 129.5 })),
      ),
      http.get(api('/bill/user'), () => HttpResponse.json([bill])),
      http.get(api('/user/ledger'), () => HttpResponse.json(buildPage(entries, { total: 2 }))),
    );
    renderApp('/user/profile', { session: buildSession() });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Sharma Traders' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('dealer-1')).toBeInTheDocument();
    expect(screen.getByText('Your points:')).toHaveTextContent('Your points: 129.50');
    const bills = await screen.findByRole('table', { name: 'Billing history' });
    expect(within(bills).getByRole('row', { name: /INV-77/ })).toHaveTextContent('₹60,000');
    const history = await screen.findByRole('table', { name: 'Points history' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Adjustment: Returned gift');
    expect(rows[0]).toHaveTextContent('-20.50');
    expect(rows[1]).toHaveTextContent('Bill entered');
    expect(rows[1]).toHaveTextContent('+150.00');
  });

  it('when there are no bills or points yet, then each section says so', async () => {
    renderApp('/user/profile', { session: buildSession() });
    expect(await screen.findByText('No bills yet.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText(/No points yet/)).toBeInTheDocument();
  });
});
