import type { Overview } from '@app/common';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import englishRaw from '@app/common/i18n/locales/en/operations.json?raw';
import hindiRaw from '@app/common/i18n/locales/hi/operations.json?raw';
import { describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../lib/i18n/language';
import { expectNoEnglishLeft } from '../../../testing/english-left';
import { buildSession } from '../../../testing/factories';
import { api, errorResponse } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/render-app';
import { findScreen } from '../../../testing/find-screen';

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
      {
        month: '2026-04',
        billing: 1234567.5,
        pointsIssued: 4115.23,
        pointsRedeemed: 80,
        pointsExpired: 1250.5,
        pointsBonus: 300,
        orders: 1,
      },
      { month: '2026-05', billing: 15000000, pointsIssued: 100, pointsRedeemed: 40, pointsExpired: 0, pointsBonus: 0, orders: 2 },
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
  await findScreen('Overview');
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
    ).toEqual(['₹1,50,00,000', '100.00', '40.00', '0.00', '0.00', '2']);
    expect(within(rowOf(months, 'Apr 2026')).getAllByRole('cell')[0]).toHaveTextContent('₹12,34,567.5');
    // Contract "points expiry and bonus campaigns": the points that expired and the bonus, each month.
    expect(
      within(rowOf(months, 'Apr 2026'))
        .getAllByRole('cell')
        .slice(3, 5)
        .map((cell) => cell.textContent),
    ).toEqual(['1,250.50', '300.00']);
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
    expect(document.getElementById('overview-months')).toContainElement(months);
    // Contract "Every screen on a phone": no table scrolls sideways in a region of its own; on a phone a month is
    // a card of labelled lines, and a status or a tier a card with its one number beside its name.
    expect(within(screen.getByRole('region', { name: 'Month by month' })).queryByRole('region')).not.toBeInTheDocument();
    expect(
      within(rowOf(months, 'May 2026'))
        .getAllByRole('cell')
        .map((cell) => [cell.getAttribute('data-label'), cell.getAttribute('data-phone')]),
    ).toEqual([
      ['Billing', 'line'],
      ['Points issued', 'line'],
      ['Points redeemed', 'line'],
      ['Points expired', 'line'],
      ['Bonus points', 'line'],
      ['Orders', 'line'],
    ]);
    expect(within(rowOf(screen.getByRole('table', { name: 'Orders by status' }), 'Pending')).getByRole('cell')).toHaveAttribute(
      'data-phone',
      'aside',
    );
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
        buildOverview({
          months: [
            { month: '2026-05', billing: 0, pointsIssued: 0, pointsRedeemed: 0, pointsExpired: 0, pointsBonus: 0, orders: 0 },
          ],
        }),
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

  it('when the language is Hindi, then headings, months, statuses, tiers and the charts’ descriptions read in Hindi', async () => {
    await activateLanguage('hi');
    serveOverview(() => HttpResponse.json(buildOverview()));
    renderApp('/admin-overview', { session: buildSession({ userType: 'admin' }) });
    await screen.findByRole('heading', { level: 1, name: 'सारांश' }, { timeout: 15000 });

    const months = await screen.findByRole('table', { name: 'महीने के हिसाब से' });
    expect(
      within(months)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['महीना', 'बिलिंग', 'दिए गए पॉइंट्स', 'रिडीम हुए पॉइंट्स', 'समाप्त पॉइंट्स', 'बोनस पॉइंट्स', 'ऑर्डर']);
    // Month names follow the language (hi-IN); amounts keep India's grouping.
    expect(within(rowOf(months, 'मई 2026')).getAllByRole('cell')[0]).toHaveTextContent('₹1,50,00,000');
    expect(rowOf(months, 'अप्रैल 2026')).toBeInTheDocument();
    const orders = screen.getByRole('table', { name: 'स्थिति के हिसाब से ऑर्डर' });
    expect(within(rowOf(orders, 'लंबित')).getByRole('cell')).toHaveTextContent('2');
    expect(rowOf(orders, 'पूरा हुआ')).toBeInTheDocument();
    const tiers = screen.getByRole('table', { name: 'टियर के हिसाब से ग्राहक' });
    expect(within(rowOf(tiers, 'प्लैटिनम')).getByRole('cell')).toHaveTextContent('12,345');
    expect(rowOf(tiers, 'कोई टियर नहीं')).toBeInTheDocument();
    const quarter = screen.getByRole('table', { name: '2026-Q2 में पूरी हुई टियर की शर्तें' });
    expect(within(rowOf(quarter, 'बेसिक')).getAllByRole('cell')[0]).toHaveTextContent('₹15,00,000');
    expect(screen.getByRole('heading', { level: 2, name: 'यह तिमाही (2026-Q2)' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'हर महीने की बिलिंग' })).toHaveAttribute('aria-describedby', 'overview-months');
    expect(screen.getByRole('img', { name: 'हर महीने दिए गए, रिडीम हुए, समाप्त हुए और बोनस में मिले पॉइंट्स' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '24 महीने' })).toBeInTheDocument();
    expectNoEnglishLeft(
      [screen.getByRole('main')],
      JSON.parse(englishRaw) as Record<string, string>,
      JSON.parse(hindiRaw) as Record<string, string>,
    );
  });
});
