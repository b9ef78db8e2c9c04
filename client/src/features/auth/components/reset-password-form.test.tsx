import type { ChangePasswordInput, ChangePasswordResponse } from '@app/common';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildChangePasswordResponse, buildSession } from '../../../testing/factories';
import { api, errorResponse } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/render-app';

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], password: string, confirmation: string) {
  // The screen is downloaded on first visit (route-level splitting), so wait for it.
  await user.type(await screen.findByLabelText(/^New password/), password);
  await user.type(screen.getByLabelText(/^Confirm password/), confirmation);
  await user.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('reset password screen (/reset-password)', () => {
  it('when signed out, then it redirects to the login screen', async () => {
    const { pathname } = renderApp('/reset-password');

    expect(await screen.findByRole('heading', { name: 'Login To Earn Rewards!' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
  });

  it('when the passwords differ, then it says "Passwords do not match" and sends nothing', async () => {
    let calls = 0;
    server.use(
      http.post(api('/user/change-password'), () => {
        calls += 1;
        return HttpResponse.json(buildChangePasswordResponse());
      }),
    );
    const { user } = renderApp('/reset-password', { session: buildSession({ isPasswordReset: false }) });

    await fillAndSubmit(user, 'new-secret-1', 'new-secret-2');

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('when the password is shorter than 8 characters, then it says so', async () => {
    const { user } = renderApp('/reset-password', { session: buildSession({ isPasswordReset: false }) });

    await fillAndSubmit(user, 'short', 'short');

    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
  });

  it('when the change succeeds, then the new token is stored and the user goes home', async () => {
    const session = buildSession({ userType: 'customer', isPasswordReset: false, token: 'old-token' });
    const response = buildChangePasswordResponse({ _id: session._id, userType: 'customer' });
    let authorization: string | null = null;
    let body: unknown;
    server.use(
      http.post(api('/user/change-password'), async ({ request }) => {
        authorization = request.headers.get('authorization');
        body = await request.json();
        return HttpResponse.json(response);
      }),
    );
    const { user, pathname } = renderApp('/reset-password', { session });

    await fillAndSubmit(user, 'new-secret-1', 'new-secret-1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeInTheDocument();
    expect(pathname()).toBe('/user/shop');
    expect(authorization).toBe('Bearer old-token');
    expect(body).toEqual({ newPassword: 'new-secret-1' });
    // The answer's fresh token for this session is stored (the login token would go on working too).
    expect(window.localStorage.getItem('token')).toBe(response.refreshToken);
    expect(window.localStorage.getItem('isPasswordReset')).toBe('true');
  });

  it('when the server refuses, then its message is shown', async () => {
    server.use(
      http.post(api('/user/change-password'), () => errorResponse(400, 'VALIDATION_FAILED', 'Password must be at most 72 bytes')),
    );
    const { user, pathname } = renderApp('/reset-password', { session: buildSession({ isPasswordReset: false }) });

    await fillAndSubmit(user, 'new-secret-1', 'new-secret-1');

    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at most 72 bytes');
    expect(pathname()).toBe('/reset-password');
  });

  it('when the network fails, then it shows "Failed to reset password"', async () => {
    server.use(http.post(api('/user/change-password'), () => HttpResponse.error()));
    const { user } = renderApp('/reset-password', { session: buildSession({ isPasswordReset: false }) });

    await fillAndSubmit(user, 'new-secret-1', 'new-secret-1');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to reset password');
  });
});

describe('reset password screen: the current password (contract: change-password)', () => {
  it('when someone else chose the password (forced change), then there is no "Current password" field', async () => {
    renderApp('/reset-password', { session: buildSession({ isPasswordReset: false }) });

    expect(await screen.findByLabelText(/^New password/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Current password/)).not.toBeInTheDocument();
  });

  it('when the user chose their own password, then "Current password" is asked and sent with the new one', async () => {
    const session = buildSession({ userType: 'customer', isPasswordReset: true });
    const response = buildChangePasswordResponse({ _id: session._id, userType: 'customer' });
    let body: ChangePasswordInput | undefined;
    server.use(
      http.post(api('/user/change-password'), async ({ request }) => {
        body = (await request.json()) as ChangePasswordInput;
        return HttpResponse.json<ChangePasswordResponse>(response);
      }),
    );
    const { user, pathname } = renderApp('/reset-password', { session });

    const current = await screen.findByLabelText(/^Current password/);
    expect(current).toBeRequired();
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    await user.type(current, 'my-old-secret');
    await fillAndSubmit(user, 'new-secret-1', 'new-secret-1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeInTheDocument();
    expect(pathname()).toBe('/user/shop');
    expect(body).toEqual({ currentPassword: 'my-old-secret', newPassword: 'new-secret-1' });
    expect(window.localStorage.getItem('token')).toBe(response.refreshToken);
  });

  it('when the current password is left empty, then it says so and sends nothing', async () => {
    let calls = 0;
    server.use(
      http.post(api('/user/change-password'), () => {
        calls += 1;
        return HttpResponse.json<ChangePasswordResponse>(buildChangePasswordResponse());
      }),
    );
    const { user } = renderApp('/reset-password', { session: buildSession({ isPasswordReset: true }) });

    await fillAndSubmit(user, 'new-secret-1', 'new-secret-1');

    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Current password/)).toHaveAccessibleDescription('Current password is required');
    expect(calls).toBe(0);
  });

  it('when the server says the current password is wrong, then its message is under that field and the user stays signed in', async () => {
    server.use(
      http.post(api('/user/change-password'), () =>
        errorResponse(400, 'VALIDATION_FAILED', 'Current password is incorrect', [
          { field: 'currentPassword', message: 'Current password is incorrect' },
        ]),
      ),
    );
    const session = buildSession({ isPasswordReset: true });
    const { user, pathname } = renderApp('/reset-password', { session });

    await user.type(await screen.findByLabelText(/^Current password/), 'a-wrong-guess');
    await fillAndSubmit(user, 'new-secret-1', 'new-secret-1');

    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    const current = screen.getByLabelText(/^Current password/);
    expect(current).toHaveAccessibleDescription('Current password is incorrect');
    expect(current).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(pathname()).toBe('/reset-password');
    expect(window.localStorage.getItem('token')).toBe(session.token);
  });

  it('when the server refuses a common new password, then its message is under "New password"', async () => {
    const message = 'This password is too common; choose one that is harder to guess';
    server.use(
      http.post(api('/user/change-password'), () =>
        errorResponse(400, 'VALIDATION_FAILED', message, [{ field: 'newPassword', message }]),
      ),
    );
    const { user } = renderApp('/reset-password', { session: buildSession({ isPasswordReset: false }) });

    await fillAndSubmit(user, 'baseball1', 'baseball1');

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when a forced change hears "Current password is required" (the session was out of date), then the message is shown, not lost', async () => {
    server.use(
      http.post(api('/user/change-password'), () =>
        errorResponse(400, 'VALIDATION_FAILED', 'Current password is required', [
          { field: 'currentPassword', message: 'Current password is required' },
        ]),
      ),
    );
    const { user } = renderApp('/reset-password', { session: buildSession({ isPasswordReset: false }) });

    await fillAndSubmit(user, 'new-secret-1', 'new-secret-1');

    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is required');
  });
});
