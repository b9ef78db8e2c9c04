import type { LogoutResponse, Order, Page, PublicSettings } from '@app/common';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildLoginResponse,
  buildPage,
  buildPoints,
  buildProfile,
  buildPublicSettings,
  buildSession,
} from '../../testing/factories';
import { api, errorResponse } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { activateLanguage } from '../../lib/i18n/language';
import { renderApp } from '../../testing/render-app';
import { findScreen } from '../../testing/find-screen';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('signed-in frame', () => {
  it('when signed out, then a signed-in route redirects to /', async () => {
    const { pathname } = renderApp('/user/shop');

    expect(await screen.findByRole('heading', { name: 'Login To Earn Rewards!' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
  });

  it('when the password is not reset yet, then any screen leads to /reset-password', async () => {
    const { pathname } = renderApp('/admin-items', { session: buildSession({ isPasswordReset: false }) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Reset password' })).toBeInTheDocument();
    expect(pathname()).toBe('/reset-password');
  });

  it('when a customer opens the shop, then the header shows their tier and points and the footer the phones', async () => {
    server.use(
      http.get(api('/user/profile'), () => Response.json(buildProfile({ tier: 'NoTier' }))),
      http.get(api('/user/points'), () => Response.json(buildPoints({ availablePoints: 1234567.5 }))),
    );
    renderApp('/user/shop', { session: buildSession({ userType: 'customer' }) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeInTheDocument();
    expect(screen.getByText('Earn with every purchase')).toBeInTheDocument();
    // Spec §2 Shop: a NoTier customer is told they are not earning.
    expect(await screen.findByText('You are not earning points')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /No Tier.*View tier details/ })).toHaveAttribute('href', '/tier-page');
    expect(screen.getByText('Your Points')).toBeInTheDocument();
    expect(await screen.findByText('12,34,567.50')).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByRole('link', { name: '+91 99887 76655' })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/user/cart');
    expect(within(footer).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/user/profile');
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('when staff are signed in, then the footer shows the product name and a support line with all three numbers', async () => {
    renderApp('/admin-dashboard', { session: buildSession({ userType: 'admin' }) });

    const footer = await screen.findByRole('contentinfo');
    expect(await within(footer).findByText('Rewards')).toBeInTheDocument();
    // Spec §1: three support numbers, each callable; joined the en-IN way ("a, b or c").
    expect(footer).toHaveTextContent(
      'Support: Asha Verma +91 98765 43210, Ravi Kumar +91 91234 56789 or Meena Joshi +91 99887 76655',
    );
    expect(
      within(footer)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['+91 98765 43210', 'tel:+919876543210'],
      ['+91 91234 56789', 'tel:+919123456789'],
      ['+91 99887 76655', 'tel:+919988776655'],
    ]);
  });

  it('when no support contacts are configured, then the staff footer says so under the product name', async () => {
    server.use(
      http.get(api('/settings/public'), () =>
        HttpResponse.json<PublicSettings>(buildPublicSettings({ productName: 'Shree Rewards', supportContacts: [] })),
      ),
    );
    renderApp('/superadmin-dashboard', { session: buildSession({ userType: 'superadmin' }) });

    const footer = await screen.findByRole('contentinfo');
    expect(await within(footer).findByText('Shree Rewards')).toBeInTheDocument();
    expect(within(footer).getByText('Support contacts are not configured yet')).toBeInTheDocument();
    expect(within(footer).queryByRole('link')).not.toBeInTheDocument();
  });

  it.each([
    ['/admin-items', 'Items'],
    ['/superadmin-items', 'Items'],
  ])('when %s opens, then the shared staff screen "%s" offers to add an item', async (path, title) => {
    const userType = path.startsWith('/superadmin') ? 'superadmin' : 'admin';
    const { pathname } = renderApp(path, { session: buildSession({ userType }) });

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    // The heading is drawn while the screen's code loads (its opening, decision 047); the button comes with the screen.
    expect(await screen.findByRole('button', { name: 'Add New Item' })).toBeInTheDocument();
    expect(pathname()).toBe(path);
    await vi.waitFor(() => expect(document.title).toBe(`${title} | Rewards`));
  });

  it.each([
    ['/admin-orders', 'Orders'],
    ['/superadmin-orders', 'Orders'],
  ])('when %s opens, then the shared staff screen "%s" offers the order search', async (path, title) => {
    server.use(http.get(api('/admin/orders'), () => HttpResponse.json<Page<Order>>(buildPage([]))));
    const userType = path.startsWith('/superadmin') ? 'superadmin' : 'admin';
    const { pathname } = renderApp(path, { session: buildSession({ userType }) });

    expect(await findScreen(title)).toBeInTheDocument();
    expect(screen.getByLabelText('Search by order ID or username')).toBeInTheDocument();
    expect(pathname()).toBe(path);
    await vi.waitFor(() => expect(document.title).toBe(`${title} | Rewards`));
  });

  it('when a superadmin is signed in, then the navigation lists their screens', async () => {
    renderApp('/superadmin-dashboard', { session: buildSession({ userType: 'superadmin' }) });

    expect(await findScreen('User List')).toBeInTheDocument();
    // getAllByRole throws when nothing matches, so there is a first one.
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Users', '/superadmin-dashboard'],
      ['Orders', '/superadmin-orders'],
      ['Items', '/superadmin-items'],
      ['Bills', '/superadmin-bills'],
      ['System', '/superadmin-system'],
      ['Campaigns', '/superadmin-campaigns'],
      ['Overview', '/superadmin-overview'],
      ['Audit', '/superadmin-audit'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByText('Your Points')).not.toBeInTheDocument();
  });

  it('when the user logs out from the user menu, then the server revokes the token, the session is cleared and they are back at /', async () => {
    const logoutAuthorizations: (string | null)[] = [];
    server.use(
      http.post(api('/auth/logout'), ({ request }) => {
        logoutAuthorizations.push(request.headers.get('Authorization'));
        return HttpResponse.json<LogoutResponse>({ message: 'Logged out' });
      }),
    );
    const session = buildSession({ userType: 'admin', partyName: 'Head Office' });
    const { user, pathname } = renderApp('/admin-dashboard', { session });

    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    expect(await screen.findByText('Head Office')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Help' })).toHaveAttribute('href', '/help');
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Login To Earn Rewards!' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
    expect(window.localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(logoutAuthorizations).toEqual([`Bearer ${session.token}`]));
  });

  it('when the points fetch answers 401, then the session is cleared and the user is sent to /', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get(api('/user/points'), () => errorResponse(401, 'UNAUTHENTICATED', 'Your session has ended.')));
    const { pathname } = renderApp('/user/shop', { session: buildSession({ userType: 'customer' }) });

    expect(await screen.findByRole('heading', { name: 'Login To Earn Rewards!' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(log).toHaveBeenCalledWith('Unauthorized. Redirecting to login.');
  });

  it('when the path is unknown, then a not-found page links home', async () => {
    renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('when a screen opens, then the document title names it and the product', async () => {
    renderApp('/admin-bills', { session: buildSession({ userType: 'admin' }) });

    expect(await findScreen('Bills')).toBeInTheDocument();
    await vi.waitFor(() => expect(document.title).toBe('Bills | Rewards'));
  });
});

describe('signed-in frame in Hindi', () => {
  it('when a superadmin reads Hindi, then the header, navigation and user menu are in Hindi with none of their English words', async () => {
    await activateLanguage('hi');
    const { user } = renderApp('/superadmin-dashboard', {
      session: buildSession({ userType: 'superadmin', partyName: 'Head Office' }),
    });

    // The first screen of a test run compiles the layout and the Hindi catalogues: more than the usual wait.
    const header = await screen.findByRole('banner', undefined, { timeout: 15_000 });
    const nav = (await within(header).findAllByRole('navigation', { name: 'मुख्य मेन्यू' }))[0]!;
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['यूज़र्स', 'ऑर्डर', 'आइटम', 'बिल', 'सिस्टम', 'अभियान', 'सारांश', 'ऑडिट']);
    expect(screen.getByRole('link', { name: 'मुख्य हिस्से पर जाएँ' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'मेन्यू खोलें' })).toBeInTheDocument();
    expect(await within(header).findByRole('button', { name: 'सूचनाएँ' })).toBeInTheDocument();

    await user.click(within(header).getByRole('button', { name: 'यूज़र मेन्यू' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Head Office')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'मदद' })).toHaveAttribute('href', '/help');
    expect(within(menu).getByRole('menuitem', { name: 'सूचनाओं के लिए ईमेल' })).toBeInTheDocument();
    expect(within(menu).getByText('भाषा')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitemradio', { name: 'हिन्दी' })).toHaveAttribute('aria-checked', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'लॉगआउट' })).toBeInTheDocument();

    for (const english of [
      'Users',
      'Orders',
      'Items',
      'Bills',
      'System',
      'Campaigns',
      'Overview',
      'Audit',
      'Help',
      'Logout',
      'Language',
      'Email for notifications',
    ]) {
      expect(within(header).queryByText(english)).not.toBeInTheDocument();
      expect(within(menu).queryByText(english)).not.toBeInTheDocument();
    }
    for (const name of ['User menu', 'Open navigation', 'Notifications']) {
      expect(within(header).queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByText('Skip to main content')).not.toBeInTheDocument();
  });

  it('when a customer reads Hindi, then the tier badge and the account navigation are in Hindi', async () => {
    await activateLanguage('hi');
    server.use(http.get(api('/user/profile'), () => Response.json(buildProfile({ tier: 'NoTier' }))));
    renderApp('/user/shop', { session: buildSession({ userType: 'customer' }) });

    const badge = await screen.findByRole(
      'link',
      { name: /कोई टियर नहीं.*टियर, 0 स्टार। टियर की जानकारी देखें/ },
      { timeout: 15_000 },
    );
    expect(badge).toHaveAttribute('href', '/tier-page');
    const footerNav = within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'खाता' });
    expect(
      within(footerNav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['कार्ट', 'प्रोफ़ाइल']);
    expect(screen.queryByText('No Tier')).not.toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).queryByRole('link', { name: 'Cart' })).not.toBeInTheDocument();
  });

  it('when an unknown path opens in Hindi, then the not-found page and the document title are in Hindi', async () => {
    await activateLanguage('hi');
    renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: 'पेज नहीं मिला' })).toBeInTheDocument();
    expect(screen.getByText('इस लिंक पर कोई पेज नहीं है।')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'होम पेज पर जाएँ' })).toHaveAttribute('href', '/');
    await vi.waitFor(() => expect(document.title).toBe('पेज नहीं मिला | Rewards'));
  });

  it('when the password reset screen opens in Hindi, then its form is in Hindi', async () => {
    await activateLanguage('hi');
    renderApp('/reset-password', { session: buildSession({ isPasswordReset: false }) });

    expect(await screen.findByRole('heading', { level: 1, name: 'पासवर्ड रीसेट करें' })).toBeInTheDocument();
    expect(screen.getByText('आगे बढ़ने से पहले कृपया अपना खुद का पासवर्ड चुनें।')).toBeInTheDocument();
    expect(screen.getByLabelText(/^नया पासवर्ड/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^पासवर्ड दोबारा डालें/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'पासवर्ड रीसेट करें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'लॉगआउट' })).toBeInTheDocument();
    for (const english of ['Reset password', 'New password', 'Confirm password', 'Logout']) {
      expect(screen.queryByText(english)).not.toBeInTheDocument();
    }
  });

  it('when a user whose language is Hindi logs in, then the screens after the login are in Hindi', async () => {
    server.use(http.post(api('/auth/login'), () => HttpResponse.json(buildLoginResponse({ userType: 'admin', language: 'hi' }))));
    const { user } = renderApp('/');

    await user.type(await screen.findByLabelText(/^Username/), 'head-office');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('button', { name: 'यूज़र मेन्यू' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'hi');
  });

  it('when the new passwords differ in Hindi, then the form says so in Hindi', async () => {
    await activateLanguage('hi');
    const { user } = renderApp('/reset-password', { session: buildSession({ isPasswordReset: false }) });

    await user.type(await screen.findByLabelText(/^नया पासवर्ड/), 'a long new password');
    await user.type(screen.getByLabelText(/^पासवर्ड दोबारा डालें/), 'another password');
    await user.click(screen.getByRole('button', { name: 'पासवर्ड रीसेट करें' }));

    expect(await screen.findByText('दोनों पासवर्ड एक जैसे नहीं हैं')).toBeInTheDocument();
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
  });
});
