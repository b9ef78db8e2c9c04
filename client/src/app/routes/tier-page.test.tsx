import { currentQuarter, previousQuarter, type Bill } from '@app/common';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildSession } from '../../testing/factories';
import { api } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { renderApp } from '../../testing/render-app';

function bill(billDate: string, billAmount: number): Bill {
  return {
    _id: `bill-${billDate}`,
    userId: { _id: 'c-1', username: 'dealer-1', partyName: 'Sharma Traders', tier: 'Silver' },
    billNumber: `INV-${billDate}`,
    billDate,
    billAmount,
    points: 0,
    rate: 400,
    tier: 'Silver',
    createdAt: `${billDate}T10:00:00.000Z`,
  };
}

describe('tier page (/tier-page)', () => {
  it("when the customer has bills this quarter and last, then only this quarter's count toward next quarter's tier", async () => {
    const quarter = currentQuarter(new Date());
    server.use(
      http.get(api('/user/profile'), () => HttpResponse.json(buildProfile({ tier: 'Silver' }))),
      http.get(api('/bill/user'), () =>
        HttpResponse.json([bill(quarter.from, 6000000), bill(previousQuarter(quarter).to, 9000000)]),
      ),
    );
    renderApp('/tier-page', { session: buildSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Tier' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText(/Billing this quarter/)).toHaveTextContent('₹60,00,000');
    expect(
      screen.getByText('Next quarter you will be Silver. Bill ₹30,00,000 more this quarter to reach Gold.'),
    ).toBeInTheDocument();
  });
});
