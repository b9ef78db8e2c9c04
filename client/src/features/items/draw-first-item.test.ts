import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { EarlyRequests } from '../../lib/early-requests/start-early-requests';
import { ProductSlot, ShopFirstCardSlot } from './components/first-item-slot';
import { drawFirstItem, FIRST_ITEM_HELPERS } from './draw-first-item';
import { itemImageSources, PRODUCT_IMAGE_SIZES, SHOP_CARD_IMAGE_SIZES } from './item-image-sources';

const GENERATED = 'uploads/0f8fad5b-d9cb-469f-a165-70867728950e-1200w.webp';
const SMALL = 'uploads/7c9e6679-7425-40de-944b-e07fc1f90ae7-500w.webp';
const OLDER = 'uploads/catalogue-kettle.webp';

const item = (id: string, stock: number, images: string[]) => ({ _id: id, name: `Item ${id}`, stock, images, points: 100 });

type PageWindow = Window & { __earlyRequests?: EarlyRequests };

/**
 * The customer's shop frame as the keeper leaves it (#root marked, the slot rendered by ShopFirstCardSlot), or
 * the product page's (ProductSlot), and the page's early request for the catalogue (or the item) answering `answer`. Resolves once the script's work on that answer is done.
 */
async function drawWith(answer: Response | undefined, { drawnByReact = false, product = false } = {}) {
  const slot = renderToStaticMarkup(
    createElement(MantineProvider, null, createElement(product ? ProductSlot : ShopFirstCardSlot)),
  );
  document.body.innerHTML = `<div id="root" data-prerendered="frame"><main>${slot}</main></div>`;
  if (drawnByReact) document.getElementById('root')!.removeAttribute('data-prerendered');
  const response = answer && Promise.resolve(answer);
  const page = window as PageWindow;
  const key = product ? '/item/itm/b' : '/item';
  page.__earlyRequests = { token: 't', startedAt: Date.now(), responses: response ? { [key]: response } : {} };
  drawFirstItem(page, FIRST_ITEM_HELPERS);
  // The script's two steps (the answer, its JSON) are promise callbacks: let them run.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { response };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  document.body.innerHTML = '';
  delete (window as PageWindow).__earlyRequests;
});

describe('the shop’s first card, drawn by the page before the shop’s code (decision 031)', () => {
  it('when the catalogue answers, then the first item in stock is drawn with its name, its link and the picture the shop’s card asks for', async () => {
    const { response } = await drawWith(json([item('a', 0, [GENERATED]), item('b', 3, [GENERATED]), item('c', 5, [SMALL])]));
    const cards = document.querySelectorAll('[data-first-item] li');
    expect(cards).toHaveLength(1);
    expect(cards[0]!.querySelector('h2')!.textContent).toBe('Item b');
    // Until then hidden from screen readers (a blank card); now a card like the others.
    expect(cards[0]!.hasAttribute('aria-hidden')).toBe(false);
    expect(cards[0]!.querySelector('a')!.getAttribute('href')).toBe('/product/b');
    const image = cards[0]!.querySelector('img')!;
    const { src, srcSet } = itemImageSources(GENERATED);
    expect(image.getAttribute('src')).toBe(src);
    expect(image.getAttribute('srcset')).toBe(srcSet);
    expect(image.getAttribute('sizes')).toBe(SHOP_CARD_IMAGE_SIZES);
    expect(image.getAttribute('fetchpriority')).toBe('high');
    expect(image.getAttribute('alt')).toBe('');
    // The shop's own read of the same answer (early-response.ts) still gets the whole catalogue.
    expect(await (await response!).json()).toHaveLength(3);
  });

  it.each([
    ['a picture smaller than the widest size', SMALL],
    ['a picture stored under an older name (one size)', OLDER],
  ])('when it is %s, then its sizes are those itemImageSources gives the card', async (_case, path) => {
    await drawWith(json([item('a', 1, [path])]));
    const image = document.querySelector('[data-first-item] img')!;
    const { src, srcSet } = itemImageSources(path);
    expect(image.getAttribute('src')).toBe(src);
    expect(image.getAttribute('srcset')).toBe(srcSet ?? null);
    expect(image.getAttribute('sizes')).toBe(srcSet ? SHOP_CARD_IMAGE_SIZES : null);
  });

  it('when a name holds markup, then it is drawn as text', async () => {
    await drawWith(json([{ ...item('a', 1, [GENERATED]), name: '<img src=x onerror=alert(1)>' }]));
    expect(document.querySelector('[data-first-item] h2')!.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(document.querySelectorAll('[data-first-item] img')).toHaveLength(1);
  });

  it.each<[string, Response | undefined, { drawnByReact?: boolean }?]>([
    ['React has drawn the shop already', json([item('a', 1, [GENERATED])]), { drawnByReact: true }],
    ['the page made no catalogue request', undefined],
    ['the catalogue request failed', json({ message: 'Server error' }, 500)],
    ['the answer is not a list', json({ items: [] })],
    ['the answer is not JSON', new Response('<html>', { status: 200 })],
    ['no item is in stock', json([item('a', 0, [GENERATED])])],
    ['the first item in stock has no picture', json([item('a', 2, [])])],
    ['the first item in stock is malformed', json([{ _id: 7, name: null, stock: 1, images: [GENERATED] }])],
  ])('when %s, then the blank card stays as it was', async (_case, answer, options) => {
    await drawWith(answer, options);
    const card = document.querySelector('[data-first-item] li')!;
    expect(card.querySelector('img')).toBeNull();
    expect(card.querySelector('a')!.hasAttribute('href')).toBe(false);
    expect(card.querySelector('h2')!.textContent).toBe('\u00a0');
    expect(card.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('the product page’s item, drawn by the page before the product page’s code (decision 031)', () => {
  it('when the item answers, then its picture, named by its alt text, and its name as the heading are drawn, whatever its stock', async () => {
    const { response } = await drawWith(json(item('b', 0, [GENERATED])), { product: true });
    const article = document.querySelector('article[data-first-item]')!;
    expect(article.querySelector('h1')!.textContent).toBe('Item b');
    expect(article.hasAttribute('aria-hidden')).toBe(false);
    const image = article.querySelector('img')!;
    const { src, srcSet } = itemImageSources(GENERATED);
    expect(image.getAttribute('src')).toBe(src);
    expect(image.getAttribute('srcset')).toBe(srcSet);
    expect(image.getAttribute('sizes')).toBe(PRODUCT_IMAGE_SIZES);
    expect(image.getAttribute('alt')).toBe('Item b');
    expect((await (await response!).json()) as { _id: string }).toMatchObject({ _id: 'b' });
  });

  it.each<[string, Response]>([
    ['the item is gone (404)', json({ message: 'Item not found' }, 404)],
    ['the item has no picture', json(item('b', 1, []))],
    ['the answer is a list', json([item('b', 1, [GENERATED])])],
  ])('when %s, then the blank page stays as it was', async (_case, answer) => {
    await drawWith(answer, { product: true });
    const article = document.querySelector('article[data-first-item]')!;
    expect(article.querySelector('img')).toBeNull();
    expect(article.getAttribute('aria-hidden')).toBe('true');
  });
});
