import type { Item } from '@app/common';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../lib/i18n/language';
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

  it("when the balance covers the item, then the page says the card's 'You can buy this item', not 'Billing required: ₹0'", async () => {
    const kettle = buildItem({ name: 'Electric Kettle', pointsRequired: 800, discount: 0 });
    server.use(
      http.get(api('/item'), () => HttpResponse.json<Item[]>([kettle])),
      http.get(api(`/item/itm/${kettle._id}`), () => HttpResponse.json<Item>(kettle)),
      http.get(api('/user/profile'), () => HttpResponse.json(buildProfile({ tier: 'Silver', availablePoints: 900 }))),
    );
    // From the shop's card to the item's page: both read the one rule and say the same words.
    const { user } = renderApp('/user/shop', { session: buildSession() });
    const card = (await screen.findByRole('heading', { level: 2, name: 'Electric Kettle' })).closest('li')!;
    expect(await within(card).findByText('You can buy this item')).toBeInTheDocument();
    await user.click(within(card).getByRole('link', { name: /Electric Kettle/ }));

    const page = (await screen.findByRole('heading', { level: 1, name: 'Electric Kettle' })).closest('article')!;
    expect(within(page).getByText('You can buy this item')).toBeInTheDocument();
    expect(within(page).queryByText(/Billing required/)).not.toBeInTheDocument();
    expect(within(page).queryByText(/₹0/)).not.toBeInTheDocument();
  });

  it('when billing is still needed, then the card and the page give the same amount, each in its own spec words', async () => {
    const fan = buildItem({ name: 'Ceiling Fan', pointsRequired: 1500, discount: 500 });
    server.use(
      http.get(api('/item'), () => HttpResponse.json<Item[]>([fan])),
      http.get(api(`/item/itm/${fan._id}`), () => HttpResponse.json<Item>(fan)),
      http.get(api('/user/profile'), () => HttpResponse.json(buildProfile({ tier: 'Silver', availablePoints: 900 }))),
    );
    const { user } = renderApp('/user/shop', { session: buildSession() });
    const card = (await screen.findByRole('heading', { level: 2, name: 'Ceiling Fan' })).closest('li')!;
    // Silver: Rs. 400 a point; (1,000 − 900) × 400.
    expect(await within(card).findByText('₹40,000 more billing required')).toBeInTheDocument();
    await user.click(within(card).getByRole('link', { name: /Ceiling Fan/ }));

    const page = (await screen.findByRole('heading', { level: 1, name: 'Ceiling Fan' })).closest('article')!;
    expect(within(page).getByText('Billing required: ₹40,000')).toBeInTheDocument();
    expect(within(page).queryByText('You can buy this item')).not.toBeInTheDocument();
  });

  it('when the tier earns nothing, then the page says the points missing, as the card does, and no billing line of ₹0', async () => {
    const fan = buildItem({ name: 'Ceiling Fan', pointsRequired: 1500, discount: 500 });
    server.use(
      http.get(api(`/item/itm/${fan._id}`), () => HttpResponse.json<Item>(fan)),
      http.get(api('/user/profile'), () => HttpResponse.json(buildProfile({ tier: 'NoTier', availablePoints: 250 }))),
    );
    renderApp(`/product/${fan._id}`, { session: buildSession() });

    const page = (await screen.findByRole('heading', { level: 1, name: 'Ceiling Fan' })).closest('article')!;
    expect(await within(page).findByText('750 more points required')).toBeInTheDocument();
    expect(within(page).queryByText(/Billing required/)).not.toBeInTheDocument();
  });

  it('while the balance loads, then an empty line holds the place of the billing line', async () => {
    const fan = buildItem({ name: 'Ceiling Fan' });
    server.use(
      http.get(api(`/item/itm/${fan._id}`), () => HttpResponse.json<Item>(fan)),
      http.get(api('/user/profile'), () => new Promise<Response>(() => undefined)),
    );
    renderApp(`/product/${fan._id}`, { session: buildSession() });

    const page = (await screen.findByRole('heading', { level: 1, name: 'Ceiling Fan' })).closest('article')!;
    const lines = [...page.querySelectorAll('p')].map((line) => line.textContent);
    expect(lines).toContain('\u00a0');
    expect(page).not.toHaveTextContent(/Billing required|You can buy this item/);
  });

  it('when the language is Hindi, then the line reads in Hindi as the card does', async () => {
    await activateLanguage('hi');
    const kettle = buildItem({ name: 'Electric Kettle', pointsRequired: 800, discount: 0 });
    const fan = buildItem({ name: 'Ceiling Fan', pointsRequired: 1500, discount: 500 });
    server.use(
      http.get(api(`/item/itm/${kettle._id}`), () => HttpResponse.json<Item>(kettle)),
      http.get(api(`/item/itm/${fan._id}`), () => HttpResponse.json<Item>(fan)),
      http.get(api('/user/profile'), () =>
        HttpResponse.json(buildProfile({ tier: 'Silver', availablePoints: 900, language: 'hi' })),
      ),
    );
    const { unmount } = renderApp(`/product/${kettle._id}`, { session: buildSession() });
    expect(await screen.findByText('आप यह आइटम खरीद सकते हैं')).toBeInTheDocument();
    expect(screen.queryByText(/ज़रूरी बिलिंग/)).not.toBeInTheDocument();
    unmount();

    renderApp(`/product/${fan._id}`, { session: buildSession() });
    expect(await screen.findByText('ज़रूरी बिलिंग: ₹40,000')).toBeInTheDocument();
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
