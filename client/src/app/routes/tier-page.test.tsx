import { currentQuarter, previousQuarter, type Bill } from '@app/common';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildSession } from '../../testing/factories';
import { api, errorResponse } from '../../testing/msw/handlers';
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
    bonusPoints: 0,
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
    // The tier table from the settings, the customer's tier marked; on a phone each tier is a card (no region
    // that scrolls sideways).
    const table = screen.getByRole('table', { name: 'Tier table' });
    expect(within(table).getByRole('row', { name: /Gold/ })).toHaveTextContent('₹90,00,000');
    expect(within(table).getByRole('row', { name: /Gold/ })).toHaveTextContent('1 point for every ₹300');
    expect(within(table).getByText('Silver')).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByRole('region', { name: 'Tier table' })).not.toBeInTheDocument();
  });

  it('when a Gold customer has no billing this quarter, then the demotion warning gives the billing left to stay Gold', async () => {
    server.use(
      http.get(api('/user/profile'), () => HttpResponse.json(buildProfile({ tier: 'Gold' }))),
      http.get(api('/bill/user'), () => HttpResponse.json([])),
    );
    renderApp('/tier-page', { session: buildSession() });

    expect(
      await screen.findByText(
        'Bill ₹90,00,000 more this quarter to stay Gold; otherwise next quarter you will be No Tier and will not earn points.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/to reach Basic/)).not.toBeInTheDocument();
  });

  it("when the tier cannot be loaded, then the server's message shows with Try again", async () => {
    server.use(http.get(api('/bill/user'), () => errorResponse(403, 'ACCOUNT_BLOCKED', 'Your account is blocked')));
    renderApp('/tier-page', { session: buildSession() });

    const alert = await screen.findByRole('alert', { name: 'Your tier could not be loaded' }, { timeout: 5000 });
    expect(alert).toHaveTextContent('Your account is blocked');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
