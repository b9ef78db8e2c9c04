import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildSession } from '../../testing/factories';
import { api } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { renderApp } from '../../testing/render-app';

describe('thank-you (/thank-you)', () => {
  // Reached after an order with the remaining points in navigation state: see cart.test.tsx and buy-now.test.tsx.
  it('when opened without an order’s state, then it shows the profile’s balance as the remaining points', async () => {
    server.use(http.get(api('/user/profile'), () => HttpResponse.json(buildProfile({ availablePoints: 123456.5 }))));
    renderApp('/thank-you', { session: buildSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Remaining points:')).toHaveTextContent('Remaining points: 1,23,456.50'));
  });

  it.each(['Close', 'Keep Shopping'])('when the customer presses %s, then the shop opens', async (name) => {
    const { user, pathname } = renderApp('/thank-you', { session: buildSession() });

    await user.click(await screen.findByRole('button', { name }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeInTheDocument();
    expect(pathname()).toBe('/user/shop');
  });
});

describe('checkout (/checkout)', () => {
  it('when opened, then the cart opens (orders are placed from the cart and buy-now)', async () => {
    const { pathname } = renderApp('/checkout', { session: buildSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
    expect(pathname()).toBe('/user/cart');
  });
});
