import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { firstScreenPlan } from './first-screen-plan';
import type { FirstScreenPlan } from '../lib/early-requests/first-screen-plan';
import { keepPrerenderedScreen } from '../lib/prerender/keep-prerendered-screen';

// The plan the build writes into the page, derived from the screens' loaders (app/first-screen-plan.ts).
let plan: FirstScreenPlan;
beforeAll(async () => {
  plan = await firstScreenPlan();
});

type Visit = {
  path?: string;
  token?: string;
  userType?: string;
  isPasswordReset?: string;
  partyName?: string;
  language?: string;
  browserLanguages?: string[];
};

// The headings by user type, then by path, as build/prerender-screens.ts writes them; the leads by path.
const HEADINGS = {
  admin: { '/admin-dashboard': 'User List', '/admin-orders': 'Orders', '/help': 'Help' },
  superadmin: { '/superadmin-system': 'System Settings', '/help': 'Help' },
  customer: { '/user/profile': 'Hello, {name}', '/user/cart': 'Cart', '/help': 'Help' },
};
const LEADS = { '/help': 'For questions, please contact:' };

/** The built page's shape: the login in #root, then the signed-in frames' template (build/prerender-screens.ts). */
const PAGE =
  '<div id="root"><main><h1>Login To Earn Rewards!</h1><form></form></main></div>' +
  `<template id="prerendered-frames" data-headings='${JSON.stringify(HEADINGS)}' data-leads='${JSON.stringify(LEADS)}'>` +
  '<div data-frame-of="admin"><header>Admin nav</header><main><h1>User List</h1><p data-lead> </p><p>Loading...</p></main></div>' +
  '<div data-frame-of="superadmin"><header>Superadmin nav</header><main><h1>User List</h1><p data-lead> </p><p>Loading...</p></main></div>' +
  '<div data-frame-of="customer"><header>Customer nav</header><main><h1>Hello, </h1><p data-lead> </p><p>Loading...</p></main></div>' +
  '<div data-frame-of="customer-shop"><header>Customer nav</header><main><h1>Shop</h1><ul data-first-item></ul></main></div>' +
  '<div data-frame-of="customer-product"><header>Customer nav</header><main><article data-first-item><h1></h1></article></main></div>' +
  '</template>';

/** This document with a prerendered #root, seen from a page at `path` with the given storage and browser. */
function visit({
  path = '/',
  token,
  userType,
  isPasswordReset,
  partyName,
  language,
  browserLanguages = ['en-IN', 'en'],
}: Visit): string {
  document.body.innerHTML = PAGE;
  localStorage.clear();
  if (token) localStorage.setItem('token', token);
  if (userType) localStorage.setItem('userType', userType);
  if (isPasswordReset) localStorage.setItem('isPasswordReset', isPasswordReset);
  if (partyName) localStorage.setItem('partyName', partyName);
  if (language) localStorage.setItem('language', language);
  const page = {
    document,
    localStorage,
    location: { pathname: path },
    navigator: { languages: browserLanguages, language: browserLanguages[0] },
  } as unknown as Window;
  keepPrerenderedScreen(page, plan);
  return document.getElementById('root')!.textContent ?? '';
}

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('the prerendered login (decision 023) stays only where it is the screen to show', () => {
  it('when a signed-out English reader opens /, then the login painted from HTML stays', () => {
    expect(visit({})).toBe('Login To Earn Rewards!');
    expect(visit({ language: 'en', browserLanguages: ['hi-IN'] })).toBe('Login To Earn Rewards!');
  });

  it('when Login is pressed on the prerendered form before the app is live, then nothing is sent', () => {
    visit({});
    const submit = new Event('submit', { cancelable: true });
    document.querySelector('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
  });

  it.each<[string, Visit]>([
    ['another address (the same page answers every route)', { path: '/user/shop' }],
    ['a signed-in visitor (sent to their home)', { token: 'token-1' }],
    ['a reader who chose Hindi', { language: 'hi' }],
    ['a browser set to Hindi, nothing chosen yet', { browserLanguages: ['hi-IN', 'en'] }],
  ])('when it is %s, then #root is emptied for the real screen', (_case, visitOf) => {
    expect(visit(visitOf)).toBe('');
  });
});

describe('a returning admin or superadmin sees their frame from the page (decision 030)', () => {
  const admin = { token: 'token-1', userType: 'admin', isPasswordReset: 'true' };

  it('when an admin opens a screen with a heading, then their frame is in #root with that screen’s heading, marked for main.tsx', () => {
    expect(visit({ ...admin, path: '/admin-orders' })).toBe('Admin navOrdersLoading...');
    expect(document.getElementById('root')!.getAttribute('data-prerendered')).toBe('frame');
    expect(document.querySelectorAll('#root h1')).toHaveLength(1);
    // A screen without a lead: the lead's place is gone, not left blank.
    expect(document.querySelectorAll('#root [data-lead]')).toHaveLength(0);
  });

  it('when an admin opens Help, then the frame holds its heading and its lead', () => {
    expect(visit({ ...admin, path: '/help' })).toBe('Admin navHelpFor questions, please contact:Loading...');
    expect(document.querySelector('#root [data-lead]')!.textContent).toBe('For questions, please contact:');
  });

  it('when a superadmin opens a screen with a heading, then the superadmin’s frame is drawn', () => {
    expect(visit({ ...admin, userType: 'superadmin', path: '/superadmin-system' })).toBe(
      'Superadmin navSystem SettingsLoading...',
    );
  });

  it.each<[string, Visit]>([
    ['an address without a screen', { ...admin, path: '/admin-unknown' }],
    ['a customer at a staff address', { ...admin, userType: 'customer', path: '/admin-orders' }],
    ['an admin at a customer’s address', { ...admin, path: '/user/cart' }],
    ['an admin at a superadmin’s address', { ...admin, path: '/superadmin-system' }],
    ['a user type with no frame, spelled like a selector', { ...admin, userType: '"], *, ["', path: '/admin-orders' }],
    ['a stored user type named like a customer’s frame', { ...admin, userType: 'customer-product', path: '/admin-orders' }],
    ['someone who must first reset their password', { ...admin, isPasswordReset: 'false', path: '/admin-orders' }],
    ['a reader in Hindi', { ...admin, language: 'hi', path: '/admin-orders' }],
    ['signed out', { path: '/admin-orders' }],
    ['a path named like an object’s own property', { ...admin, path: 'constructor' }],
  ])('when it is %s, then #root stays empty and unmarked', (_case, visitOf) => {
    expect(visit(visitOf)).toBe('');
    expect(document.getElementById('root')!.hasAttribute('data-prerendered')).toBe(false);
  });
});

describe('a returning customer sees their shop from the page (decision 031), and the heading of their other screens (decision 047)', () => {
  const customer = { token: 'token-1', userType: 'customer', isPasswordReset: 'true' };

  it('when a customer opens their profile, then their frame greets them by the name the session keeps', () => {
    expect(visit({ ...customer, partyName: 'Jaipur Electricals', path: '/user/profile' })).toBe(
      'Customer navHello, Jaipur ElectricalsLoading...',
    );
    expect(document.getElementById('root')!.getAttribute('data-prerendered')).toBe('frame');
  });

  it('when a name holds markup, then it is drawn as text', () => {
    visit({ ...customer, partyName: '<img src=x onerror=alert(1)>', path: '/user/profile' });
    expect(document.querySelector('#root h1')!.textContent).toBe('Hello, <img src=x onerror=alert(1)>');
    expect(document.querySelectorAll('#root img')).toHaveLength(0);
  });

  it('when a customer opens the cart or Help, then their frame holds that heading (and Help’s lead)', () => {
    expect(visit({ ...customer, path: '/user/cart' })).toBe('Customer navCartLoading...');
    expect(visit({ ...customer, path: '/help' })).toBe('Customer navHelpFor questions, please contact:Loading...');
  });

  it('when a customer opens the shop, then their frame with the shop’s heading and the first card’s slot is in #root, marked', () => {
    expect(visit({ ...customer, path: '/user/shop' })).toBe('Customer navShop');
    expect(document.getElementById('root')!.getAttribute('data-prerendered')).toBe('frame');
    expect(document.querySelectorAll('#root [data-first-item]')).toHaveLength(1);
  });

  it('when a customer opens a product page, then their frame with the product’s blank picture and heading is in #root, marked', () => {
    expect(visit({ ...customer, path: '/product/abc' })).toBe('Customer nav');
    expect(document.getElementById('root')!.getAttribute('data-prerendered')).toBe('frame');
    expect(document.querySelectorAll('#root article[data-first-item]')).toHaveLength(1);
  });

  it.each<[string, Visit]>([
    ['a customer screen without a heading', { ...customer, path: '/thank-you' }],
    ['the profile with no name kept', { ...customer, path: '/user/profile' }],
    ['an address below a product', { ...customer, path: '/product/abc/more' }],
    ['a staff address', { ...customer, path: '/admin-dashboard' }],
    ['a customer who must first reset their password', { ...customer, isPasswordReset: 'false', path: '/user/shop' }],
    ['a customer reading Hindi', { ...customer, language: 'hi', path: '/user/shop' }],
    ['an admin at the shop’s address', { ...customer, userType: 'admin', path: '/user/shop' }],
  ])('when it is %s, then #root stays empty and unmarked', (_case, visitOf) => {
    expect(visit(visitOf)).toBe('');
    expect(document.getElementById('root')!.hasAttribute('data-prerendered')).toBe(false);
  });
});
