import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildPublicSettings, buildSession } from '../../testing/factories';
import { api, errorResponse } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { renderApp } from '../../testing/render-app';

describe('help screen (/help)', () => {
  it('when contacts are configured, then it shows three cards with callable phone numbers', async () => {
    renderApp('/help', { session: buildSession() });

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    // The length is checked just above, so the second card exists.
    const second = cards[1]!;
    expect(within(second).getByRole('heading', { name: 'Ravi Kumar' })).toBeInTheDocument();
    expect(within(second).getByText('Orders and cancellations')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: '+91 91234 56789' })).toHaveAttribute('href', 'tel:+919123456789');
  });

  it('when no contacts are configured, then it says so plainly', async () => {
    server.use(http.get(api('/settings/public'), () => HttpResponse.json(buildPublicSettings({ supportContacts: [] }))));
    renderApp('/help', { session: buildSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    // Once on the page and once in the footer.
    expect(await screen.findAllByText('Support contacts are not configured yet')).toHaveLength(2);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('when the contacts cannot be loaded, then it says so and offers a retry', async () => {
    server.use(http.get(api('/settings/public'), () => errorResponse(500, 'INTERNAL', 'Something went wrong')));
    renderApp('/help', { session: buildSession() });

    expect(await screen.findByText('Support contacts could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('when the server says why the contacts cannot be loaded, then its words show', async () => {
    server.use(
      http.get(api('/settings/public'), () => errorResponse(429, 'RATE_LIMITED', 'Too many requests, try again in a minute')),
    );
    renderApp('/help', { session: buildSession() });

    const alert = await screen.findByRole('alert', { name: 'Support contacts could not be loaded' });
    expect(alert).toHaveTextContent('Too many requests, try again in a minute');
  });
});
