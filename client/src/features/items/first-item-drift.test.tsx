import type { Item } from '@app/common';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_ITEM_SCRIPT } from '../../../build/prerender-screens';
import type { EarlyRequests } from '../../lib/early-requests/start-early-requests';
import { renderFrame } from '../../prerender';
import { buildItem, buildSession } from '../../testing/factories';
import { api } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { renderApp } from '../../testing/render-app';

// The API on a host of its own (VITE_API_URL): the pictures come from there, in the screen and in the page's script.
const API_URL = 'https://api.example.test';
vi.mock('../../config/env', () => ({ env: { API_URL: 'https://api.example.test' } }));

const GENERATED = 'uploads/0f8fad5b-d9cb-469f-a165-70867728950e-1200w.webp';
const SMALL = 'uploads/7c9e6679-7425-40de-944b-e07fc1f90ae7-500w.webp';
const OLDER = 'uploads/catalogue-kettle.webp';

type PageWindow = Window & { __earlyRequests?: EarlyRequests };

/** The slot's marks for the page's script, and react-router's mark on its links: not part of what is drawn. */
const MARKS = new Set(['data-first-item', 'data-picture', 'data-name', 'data-discover']);

type Shape = { tag: string; attributes: Record<string, string>; children: (Shape | string)[] };

/** An element as drawn: its tag, its attributes (but MARKS) and, `depth` levels down, its children and text. */
function shape(element: Element, depth = Infinity): Shape {
  return {
    tag: element.tagName.toLowerCase(),
    attributes: Object.fromEntries(
      [...element.attributes]
        .filter((attribute) => !MARKS.has(attribute.name))
        // A style as the browser reads it: React writes it one property at a time, the server as one text.
        .map(
          (attribute) =>
            [attribute.name, attribute.name === 'style' ? (element as HTMLElement).style.cssText : attribute.value] as const,
        )
        .sort(([a], [b]) => a.localeCompare(b)),
    ),
    children:
      depth > 0
        ? [...element.childNodes].flatMap<Shape | string>((node) =>
            node instanceof Element ? [shape(node, depth - 1)] : node.textContent ? [node.textContent] : [],
          )
        : [],
  };
}

/**
 * The frame the build puts in the page (prerender.tsx's renderFrame), as the keeper leaves it in #root, filled by
 * the script the build puts in the page (FIRST_ITEM_SCRIPT, its own text) from the early answer `answer` for
 * `request`. Resolves once the script has drawn the item.
 */
async function frameFilledWith(frame: 'customer-shop' | 'customer-product', request: string, answer: unknown) {
  const root = document.createElement('div');
  root.id = 'root';
  root.setAttribute('data-prerendered', 'frame');
  root.innerHTML = await renderFrame(frame);
  document.body.append(root);
  const response = new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
  (window as PageWindow).__earlyRequests = {
    token: 'page',
    startedAt: Date.now(),
    responses: { [request]: Promise.resolve(response) },
  };
  // As the page runs it: the script's text, in the page's global scope (no import, no helper from this module).
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function(FIRST_ITEM_SCRIPT)();
  await vi.waitFor(() => expect(root.querySelector('[data-first-item] img')).not.toBeNull());
  return root;
}

afterEach(() => {
  document.getElementById('root')?.remove();
  delete (window as PageWindow).__earlyRequests;
});

describe('the frame’s first item, drawn by the page, is the screen’s own (decision 031)', () => {
  it.each([
    ['a picture with every size', GENERATED],
    ['a picture smaller than the widest size', SMALL],
    ['a picture stored under an older name', OLDER],
  ])(
    'when the shop’s first card has %s, then the page draws the grid, the card, its link, picture and name as the shop does',
    async (_case, picture) => {
      const catalogue = [
        buildItem({ _id: 'sold-out', name: 'Sold Out', stock: 0, images: [GENERATED] }),
        buildItem({ _id: 'fan 1', name: 'Ceiling Fan', stock: 3, images: [picture] }),
        buildItem({ _id: 'kettle', name: 'Electric Kettle', stock: 5, images: [SMALL] }),
      ];
      const frame = await frameFilledWith('customer-shop', '/item', catalogue);
      const slotCard = frame.querySelector('[data-first-item] li')!;
      const drawn = {
        grid: shape(slotCard.parentElement!, 0),
        card: shape(slotCard, 0),
        link: shape(slotCard.querySelector('a')!),
      };
      frame.remove();

      server.use(http.get(api('/item'), () => HttpResponse.json<Item[]>(catalogue)));
      renderApp('/user/shop', { session: buildSession() });
      const card = (await screen.findByRole('heading', { level: 2, name: 'Ceiling Fan' })).closest('li')!;

      expect(drawn.grid).toEqual(shape(card.parentElement!, 0));
      expect(drawn.card).toEqual(shape(card, 0));
      expect(drawn.link).toEqual(shape(card.querySelector('a')!));
      // What the comparison covers, spelled once: the item in the shop, its page, its picture from the API's host.
      expect(drawn.link.attributes.href).toBe('/product/fan%201');
      expect(card.querySelector('img')!.getAttribute('src')).toBe(`${API_URL}/${picture}`);
    },
  );

  it.each([
    ['a picture with every size', GENERATED],
    ['a picture stored under an older name', OLDER],
  ])(
    'when the product page’s item has %s, then the page draws its layout, picture and heading as the product page does',
    async (_case, picture) => {
      const fan = buildItem({ _id: 'fan', name: 'Ceiling Fan', stock: 0, images: [picture] });
      const frame = await frameFilledWith('customer-product', '/item/itm/fan', fan);
      const slot = frame.querySelector('article[data-first-item]')!;
      const drawn = {
        article: shape(slot, 0),
        picture: shape(slot.children[0]!),
        details: shape(slot.children[1]!, 0),
        heading: shape(slot.querySelector('h1')!),
      };
      frame.remove();

      server.use(http.get(api('/item/itm/fan'), () => HttpResponse.json<Item>(fan)));
      renderApp('/product/fan', { session: buildSession() });
      const heading = await screen.findByRole('heading', { level: 1, name: 'Ceiling Fan' });
      const article = heading.closest('article')!;

      expect(drawn.article).toEqual(shape(article, 0));
      expect(drawn.picture).toEqual(shape(article.children[0]!));
      expect(drawn.details).toEqual(shape(article.children[1]!, 0));
      expect(article.children[1]!.firstElementChild).toBe(heading);
      expect(drawn.heading).toEqual(shape(heading));
      expect(screen.getByRole('img', { name: 'Ceiling Fan' }).getAttribute('src')).toBe(`${API_URL}/${picture}`);
    },
  );
});
