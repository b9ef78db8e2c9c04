import type { PointsResponse } from '@app/common';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../lib/i18n/language';
import { createQueryClient } from '../../../lib/query-client';
import { buildPoints } from '../../../testing/factories';
import { api } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { SoonestExpiry } from './soonest-expiry';

// Contract "Every screen on a phone": the shop's expiry line (also on the profile) says how soon, in calendar
// days in Asia/Kolkata, and leads to the points history.

function serveExpiring(expiring: PointsResponse['expiring']) {
  server.use(http.get(api('/user/points'), () => HttpResponse.json<PointsResponse>(buildPoints({ expiring }))));
}

function renderLine() {
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient({ queries: { retry: false } })}>
        <MemoryRouter>
          <div data-testid="lines">
            <SoonestExpiry />
          </div>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the soonest expiry line', () => {
  // 7 Dec 2026, 11:30 in India. Only Date is faked: the requests' timers run as usual.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-07T06:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it("when points expire on 31 Dec, then it reads the contract's sentence and links to the points history", async () => {
    serveExpiring([
      { points: 1200, on: '2026-12-31' },
      { points: 50.5, on: '2027-01-31' },
    ]);
    renderLine();

    const line = await screen.findByRole('link', { name: '1,200 points expire in 24 days, on 31 Dec 2026' });
    expect(line).toHaveAttribute('href', '/user/profile#points-history');
    expect(screen.queryByText(/31 Jan 2027/)).not.toBeInTheDocument();
  });

  it('when the date is tomorrow, today, or already past in India, then it says in 1 day, then today', async () => {
    serveExpiring([{ points: 1, on: '2026-12-08' }]);
    const { unmount } = renderLine();
    expect(await screen.findByRole('link', { name: '1 point expires in 1 day, on 8 Dec 2026' })).toBeInTheDocument();
    unmount();

    serveExpiring([{ points: 75.5, on: '2026-12-07' }]);
    const today = renderLine();
    expect(await screen.findByRole('link', { name: '75.5 points expire today, 7 Dec 2026' })).toBeInTheDocument();
    today.unmount();

    // 00:10 on 8 Dec in India (18:40 UTC on 7 Dec): 7 Dec is past and the daily run has not taken the points yet.
    vi.setSystemTime(new Date('2026-12-07T18:40:00Z'));
    renderLine();
    expect(await screen.findByRole('link', { name: '75.5 points expire today, 7 Dec 2026' })).toBeInTheDocument();
  });

  it('when the balance is still loading, then an empty line holds its place; when nothing will expire, there is none', async () => {
    server.use(http.get(api('/user/points'), () => new Promise<Response>(() => undefined)));
    const { unmount } = renderLine();
    const lines = screen.getByTestId('lines');
    expect(lines.childElementCount).toBe(1);
    expect(lines.textContent).toBe('\u00a0');
    expect(lines.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    unmount();

    serveExpiring([]);
    renderLine();
    await vi.waitFor(() => expect(screen.getByTestId('lines')).toBeEmptyDOMElement());
  });

  it('when the language is Hindi, then the line reads in Hindi with the days and the date', async () => {
    await activateLanguage('hi');
    serveExpiring([{ points: 1200, on: '2026-12-31' }]);
    const { unmount } = renderLine();
    const line = await screen.findByRole('link', { name: /^1,200 पॉइंट्स 24 दिन में, 31 .+ 2026 को समाप्त होंगे$/ });
    expect(line).toHaveAttribute('href', '/user/profile#points-history');
    unmount();

    serveExpiring([{ points: 1, on: '2026-12-07' }]);
    renderLine();
    expect(await screen.findByRole('link', { name: /^1 पॉइंट आज, 7 .+ 2026 को समाप्त होगा$/ })).toBeInTheDocument();
  });
});
