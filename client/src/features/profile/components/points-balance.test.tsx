import type { Item } from '@app/common';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../lib/i18n/language';
import { buildPoints, buildSession } from '../../../testing/factories';
import { api } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/render-app';

// Contract "Every screen on a phone": the header's points open the points history.

afterEach(() => {
  vi.restoreAllMocks();
  delete (document as { scrollingElement?: unknown }).scrollingElement;
});

const headerPoints = async (name: RegExp) => within(await screen.findByRole('banner')).findByRole('link', { name });

describe("the header's points", () => {
  it('when a customer presses their points in the header, then the profile opens scrolled to the points history', async () => {
    // What moved the page, in order: the router's "new screen at its top" and the profile's scroll to its section.
    const moves: (Element | 'top')[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      moves.push(this);
    });
    // jsdom has no scrolling element; the router sets its scrollTop to open a new screen at its top.
    Object.defineProperty(document, 'scrollingElement', {
      configurable: true,
      value: {
        set scrollTop(value: number) {
          if (value === 0) moves.push('top');
        },
      },
    });
    server.use(
      http.get(api('/item'), () => HttpResponse.json<Item[]>([])),
      http.get(api('/user/points'), () => HttpResponse.json(buildPoints({ availablePoints: 1234567.5 }))),
      http.get(api('/user/orders'), () => HttpResponse.json([])),
    );
    const { user, pathname } = renderApp('/user/shop', { session: buildSession() });

    const link = await headerPoints(/^Your Points\s*12,34,567\.50\s*View points history$/);
    expect(link).toHaveAttribute('href', '/user/profile#points-history');
    await user.click(link);

    expect(await screen.findByRole('heading', { level: 1, name: /^Hello, / }, { timeout: 5000 })).toBeInTheDocument();
    expect(pathname()).toBe('/user/profile');
    // The greeting is drawn while the profile's code loads (its opening, decision 047); the section comes with it.
    const section = await vi.waitFor(
      () => {
        const found = document.getElementById('points-history');
        if (!found) throw new Error('the points history is not drawn yet');
        return found;
      },
      { timeout: 5000 },
    );
    expect(within(section).getByRole('heading', { level: 2, name: 'Points history' })).toBeInTheDocument();
    await vi.waitFor(() => expect(moves).toContain(section));
    expect(section).toHaveFocus();
    // The router leaves the address with a section to the screen: nothing took the page back to its top.
    expect(moves).toEqual([section]);

    // The footer's Profile (the same screen, no section) opens it at its top.
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Profile' }));
    await vi.waitFor(() => expect(moves).toEqual([section, 'top']));
  });

  it('when the language is Hindi, then the link says in Hindi where it leads', async () => {
    await activateLanguage('hi');
    server.use(http.get(api('/item'), () => HttpResponse.json<Item[]>([])));
    renderApp('/user/shop', { session: buildSession() });

    const link = await headerPoints(/^आपके पॉइंट्स\s*12,34,567\.50\s*पॉइंट्स का हिसाब देखें$/);
    expect(link).toHaveAttribute('href', '/user/profile#points-history');
  });
});
