import type { Overview } from '@app/common';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { buildSession } from '../../../testing/factories';
import { api, errorResponse } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/render-app';

// jsdom has no canvas to draw on: the chart library is replaced by a stand-in; the numbers are read from the
// tables the charts describe themselves with, as a screen reader would.
vi.mock('uplot', () => {
  class FakeChart {
    static paths = { bars: () => () => null };
    setSize() {}
    destroy() {}
  }
  return { default: FakeChart };
});

function buildOverview(overrides: Partial<Overview> = {}): Overview {
  return {
    months: [
      { month: '2026-04', billing: 1234567.5, pointsIssued: 4115.23, pointsRedeemed: 80, orders: 1 },
      { month: '2026-05', billing: 15000000, pointsIssued: 100, pointsRedeemed: 40, orders: 2 },
    ],
    ordersByStatus: { Pending: 2, Completed: 1, Cancelled: 1 },
    customersByTier: { NoTier: 1, Basic: 1, Bronze: 0, Silver: 0, Gold: 1, Platinum: 12345 },
    quarter: {
      quarter: '2026-Q2',
      tiers: [
        { tier: 'NoTier', requirement: 0, customersMeeting: 3 },
        { tier: 'Basic', requirement: 1500000, customersMeeting: 2 },
        { tier: 'Bronze', requirement: 3000000, customersMeeting: 1 },
        { tier: 'Silver', requirement: 6000000, customersMeeting: 1 },
        { tier: 'Gold', requirement: 9000000, customersMeeting: 1 },
        { tier: 'Platinum', requirement: 15000000, customersMeeting: 1 },
      ],
    },
    ...overrides,
  };
}

function serveOverview(answer: () => Response) {
  const asked: (string | null)[] = [];
  server.use(
    http.get(api('/admin/overview'), ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('months'));
      return answer();
    }),
  );
  return asked;
}

/** Opens the screen and waits for its code, which is downloaded on first visit (route-level splitting). */
async function open(url: string, userType: 'admin' | 'superadmin') {
  const app = renderApp(url, { session: buildSession({ userType }) });
  await screen.findByRole('heading', { level: 1, name: 'Overview' }, { timeout: 15000 });
  return app;
}

const rowOf = (table: HTMLElement, header: string) => within(table).getByRole('rowheader', { name: header }).closest('tr')!;

describe('the overview (/admin-overview, /superadmin-overview)', () => {
  it('when it opens, then each month, status and tier reads as text in en-IN, newest month first', async () => {
    const asked = serveOverview(() => HttpResponse.json(buildOverview()));
    await open('/superadmin-overview', 'superadmin');

    const months = await screen.findByRole('table', { name: 'Month by month' });
    expect(
      within(rowOf(months, 'May 2026'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['₹1,50,00,000', '100.00', '40.00', '2']);
    expect(within(rowOf(months, 'Apr 2026')).getAllByRole('cell')[0]).toHaveTextContent('₹12,34,567.5');
    expect(within(rowOf(screen.getByRole('table', { name: 'Orders by status' }), 'Pending')).getByRole('cell')).toHaveTextContent(
      '2',
    );
    expect(
      within(rowOf(screen.getByRole('table', { name: 'Customers by tier' }), 'Platinum')).getByRole('cell'),
    ).toHaveTextContent('12,345');
    const quarter = screen.getByRole('table', { name: 'Tier requirements met in 2026-Q2' });
    expect(
      within(rowOf(quarter, 'Basic'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['₹15,00,000', '2']);
    // Each chart names the table that holds its numbers.
    expect(screen.getByRole('img', { name: 'Billing per month' })).toHaveAttribute('aria-describedby', 'overview-months');
    expect(asked).toEqual(['12']);
  });

  it('when another span is chosen, then the overview is asked for that many months', async () => {
    const asked = serveOverview(() => HttpResponse.json(buildOverview()));
    const { user } = await open('/admin-overview', 'admin');
    await screen.findByRole('table', { name: 'Month by month' });

    await user.click(screen.getByRole('radio', { name: '24 months' }));

    await vi.waitFor(() => expect(asked).toEqual(['12', '24']));
  });

  it('when nothing has happened in the months, then it says so instead of drawing empty charts', async () => {
    serveOverview(() =>
      HttpResponse.json(
        buildOverview({ months: [{ month: '2026-05', billing: 0, pointsIssued: 0, pointsRedeemed: 0, orders: 0 }] }),
      ),
    );
    await open('/admin-overview', 'admin');

    expect(await screen.findByText('No billing, points or orders in these months yet.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Billing per month' })).not.toBeInTheDocument();
  });

  it('when the overview cannot be loaded, then the server’s words and Try again', async () => {
    serveOverview(() => errorResponse(500, 'INTERNAL', 'Something went wrong on our side'));
    await open('/admin-overview', 'admin');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The overview could not be loaded');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
