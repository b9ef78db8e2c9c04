import type { DeleteUserResponse, ResetUserPasswordResponse, User } from '@app/common';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  buildDeleteUserResponse,
  buildPage,
  buildResetUserPasswordResponse,
  buildSession,
  buildUser,
} from '../../testing/factories';
import { api, errorResponse } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { renderApp } from '../../testing/render-app';
import { findScreen } from '../../testing/find-screen';

const superadmin = buildUser({ username: 'chief', userType: 'superadmin', tier: 'NoTier' });
const session = () => buildSession({ userType: 'superadmin', _id: superadmin._id, username: superadmin.username });

/** Opens the screen and waits for its code, which is downloaded on first visit (route-level splitting). */
async function openDashboard() {
  const app = renderApp('/superadmin-dashboard', { session: session() });
  await findScreen('User List');
  return app;
}

/** Answers superadmin/allusers per userType, like the server's three lists; tests may change byType later. */
function serveUsers(byType: Partial<Record<User['userType'], User[]>>) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get(api('/superadmin/allusers'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      const userType = params.get('userType') as User['userType'];
      return HttpResponse.json(buildPage(byType[userType] ?? []));
    }),
  );
  return requests;
}

describe('superadmin user list (/superadmin-dashboard)', () => {
  it('when it opens, then only the customers are asked for; each other list asks for its own user type when its tab is first opened, and keeps its search after', async () => {
    const requests = serveUsers({
      customer: [buildUser({ username: 'dealer-1' })],
      admin: [buildUser({ username: 'office-1', userType: 'admin', tier: 'NoTier' })],
      superadmin: [superadmin],
    });
    const { user } = await openDashboard();

    const customers = await screen.findByRole('table', { name: 'Customers' });
    expect(within(customers).getByRole('combobox', { name: 'Tier for dealer-1' })).toHaveValue('Silver');
    expect(requests.map((params) => params.get('userType'))).toEqual(['customer']);

    await user.click(screen.getByRole('tab', { name: 'Admins' }));
    const admins = await screen.findByRole('table', { name: 'Admins' });
    // Only customers have a tier to change.
    expect(within(admins).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(admins).getByText('No Tier')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Superadmins' }));
    await screen.findByRole('table', { name: 'Superadmins' });
    expect(requests.map((params) => params.get('userType'))).toEqual(['customer', 'admin', 'superadmin']);
    expect(requests.every((params) => params.get('page') === '1')).toBe(true);

    // A list opened once stays as it was left: its search is still there when its tab is opened again.
    await user.click(screen.getByRole('tab', { name: 'Admins' }));
    const adminsPanel = screen.getByRole('tabpanel', { name: 'Admins' });
    await user.type(within(adminsPanel).getByRole('searchbox'), 'office');
    await user.click(screen.getByRole('tab', { name: 'Customers' }));
    await user.click(screen.getByRole('tab', { name: 'Admins' }));
    expect(within(screen.getByRole('tabpanel', { name: 'Admins' })).getByRole('searchbox')).toHaveValue('office');
  });

  it('when the blocked box is clicked, then it asks first and sends the opposite of the current value', async () => {
    const dealer = buildUser({ username: 'dealer-1', blocked: false });
    const byType = { customer: [dealer] };
    serveUsers(byType);
    const bodies: unknown[] = [];
    server.use(
      http.post(api(`/superadmin/users/${dealer._id}/block`), async ({ request }) => {
        const body = (await request.json()) as { blocked: boolean };
        bodies.push(body);
        byType.customer = [{ ...dealer, blocked: body.blocked }];
        return HttpResponse.json(byType.customer[0]);
      }),
    );
    const { user } = await openDashboard();

    await user.click(await screen.findByRole('checkbox', { name: 'Blocked: dealer-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block user' });
    expect(within(dialog).getByText('Are you sure you want to block this user?')).toBeInTheDocument();
    // Nothing is sent, nor ticked, before the answer.
    expect(bodies).toEqual([]);
    expect(screen.getByRole('checkbox', { name: 'Blocked: dealer-1' })).not.toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Block' }));

    expect(await screen.findByText('dealer-1 is blocked and has been signed out')).toBeInTheDocument();
    expect(bodies).toEqual([{ blocked: true }]);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Blocked: dealer-1' })).toBeChecked());
  });

  it('when a blocked user is unblocked, then the question says unblock and blocked false is sent', async () => {
    const dealer = buildUser({ username: 'dealer-2', blocked: true });
    serveUsers({ customer: [dealer] });
    let body: unknown;
    server.use(
      http.post(api(`/superadmin/users/${dealer._id}/block`), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json<User>({ ...dealer, blocked: false });
      }),
    );
    const { user } = await openDashboard();

    await user.click(await screen.findByRole('checkbox', { name: 'Blocked: dealer-2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unblock user' });
    expect(within(dialog).getByText('Are you sure you want to unblock this user?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Unblock' }));

    await waitFor(() => expect(body).toEqual({ blocked: false }));
  });

  it('when Delete is clicked, then it asks first; Cancel sends nothing and Delete removes the user', async () => {
    const dealer = buildUser({ username: 'dealer-1' });
    let deleted = false;
    server.use(
      http.get(api('/superadmin/allusers'), ({ request }) => {
        const userType = new URL(request.url).searchParams.get('userType');
        return HttpResponse.json(buildPage(userType === 'customer' && !deleted ? [dealer] : []));
      }),
      http.delete(api(`/superadmin/users/${dealer._id}`), () => {
        deleted = true;
        return HttpResponse.json<DeleteUserResponse>(buildDeleteUserResponse(dealer._id));
      }),
    );
    const { user } = await openDashboard();

    await user.click(await screen.findByRole('button', { name: 'Delete dealer-1' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(within(dialog).getByText('Are you sure you want to delete this user?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete user' })).not.toBeInTheDocument());
    expect(deleted).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete dealer-1' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('dealer-1 has been deleted')).toBeInTheDocument();
    expect(deleted).toBe(true);
    expect(await screen.findByText('No customers yet')).toBeInTheDocument();
  });

  it('when the server refuses an action, then its message shows in the dialog', async () => {
    const dealer = buildUser({ username: 'dealer-1' });
    serveUsers({ customer: [dealer] });
    server.use(
      http.delete(api(`/superadmin/users/${dealer._id}`), () =>
        errorResponse(403, 'FORBIDDEN', 'You cannot delete your own account'),
      ),
    );
    const { user } = await openDashboard();

    await user.click(await screen.findByRole('button', { name: 'Delete dealer-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You cannot delete your own account');
  });

  it("when the list holds the signed-in superadmin, then their own row's actions are disabled", async () => {
    const other = buildUser({ username: 'deputy', userType: 'superadmin', tier: 'NoTier' });
    serveUsers({ superadmin: [superadmin, other] });
    const { user } = await openDashboard();

    await user.click(await screen.findByRole('tab', { name: 'Superadmins' }));
    const table = await screen.findByRole('table', { name: 'Superadmins' });
    const own = within(table).getByRole('row', { name: /chief/ });
    expect(within(own).getByRole('button', { name: 'Delete chief' })).toBeDisabled();
    expect(within(own).getByRole('button', { name: 'Reset Password for chief' })).toBeDisabled();
    expect(within(own).getByRole('checkbox', { name: 'Blocked: chief' })).toBeDisabled();
    expect(within(own).getByRole('button', { name: 'Delete chief' })).toHaveAttribute(
      'title',
      'You cannot change your own account here',
    );
    expect(within(table).getByRole('button', { name: 'Delete deputy' })).toBeEnabled();
  });

  it('when a tier is chosen, then change-tier is sent for that user and the row shows the new tier', async () => {
    const dealer = buildUser({ username: 'dealer-1', tier: 'Silver' });
    const byType = { customer: [dealer] };
    serveUsers(byType);
    let body: unknown;
    server.use(
      http.post(api('/superadmin/users/change-tier'), async ({ request }) => {
        body = await request.json();
        byType.customer = [{ ...dealer, tier: 'Gold' }];
        return HttpResponse.json(byType.customer[0]);
      }),
    );
    const { user } = await openDashboard();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Tier for dealer-1' }), 'Gold');

    expect(await screen.findByText('dealer-1 is now Gold')).toBeInTheDocument();
    expect(body).toEqual({ userId: dealer._id, newTier: 'Gold' });
    expect(screen.getByRole('combobox', { name: 'Tier for dealer-1' })).toHaveValue('Gold');
  });

  it('when a password is reset, then the new password is checked, sent, and the user is told to choose one at sign-in', async () => {
    const dealer = buildUser({ username: 'dealer-1' });
    serveUsers({ customer: [dealer] });
    let body: unknown;
    server.use(
      http.post(api(`/superadmin/users/${dealer._id}/reset-password`), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json<ResetUserPasswordResponse>(buildResetUserPasswordResponse(dealer));
      }),
    );
    const { user } = await openDashboard();

    await user.click(await screen.findByRole('button', { name: 'Reset Password for dealer-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset password' });
    expect(within(dialog).getByText('Are you sure you want to reset the password for this user?')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^New password/), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect(await within(dialog).findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(body).toBeUndefined();

    await user.clear(within(dialog).getByLabelText(/^New password/));
    await user.type(within(dialog).getByLabelText(/^New password/), 'fresh-start-1');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByText('They must choose a new password at their next sign-in.')).toBeInTheDocument();
    expect(body).toEqual({ newPassword: 'fresh-start-1' });
  });

  it('when a superadmin adds an admin, then sausers receives the chosen user type', async () => {
    serveUsers({});
    let body: unknown;
    server.use(
      http.post(api('/superadmin/sausers'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(buildUser({ username: 'office-2', userType: 'admin' }), { status: 201 });
      }),
    );
    const { user } = await openDashboard();

    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    expect(within(dialog).getByRole('combobox', { name: /^User type/ })).toHaveValue('Customer');
    await user.type(within(dialog).getByLabelText(/^Username/), 'office-2');
    await user.type(within(dialog).getByLabelText(/^Party name/), 'Head Office');
    await user.type(within(dialog).getByLabelText(/^Phone number/), '9876543210');
    await user.type(within(dialog).getByLabelText(/^Password/), 'secret-123');
    await user.click(within(dialog).getByRole('combobox', { name: /^User type/ }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));

    expect(await screen.findByText('Admin office-2 has been added')).toBeInTheDocument();
    expect(body).toEqual({
      username: 'office-2',
      partyName: 'Head Office',
      phoneNumber: '9876543210',
      password: 'secret-123',
      userType: 'admin',
    });
  });
});
