import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AddToCartInput, Cart, Item } from '@app/common';
import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { firstScreenfulOfCards, SHOP_CARD_MIN_WIDTH_PX, SHOP_GRID_STEP } from '../../../features/items/components/shop-grid';
import { activateLanguage } from '../../../lib/i18n/language';
import { englishCustomerTexts } from '../../../testing/customer-english';
import { buildItem, buildPoints, buildProfile, buildSession } from '../../../testing/factories';
import { api, errorResponse } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/render-app';

const FAN = buildItem({ name: 'Ceiling Fan', pointsRequired: 1500, discount: 500, stock: 3 });
const KETTLE = buildItem({ name: 'Electric Kettle', pointsRequired: 800, discount: 0, stock: 5 });
const TORCH = buildItem({ name: 'LED Torch', pointsRequired: 100, stock: 0 });

function catalogue(items: Item[]) {
  server.use(http.get(api('/item'), () => HttpResponse.json<Item[]>(items)));
}

const card = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('li')!;

describe('shop (/user/shop)', () => {
  it('when items load, then only those in stock show, with the discount struck through and what the balance means', async () => {
    catalogue([FAN, KETTLE, TORCH]);
    // Silver earns 1 point per Rs. 400 (default handler); 900 points cover the kettle, not the fan (1,000).
    server.use(http.get(api('/user/profile'), () => HttpResponse.json(buildProfile({ tier: 'Silver', availablePoints: 900 }))));
    renderApp('/user/shop', { session: buildSession() });

    expect(await screen.findByRole('heading', { level: 2, name: 'Ceiling Fan' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'LED Torch' })).not.toBeInTheDocument();
    const fan = within(card('Ceiling Fan'));
    expect(fan.getByText('1,000')).toBeInTheDocument();
    expect(fan.getByLabelText('was 1,500 points')).toHaveTextContent('1,500');
    expect(fan.getByText('(33.33% off)')).toBeInTheDocument();
    expect(await fan.findByText('₹40,000 more billing required')).toBeInTheDocument();
    const kettle = within(card('Electric Kettle'));
    expect(kettle.getByText('You can buy this item')).toBeInTheDocument();
    expect(kettle.queryByText(/% off/)).not.toBeInTheDocument();
    expect(screen.getByText('Earn 1 point for billing of every Rs. 400')).toBeInTheDocument();
  });

  it('when points will expire and a campaign runs, then the banner says how soon, leading to the points history, and names the campaign', async () => {
    // 7 Dec 2026 in India (only Date is faked).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-07T06:00:00Z'));
    onTestFinished(() => void vi.useRealTimers());
    catalogue([KETTLE]);
    server.use(
      http.get(api('/user/points'), () =>
        HttpResponse.json(
          buildPoints({
            expiring: [
              { points: 1200, on: '2026-12-31' },
              { points: 50.5, on: '2027-06-30' },
            ],
          }),
        ),
      ),
    );
    server.use(
      http.get(api('/user/campaigns'), () =>
        HttpResponse.json([{ _id: 'cmp-1', name: 'Diwali bonus', from: '2026-11-01', to: '2026-11-15', multiplier: 2 }]),
      ),
    );
    server.use(http.get(api('/user/orders'), () => HttpResponse.json([])));
    const { user, pathname } = renderApp('/user/shop', { session: buildSession() });

    // The contract's sentence.
    const expiry = await screen.findByRole('link', { name: '1,200 points expire in 24 days, on 31 Dec 2026' });
    expect(await screen.findByText('Diwali bonus: 2× points on bills till 15 Nov 2026')).toBeInTheDocument();
    expect(screen.queryByText(/30 Jun 2027/)).not.toBeInTheDocument();

    await user.click(expiry);
    expect(await screen.findByRole('heading', { level: 1, name: /^Hello, / })).toBeInTheDocument();
    expect(pathname()).toBe('/user/profile');
    await vi.waitFor(() => expect(document.getElementById('points-history')).toHaveFocus());
  });

  it('when the customer types in the search, then the grid keeps the names that contain it, whatever the case', async () => {
    catalogue([FAN, KETTLE]);
    const { user } = renderApp('/user/shop', { session: buildSession() });
    await screen.findByRole('heading', { level: 2, name: 'Ceiling Fan' });

    await user.type(screen.getByRole('searchbox', { name: 'Search items' }), 'KETT');

    expect(await screen.findByRole('heading', { level: 2, name: 'Electric Kettle' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Ceiling Fan' })).not.toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search items' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search items' }), 'sofa');
    expect(await screen.findByText('No items match "sofa"')).toBeInTheDocument();
  });

  it('when the customer adds an item to the cart, then one item is sent and the popup shows for 2 seconds', async () => {
    catalogue([KETTLE]);
    const sent: AddToCartInput[] = [];
    server.use(
      http.post(api('/user/cart/add'), async ({ request }) => {
        sent.push((await request.json()) as AddToCartInput);
        return HttpResponse.json<Cart>({ items: [] });
      }),
    );
    const { user } = renderApp('/user/shop', { session: buildSession() });

    await user.click(await screen.findByRole('button', { name: 'Add to Cart: Electric Kettle' }));

    const popup = await screen.findByText('"Electric Kettle" has been added to your cart');
    expect(sent).toEqual([{ itemId: KETTLE._id, quantity: 1 }]);
    await waitForElementToBeRemoved(popup, { timeout: 4000 });
  });

  it('when the server refuses the add, then the popup gives its reason', async () => {
    catalogue([KETTLE]);
    server.use(
      http.post(api('/user/cart/add'), () =>
        errorResponse(409, 'CONFLICT', 'You can have at most 5 of "Electric Kettle" in your cart'),
      ),
    );
    const { user } = renderApp('/user/shop', { session: buildSession() });

    await user.click(await screen.findByRole('button', { name: 'Add to Cart: Electric Kettle' }));

    expect(await screen.findByText('You can have at most 5 of "Electric Kettle" in your cart')).toBeInTheDocument();
  });

  it('when the customer presses Buy Now, then the buy-now screen opens', async () => {
    catalogue([KETTLE]);
    const { user, pathname } = renderApp('/user/shop', { session: buildSession() });

    await user.click(await screen.findByRole('button', { name: 'Buy Now: Electric Kettle' }));

    await screen.findByRole('heading', { level: 1, name: 'Buy Now' });
    expect(pathname()).toBe('/buy-now');
  });

  it('when nothing is in stock, or the catalogue cannot load, then the screen says so (and retries)', async () => {
    catalogue([TORCH]);
    const { unmount } = renderApp('/user/shop', { session: buildSession() });
    expect(await screen.findByText('There are no items in the shop yet. Please come back soon.')).toBeInTheDocument();
    unmount();

    let calls = 0;
    server.use(
      http.get(api('/item'), () => {
        calls += 1;
        return calls === 1
          ? errorResponse(503, 'DATABASE_UNAVAILABLE', 'The database is not answering')
          : HttpResponse.json([KETTLE]);
      }),
    );
    const { user } = renderApp('/user/shop', { session: buildSession() });
    expect(await screen.findByText('The database is not answering')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Electric Kettle' })).toBeInTheDocument();
  });
});

describe('shop grid with a large catalogue', () => {
  afterEach(() => vi.restoreAllMocks());

  it('when there are more items than a phone screenful, then a screenful shows, Show more adds a step, and search covers every item', async () => {
    // A phone's window: 2 columns of cards, a screenful and a row more (firstScreenfulOfCards).
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(412);
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(823);
    const first = firstScreenfulOfCards(412, 823);
    const total = first + SHOP_GRID_STEP + 6;
    const nameOf = (position: number) => `Item ${String(position).padStart(2, '0')}`;
    catalogue(Array.from({ length: total }, (_, index) => buildItem({ name: nameOf(index + 1) })));
    const { user } = renderApp('/user/shop', { session: buildSession() });

    expect(await screen.findByRole('heading', { level: 2, name: nameOf(first) })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(first);
    await user.click(screen.getByRole('button', { name: `Show more items (${total - first} more)` }));
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(first + SHOP_GRID_STEP);
    await user.click(screen.getByRole('button', { name: 'Show more items (6 more)' }));
    expect(screen.getByRole('heading', { level: 2, name: nameOf(total) })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show more items/ })).not.toBeInTheDocument();

    // The search reads the whole catalogue, not the cards drawn so far.
    await user.type(screen.getByRole('searchbox', { name: /Search/ }), nameOf(total));
    expect(await screen.findByRole('heading', { level: 2, name: nameOf(total) })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1));
  });

  it('when the window is a phone’s or a desktop’s, then the first render holds its screenful and a row more', () => {
    // Two columns of cards on a 412 px phone, four rows for its 823 px (cards are over 300 px tall there); a
    // 1,280 × 1,024 desktop: eight and five.
    expect(firstScreenfulOfCards(412, 823)).toBe(2 * 4);
    expect(firstScreenfulOfCards(1280, 1024)).toBe(8 * 5);
    expect(firstScreenfulOfCards(100, 300)).toBe(1 * 3);
  });

  it('when the grid’s stylesheet sets the cards’ narrowest width, then it is the one the screenful is counted with', () => {
    const cardStyles = readFileSync(path.join(__dirname, '../../../features/items/components/shop-item-card.module.css'), 'utf8');
    expect(cardStyles.replace(/\s+/g, ' ')).toContain(`minmax(${SHOP_CARD_MIN_WIDTH_PX}px, 1fr)`);
  });
});

describe('shop in Hindi', () => {
  it('when the language is Hindi, then the banner, the cards and the popup read in Hindi and no English text of the shop shows', async () => {
    await activateLanguage('hi');
    catalogue([FAN, KETTLE]);
    server.use(
      http.get(api('/user/profile'), () =>
        HttpResponse.json(buildProfile({ tier: 'Silver', availablePoints: 900, language: 'hi' })),
      ),
      http.post(api('/user/cart/add'), () => HttpResponse.json<Cart>({ items: [] })),
    );
    const { user } = renderApp('/user/shop', { session: buildSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'दुकान' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Ceiling Fan' })).toBeInTheDocument();
    expect(screen.getByText('हर खरीद पर पॉइंट्स कमाएँ')).toBeInTheDocument();
    expect(await screen.findByText('हर ₹400 की बिलिंग पर 1 पॉइंट कमाएँ')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'आइटम खोजें' })).toHaveAttribute('placeholder', 'आइटम का नाम लिखकर खोजें');
    expect(await within(card('Ceiling Fan')).findByText('₹40,000 की और बिलिंग चाहिए')).toBeInTheDocument();
    expect(within(card('Electric Kettle')).getByText('आप यह आइटम खरीद सकते हैं')).toBeInTheDocument();
    expect(within(card('Electric Kettle')).getByRole('button', { name: 'अभी खरीदें: Electric Kettle' })).toHaveTextContent(
      'अभी खरीदें',
    );
    expect(englishCustomerTexts(screen.getByRole('main'))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'कार्ट में डालें: Electric Kettle' }));

    expect(await screen.findByText('"Electric Kettle" आपके कार्ट में डाल दिया गया है')).toBeInTheDocument();
    expect(englishCustomerTexts(screen.getByRole('main'))).toEqual([]);
  });
});
