import type { Preferences, UpdatePreferencesInput } from '@app/common';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildSession } from '../../testing/factories';
import { api, errorResponse } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { renderApp } from '../../testing/render-app';

/** Records the bodies of PUT /api/user/preferences and answers them as the server would. */
function recordPreferences(stored: Preferences = { language: 'en', email: null }) {
  const bodies: UpdatePreferencesInput[] = [];
  server.use(
    http.get(api('/user/preferences'), () => HttpResponse.json<Preferences>(stored)),
    http.put(api('/user/preferences'), async ({ request }) => {
      const body = (await request.json()) as UpdatePreferencesInput;
      bodies.push(body);
      return HttpResponse.json<Preferences>({
        language: body.language ?? stored.language,
        email: body.email === undefined ? stored.email : body.email,
      });
    }),
  );
  return bodies;
}

describe('user menu', () => {
  it('when a customer chooses हिन्दी, then the frame speaks Hindi at once and the choice is sent to the server', async () => {
    const bodies = recordPreferences();
    const { user } = renderApp('/user/shop', { session: buildSession({ userType: 'customer' }) });

    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    const english = await screen.findByRole('menuitemradio', { name: 'English' });
    const hindi = screen.getByRole('menuitemradio', { name: 'हिन्दी' });
    expect(english).toHaveAttribute('aria-checked', 'true');
    expect(english).toHaveAttribute('lang', 'en');
    expect(hindi).toHaveAttribute('aria-checked', 'false');
    expect(hindi).toHaveAttribute('lang', 'hi');
    await user.click(hindi);

    // The header and the footer's navigation change without a reload.
    expect(await screen.findByRole('button', { name: 'यूज़र मेन्यू' })).toBeInTheDocument();
    const accountNav = screen.getAllByRole('navigation', { name: 'खाता' })[0]!;
    expect(within(accountNav).getByRole('link', { name: 'कार्ट' })).toHaveAttribute('href', '/user/cart');
    expect(within(accountNav).getByRole('link', { name: 'प्रोफ़ाइल' })).toHaveAttribute('href', '/user/profile');
    expect(document.documentElement).toHaveAttribute('lang', 'hi');
    await waitFor(() => expect(bodies).toEqual([{ language: 'hi' }]));

    // The menu now shows Hindi checked; choosing English goes back.
    await user.click(screen.getByRole('button', { name: 'यूज़र मेन्यू' }));
    expect(screen.getByRole('menuitemradio', { name: 'हिन्दी' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('menuitemradio', { name: 'English' }));
    expect(await screen.findByRole('button', { name: 'User menu' })).toBeInTheDocument();
    await waitFor(() => expect(bodies).toEqual([{ language: 'hi' }, { language: 'en' }]));
  });

  it('when a keyboard user opens the user menu with Enter, then the menu opens and Escape gives the focus back to its button', async () => {
    const { user } = renderApp('/user/shop', { session: buildSession({ userType: 'customer' }) });

    // The button is a look-alike until pressed (issue 29: the menu is drawn when first used).
    (await screen.findByRole('button', { name: 'User menu' })).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Logout' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'User menu' })).toHaveFocus();
    // Drawn now: it opens and closes like any menu.
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it('when a customer opens the user menu, then there is no email item (customers set it on their profile)', async () => {
    const { user } = renderApp('/user/shop', { session: buildSession({ userType: 'customer' }) });

    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Email for notifications' })).not.toBeInTheDocument();
  });

  it('when an admin saves an email for notifications, then it is sent and the dialog closes with a confirmation', async () => {
    const bodies = recordPreferences({ language: 'en', email: 'old@example.com' });
    const { user } = renderApp('/admin-dashboard', { session: buildSession({ userType: 'admin' }) });

    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Email for notifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email for notifications' });
    const input = await within(dialog).findByRole('textbox', { name: 'Email' });
    expect(input).toHaveValue('old@example.com');
    await user.clear(input);
    await user.type(input, '  orders@shree.in ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Email for notifications saved')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'orders@shree.in' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Email for notifications' })).not.toBeInTheDocument());
  });

  it('when a superadmin empties the email, then null is sent, which removes it', async () => {
    const bodies = recordPreferences({ language: 'en', email: 'old@example.com' });
    const { user } = renderApp('/superadmin-dashboard', { session: buildSession({ userType: 'superadmin' }) });

    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Email for notifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email for notifications' });
    await user.clear(await within(dialog).findByRole('textbox', { name: 'Email' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(bodies).toEqual([{ email: null }]));
  });

  it('when the server refuses the email, then its message shows under the field and the dialog stays open', async () => {
    recordPreferences();
    server.use(
      http.put(api('/user/preferences'), () =>
        errorResponse(400, 'VALIDATION_FAILED', 'Invalid input', [
          { field: 'email', message: 'Enter a valid email address, like name@example.com' },
        ]),
      ),
    );
    const { user } = renderApp('/admin-dashboard', { session: buildSession({ userType: 'admin' }) });

    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Email for notifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email for notifications' });
    const input = await within(dialog).findByRole('textbox', { name: 'Email' });
    await user.type(input, 'orders@');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('Enter a valid email address, like name@example.com')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Email for notifications saved')).not.toBeInTheDocument();
  });
});
