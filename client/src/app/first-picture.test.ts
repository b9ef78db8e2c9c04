import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { firstScreenPlan } from './first-screen-plan';
import type { FirstScreenPlan } from '../lib/early-requests/first-screen-plan';
import { clearSession, saveSession } from '../lib/session';
import { startEarlyRequests, type EarlyRequests } from '../lib/early-requests/start-early-requests';
import { getItem } from '../features/items/api/get-item';
import { getItems } from '../features/items/api/get-items';
import { preloadFirstPicture } from '../features/items/first-picture';

type PageWindow = Window & { __earlyRequests?: EarlyRequests };

const NAME = (n: number) => `0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2${n}`;
const item = (n: number, stock: number, images: string[]) => ({ _id: `i${n}`, name: `Item ${n}`, stock, images });

// The plan the build writes into the page, derived from the screens' loaders (app/first-screen-plan.ts).
let plan: FirstScreenPlan;
beforeAll(async () => {
  plan = await firstScreenPlan();
});

/** Runs the page's inline script at `path`, its API answering from `answers` (URL → JSON). */
function openPage(path: string, answers: Record<string, unknown>) {
  const page = {
    localStorage: window.localStorage,
    location: { pathname: path, search: '' },
    fetch: (url: string) =>
      Promise.resolve(new Response(JSON.stringify(answers[url] ?? {}), { status: url in answers ? 200 : 404 })),
  } as unknown as PageWindow;
  startEarlyRequests(page, plan);
  (window as PageWindow).__earlyRequests = page.__earlyRequests;
}

function preloads() {
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')];
}

async function settle() {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

afterEach(() => {
  clearSession();
  delete (window as PageWindow).__earlyRequests;
  for (const link of preloads()) link.remove();
});

describe('the first picture (issue 19): asked for as soon as the early answer names it', () => {
  it('when a customer opens the shop, then the first card in stock has its picture preloaded as its <img> will ask, and the shop still gets the whole catalogue', async () => {
    saveSession({ token: 't', _id: 'u', username: 'dealer', userType: 'customer', partyName: 'D', isPasswordReset: true });
    const catalogue = [item(1, 0, [`uploads/${NAME(1)}-1200w.webp`]), item(2, 5, [`uploads/${NAME(2)}-1200w.webp`])];
    openPage('/user/shop', { '/api/item': catalogue });

    preloadFirstPicture('/user/shop', 't');
    await settle();

    const [link, ...more] = preloads();
    expect(more).toEqual([]);
    // The sold-out first item is not in the grid: the second one's picture is the first card's.
    expect(link?.getAttribute('href')).toBe(`/uploads/${NAME(2)}-1200w.webp`);
    expect(link?.getAttribute('imagesrcset')).toBe(
      `/uploads/${NAME(2)}-320w.webp 320w, /uploads/${NAME(2)}-640w.webp 640w, /uploads/${NAME(2)}-1200w.webp 1200w`,
    );
    expect(link?.getAttribute('imagesizes')).toBe('(min-width: 768px) 240px, 50vw');
    expect(link?.getAttribute('fetchpriority')).toBe('high');
    // The answer was read once and is the screen's too (a response body cannot be read twice).
    await expect(getItems()).resolves.toEqual(catalogue);
  });

  it('when a customer opens a product, then its picture is preloaded at the product page’s size', async () => {
    saveSession({ token: 't', _id: 'u', username: 'dealer', userType: 'customer', partyName: 'D', isPasswordReset: true });
    const product = item(3, 2, [`uploads/${NAME(3)}-500w.webp`]);
    openPage('/product/i3', { '/api/item/itm/i3': product });

    preloadFirstPicture('/product/i3', 't');
    await settle();

    expect(preloads().map((link) => [link.getAttribute('imagesrcset'), link.getAttribute('imagesizes')])).toEqual([
      [`/uploads/${NAME(3)}-320w.webp 320w, /uploads/${NAME(3)}-500w.webp 500w`, '(min-width: 768px) 480px, 100vw'],
    ]);
    await expect(getItem('i3')).resolves.toEqual(product);
  });

  it('when the item has no picture, the answer failed or the page asked nothing early, then nothing is preloaded', async () => {
    saveSession({ token: 't', _id: 'u', username: 'dealer', userType: 'customer', partyName: 'D', isPasswordReset: true });
    openPage('/user/shop', { '/api/item': [item(1, 5, [])] });
    preloadFirstPicture('/user/shop', 't');
    openPage('/product/gone', {});
    preloadFirstPicture('/product/gone', 't');
    // Another session's answers are not looked at.
    openPage('/user/shop', { '/api/item': [item(2, 5, [`uploads/${NAME(2)}-1200w.webp`])] });
    preloadFirstPicture('/user/shop', 'someone-else');
    await settle();

    expect(preloads()).toEqual([]);
  });
});
