import { HOME_BY_USER_TYPE, type LoginResponse, type LogoutResponse, type UserType } from '@app/common';
import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { profileKeys } from '../../profile/keys';
import { buildLoginResponse, buildSession } from '../../../testing/factories';
import { api, errorResponse } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/render-app';
import { rememberTypedBeforeStart } from '../../../lib/prerender/typed-before-start';
import { findScreen } from '../../../testing/find-screen';
import { deviceTokenKey } from '../device-tokens';

async function submitLogin(user: ReturnType<typeof renderApp>['user'], username = 'asha', password = 'secret-pass') {
  await user.type(screen.getByLabelText(/^Username/), username);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login screen (/)', () => {
  it('when opened signed out, then it shows the title, the form and the support footer', async () => {
    renderApp('/');

    expect(screen.getByRole('heading', { level: 1, name: 'Login To Earn Rewards!' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Username/)).toBeRequired();
    expect(screen.getByLabelText(/^Password/)).toBeRequired();
    expect(await screen.findByText('Rewards')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+91 98765 43210' })).toHaveAttribute('href', 'tel:+919876543210');
  });

  it('when a field is empty, then it says so and sends nothing', async () => {
    const { user } = renderApp('/');

    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('when the server refuses the credentials, then its message is shown', async () => {
    server.use(http.post(api('/auth/login'), () => errorResponse(401, 'INVALID_CREDENTIALS', 'Invalid username or password')));
    const { user, pathname } = renderApp('/');

    await submitLogin(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(pathname()).toBe('/');
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('when the account is blocked, then the server message is shown', async () => {
    server.use(
      http.post(api('/auth/login'), () =>
        errorResponse(403, 'ACCOUNT_BLOCKED', 'Your account is blocked. Please contact support.'),
      ),
    );
    const { user } = renderApp('/');

    await submitLogin(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is blocked. Please contact support.');
  });

  it('when the network fails, then it shows "Failed to login"', async () => {
    server.use(http.post(api('/auth/login'), () => HttpResponse.error()));
    const { user } = renderApp('/');

    await submitLogin(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to login');
  });

  it.each([
    ['customer', 'Shop'],
    ['admin', 'User List'],
    ['superadmin', 'User List'],
  ] as const)(
    'when the user type is %s, then the session is stored and they land on their home',
    async (userType: UserType, heading: string) => {
      const response = buildLoginResponse({ userType, username: 'asha', partyName: 'Asha Stores' });
      let body: unknown;
      server.use(
        http.post(api('/auth/login'), async ({ request }) => {
          body = await request.json();
          return HttpResponse.json(response);
        }),
      );
      const { user, pathname } = renderApp('/');

      await submitLogin(user, '  asha ', 'secret-pass');

      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(pathname()).toBe(HOME_BY_USER_TYPE[userType]);
      expect(body).toEqual({ username: 'asha', password: 'secret-pass' });
      // Spec §3: the refreshToken is stored as the token, with username, userType and partyName.
      expect(window.localStorage.getItem('token')).toBe(response.refreshToken);
      expect(window.localStorage.getItem('username')).toBe('asha');
      expect(window.localStorage.getItem('userType')).toBe(userType);
      expect(window.localStorage.getItem('partyName')).toBe('Asha Stores');
      expect(window.localStorage.getItem('_id')).toBe(response.user._id);
    },
  );

  it('when someone signs in after an earlier session ended, then nothing the earlier user loaded is kept', async () => {
    server.use(
      http.post(api('/auth/login'), () => HttpResponse.json(buildLoginResponse({ userType: 'customer' }))),
      // The new user's balance is still on its way, so only a kept cache entry could show a number.
      http.get(api('/user/points'), () => delay('infinite')),
    );
    const { user, queryClient } = renderApp('/');
    // What a previous customer's header left in the cache when their session ended with a 401.
    queryClient.setQueryData(profileKeys.points(), { availablePoints: 999999, totalPoints: 999999 });

    await submitLogin(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeInTheDocument();
    expect(screen.getByText('Your Points')).toBeInTheDocument();
    expect(screen.queryByText('9,99,999.00')).not.toBeInTheDocument();
    expect(queryClient.getQueryData(profileKeys.points())).toBeUndefined();
  });

  it('when the password has not been reset yet, then login leads to /reset-password', async () => {
    server.use(http.post(api('/auth/login'), () => HttpResponse.json(buildLoginResponse({ isPasswordReset: false }))));
    const { user, pathname } = renderApp('/');

    await submitLogin(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Reset password' })).toBeInTheDocument();
    expect(pathname()).toBe('/reset-password');
    expect(window.localStorage.getItem('isPasswordReset')).toBe('false');
  });

  it('when the user type is unknown, then it shows "Unknown user type"', async () => {
    const response = buildLoginResponse();
    server.use(
      http.post(api('/auth/login'), () => HttpResponse.json({ ...response, user: { ...response.user, userType: 'auditor' } })),
    );
    const { user, pathname } = renderApp('/');

    await submitLogin(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown user type');
    expect(pathname()).toBe('/');
  });

  it('when already signed in, then / redirects to the home of their type', async () => {
    const { pathname } = renderApp('/', { session: buildSession({ userType: 'admin' }) });

    expect(await findScreen('User List')).toBeInTheDocument();
    expect(pathname()).toBe('/admin-dashboard');
  });
});

// Contract "Known devices": the device keeps one token per username and sends it with that name's sign-in.
describe('login screen (/): the device token', () => {
  const DEVICE_TOKENS = 'deviceTokens';
  const storedTokens = () => JSON.parse(window.localStorage.getItem(DEVICE_TOKENS) ?? 'null') as unknown;

  /** Answers every sign-in with `answer` (or its result) and records each body sent. */
  function recordLogins(answer: () => LoginResponse) {
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/auth/login'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(answer());
      }),
    );
    return bodies;
  }

  it('when a username has a token on this device, then it goes with that name’s sign-in in any spelling, and the answer’s token replaces it', async () => {
    window.localStorage.setItem(DEVICE_TOKENS, JSON.stringify({ asha: 'device-of-asha', ravi: 'device-of-ravi' }));
    const response = buildLoginResponse({ username: 'Asha', userType: 'customer' });
    const bodies = recordLogins(() => response);
    const { user } = renderApp('/');

    await submitLogin(user, '  ASHA ', 'secret-pass');

    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeInTheDocument();
    expect(bodies).toEqual([{ username: 'ASHA', password: 'secret-pass', deviceToken: 'device-of-asha' }]);
    expect(storedTokens()).toEqual({
      [deviceTokenKey('asha')]: response.deviceToken,
      [deviceTokenKey('ravi')]: 'device-of-ravi',
    });
  });

  it('when another username signs in, then no token is sent, and theirs is kept beside the others', async () => {
    window.localStorage.setItem(DEVICE_TOKENS, JSON.stringify({ [deviceTokenKey('ravi')]: 'device-of-ravi' }));
    const response = buildLoginResponse({ username: 'asha', userType: 'customer' });
    const bodies = recordLogins(() => response);
    const { user } = renderApp('/');

    await submitLogin(user, 'asha', 'secret-pass');

    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeInTheDocument();
    expect(bodies).toEqual([{ username: 'asha', password: 'secret-pass' }]);
    expect(storedTokens()).toEqual({
      [deviceTokenKey('ravi')]: 'device-of-ravi',
      [deviceTokenKey('asha')]: response.deviceToken,
    });
  });

  it('when the sign-in is refused, then the kept token stays as it was', async () => {
    window.localStorage.setItem(DEVICE_TOKENS, JSON.stringify({ asha: 'device-of-asha' }));
    server.use(http.post(api('/auth/login'), () => errorResponse(401, 'INVALID_CREDENTIALS', 'Invalid username or password')));
    const { user } = renderApp('/');

    await submitLogin(user, 'asha', 'wrong-pass');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(storedTokens()).toEqual({ asha: 'device-of-asha' });
  });

  it.each([
    ['not JSON', '{"asha": "device-of'],
    ['a list', '["device-of-asha"]'],
    ['a number for the name', '{"asha": 42}'],
    ['null', 'null'],
  ])(
    'when the kept tokens are %s, then the sign-in goes without one and the answer’s token is kept',
    async (_label, corrupted) => {
      window.localStorage.setItem(DEVICE_TOKENS, corrupted);
      const response = buildLoginResponse({ username: 'asha', userType: 'customer' });
      const bodies = recordLogins(() => response);
      const { user } = renderApp('/');

      await submitLogin(user, 'asha', 'secret-pass');

      expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeInTheDocument();
      expect(bodies).toEqual([{ username: 'asha', password: 'secret-pass' }]);
      expect(storedTokens()).toMatchObject({ [deviceTokenKey('asha')]: response.deviceToken });
    },
  );

  /** Signs in as asha, then out through the user menu, back on the login screen. */
  async function signInAndOut(user: ReturnType<typeof renderApp>['user']) {
    server.use(http.post(api('/auth/logout'), () => HttpResponse.json<LogoutResponse>({ message: 'Logged out' })));
    await submitLogin(user, 'asha', 'secret-pass');
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Login To Earn Rewards!' })).toBeInTheDocument();
  }

  it('when the user logs out and signs in again, then the token from the first sign-in goes with the second', async () => {
    const first = buildLoginResponse({ username: 'asha', userType: 'admin' });
    const second = buildLoginResponse({ username: 'asha', userType: 'admin' });
    const answers = [first, second];
    const bodies = recordLogins(() => answers.shift()!);
    const { user } = renderApp('/');

    await signInAndOut(user);
    expect(window.localStorage.getItem('token')).toBeNull();
    await submitLogin(user, 'asha', 'secret-pass');

    expect(await findScreen('User List')).toBeInTheDocument();
    expect(bodies).toEqual([
      { username: 'asha', password: 'secret-pass' },
      { username: 'asha', password: 'secret-pass', deviceToken: first.deviceToken },
    ]);
    expect(storedTokens()).toEqual({ [deviceTokenKey('asha')]: second.deviceToken });
  });

  // Issue 30: the token is kept after a sign-out, the name is not.
  it('when the user logs out, then nothing the browser keeps names them, and a token kept under a plain name is filed under its hash', async () => {
    window.localStorage.setItem(DEVICE_TOKENS, JSON.stringify({ ravi: 'token-kept-before' }));
    recordLogins(() => ({ ...buildLoginResponse({ username: 'asha', userType: 'admin' }), deviceToken: 'token-answered' }));
    const { user } = renderApp('/');

    await signInAndOut(user);

    const everythingKept = [window.localStorage, window.sessionStorage]
      .flatMap((store) => Object.keys(store).map((key) => `${key}=${store.getItem(key)}`))
      .join('\n');
    expect(everythingKept).not.toMatch(/asha|ravi/i);
    expect(Object.keys(storedTokens() as object).sort()).toEqual([deviceTokenKey('asha'), deviceTokenKey('ravi')].sort());
  });
});

describe('login screen typed into before the app started (prerendered page, decision 023)', () => {
  it('when a visitor typed into the prerendered fields, then the live form starts from their text and focus', () => {
    const prerendered = document.createElement('div');
    prerendered.innerHTML =
      '<form><input name="username" value="asha"><input name="password" type="password" value="secret-pass"></form>';
    document.body.append(prerendered);
    prerendered.querySelector<HTMLInputElement>('input[name="password"]')!.focus();
    rememberTypedBeforeStart(prerendered);
    prerendered.remove();

    renderApp('/');

    expect(screen.getByLabelText(/^Username/)).toHaveValue('asha');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('secret-pass');
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
  });
});

// Contract "Sign-in codes" (issue 30): after a 429 the owner can ask for a code and sign in with it.
describe('login screen (/): a sign-in code after too many attempts', () => {
  const TOO_MANY = 'Too many failed sign-in attempts. Please try again in 15 minutes.';
  const SENT = 'If this account can receive a sign-in code, one is on its way. It is valid for 10 minutes.';

  it('when a sign-in is refused with 429, then a code can be asked for, and the next sign-in carries it', async () => {
    const logins: unknown[] = [];
    const codeRequests: unknown[] = [];
    const response = buildLoginResponse({ username: 'asha', userType: 'customer' });
    server.use(
      http.post(api('/auth/login'), async ({ request }) => {
        const body = await request.json();
        logins.push(body);
        return (body as { signInCode?: string }).signInCode
          ? HttpResponse.json(response)
          : errorResponse(429, 'RATE_LIMITED', TOO_MANY);
      }),
      http.post(api('/auth/sign-in-code'), async ({ request }) => {
        codeRequests.push(await request.json());
        return HttpResponse.json({ message: SENT }, { status: 202 });
      }),
    );
    const { user } = renderApp('/');

    // No offer before any refusal.
    expect(screen.queryByRole('button', { name: 'Send me a sign-in code' })).not.toBeInTheDocument();
    await submitLogin(user, ' asha ', 'secret-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY);
    await user.click(await screen.findByRole('button', { name: 'Send me a sign-in code' }));

    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(codeRequests).toEqual([{ username: 'asha' }]);
    const codeField = screen.getByLabelText(/^Sign-in code/);
    await user.type(codeField, '12a34');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Enter the 6-digit code that was sent to you')).toBeInTheDocument();
    expect(logins).toHaveLength(1);

    await user.type(codeField, '56');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeInTheDocument();
    expect(logins.at(-1)).toEqual({ username: 'asha', password: 'secret-pass', signInCode: '123456' });
  });

  it('when a sign-in is refused for a wrong password, then no code is offered', async () => {
    server.use(http.post(api('/auth/login'), () => errorResponse(401, 'INVALID_CREDENTIALS', 'Invalid username or password')));
    const { user } = renderApp('/');

    await submitLogin(user, 'asha', 'wrong-pass');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(screen.queryByRole('button', { name: 'Send me a sign-in code' })).not.toBeInTheDocument();
  });
});
