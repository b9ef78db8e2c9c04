import type { Item } from '@app/common';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildItem, buildProfile, buildSession } from '../../testing/factories';
import { api, errorResponse } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { renderApp } from '../../testing/render-app';

describe('product page (/product/{id})', () => {
  it("when the item loads, then 'Loading...' gives way to its picture, name, points, billing line, buttons and description", async () => {
    const fan = buildItem({
      name: 'Ceiling Fan',
      pointsRequired: 1500,
      discount: 500,
      images: ['uploads/0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d-1200w.webp'],
      description: '<p>Three <strong>blades</strong></p><ul><li>Warranty</li></ul>',
    });
    server.use(
      http.get(api(`/item/itm/${fan._id}`), () => HttpResponse.json<Item>(fan)),
      http.get(api('/user/profile'), () => HttpResponse.json(buildProfile({ tier: 'Gold', availablePoints: 250 }))),
    );
    renderApp(`/product/${fan._id}`, { session: buildSession() });

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ceiling Fan' })).toBeInTheDocument();
    const picture = screen.getByRole('img', { name: 'Ceiling Fan' });
    expect(picture).toHaveAttribute('src', '/uploads/0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d-1200w.webp');
    expect(picture.getAttribute('srcset')).toContain('/uploads/0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d-320w.webp 320w');
    // Gold: Rs. 300 a point; (1,000 − 250) × 300.
    expect(await screen.findByText('Billing required: ₹2,25,000')).toBeInTheDocument();
    expect(screen.getByText('(33.33% off)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeEnabled();
    expect(screen.getByText('blades').tagName).toBe('STRONG');
    expect(screen.getByRole('listitem')).toHaveTextContent('Warranty');
  });

  it('when the item was deleted, then the page says it is no longer in the shop and links back', async () => {
    server.use(http.get(api('/item/itm/gone'), () => errorResponse(404, 'NOT_FOUND', 'Item not found')));
    renderApp('/product/gone', { session: buildSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Item not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/user/shop');
  });

  it('when the item is sold out, then Add to Cart and Buy Now are off', async () => {
    const torch = buildItem({ name: 'LED Torch', stock: 0 });
    server.use(http.get(api(`/item/itm/${torch._id}`), () => HttpResponse.json<Item>(torch)));
    renderApp(`/product/${torch._id}`, { session: buildSession() });

    expect(await screen.findByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  });
});
