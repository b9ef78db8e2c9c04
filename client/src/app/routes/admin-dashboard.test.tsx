import type { CreateCustomerInput, CustomerImport, User } from '@app/common';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../lib/i18n/language';
import { staffEnglishIn } from '../../testing/english-texts';
import { buildCustomerImport, buildPage, buildSession, buildUser } from '../../testing/factories';
import { api, errorResponse } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { renderApp } from '../../testing/render-app';
import { buildSpreadsheetFile, CUSTOMER_FILE_HEADER } from '../../testing/spreadsheet';
import { findScreen } from '../../testing/find-screen';

const adminSession = () => buildSession({ userType: 'admin' });

/** Opens the screen and waits for its code, which is downloaded on first visit (route-level splitting). */
async function openDashboard() {
  const app = renderApp('/admin-dashboard', { session: adminSession() });
  await findScreen('User List');
  return app;
}

describe('admin user list (/admin-dashboard)', () => {
  it('when customers exist, then a page of them is shown with en-IN points, tier labels and read-only blocked boxes', async () => {
    const requests: URLSearchParams[] = [];
    server.use(
      http.get(api('/admin/users'), ({ request }) => {
        requests.push(new URL(request.url).searchParams);
        return HttpResponse.json(
          buildPage(
            [
              buildUser({ username: 'dealer-1', partyName: 'Sharma Traders', phoneNumber: '9876543210' }),
              buildUser({ username: 'dealer-2', tier: 'NoTier', blocked: true, availablePoints: 0, totalPoints: 1500 }),
            ],
            { total: 42 },
          ),
        );
      }),
    );
    await openDashboard();

    const table = await screen.findByRole('table', { name: 'Customers' });
    expect(screen.getByRole('heading', { level: 1, name: 'User List' })).toBeInTheDocument();
    const first = within(table).getByRole('row', { name: /dealer-1/ });
    expect(within(first).getByText('Sharma Traders')).toBeInTheDocument();
    expect(within(first).getByText('9876543210')).toBeInTheDocument();
    expect(within(first).getByText('12,34,567.50')).toBeInTheDocument();
    expect(within(first).getByText('20,00,000.00')).toBeInTheDocument();
    expect(within(first).getByText('Silver')).toBeInTheDocument();
    expect(within(first).getByRole('checkbox', { name: 'Blocked: no' })).toBeDisabled();
    const second = within(table).getByRole('row', { name: /dealer-2/ });
    expect(within(second).getByText('No Tier')).toBeInTheDocument();
    expect(within(second).getByRole('checkbox', { name: 'Blocked: yes' })).toBeChecked();
    expect(screen.getByText('Showing 1–2 of 42')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    // Spec §2: Add Bill on every customer row.
    expect(within(first).getByRole('button', { name: 'Add Bill for dealer-1' })).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Add Bill for dealer-2' })).toBeInTheDocument();
    expect(requests[0]?.get('page')).toBe('1');
    expect(requests[0]?.get('limit')).toBe('20');
    expect(requests[0]?.has('q')).toBe(false);
  });

  it('when the admin searches, then the server is asked with q and page 1, and no match says so', async () => {
    const queries: (string | null)[] = [];
    server.use(
      http.get(api('/admin/users'), ({ request }) => {
        const q = new URL(request.url).searchParams.get('q');
        queries.push(q);
        if (q === 'sharma') return HttpResponse.json(buildPage([buildUser({ username: 'sharma-1' })]));
        if (q === 'nobody') return HttpResponse.json(buildPage([]));
        return HttpResponse.json(buildPage([buildUser({ username: 'dealer-1' })]));
      }),
    );
    const { user } = await openDashboard();
    await screen.findByRole('row', { name: /dealer-1/ });

    await user.type(screen.getByRole('searchbox', { name: 'Search by username or party name' }), 'sharma');

    expect(await screen.findByRole('row', { name: /sharma-1/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /dealer-1/ })).not.toBeInTheDocument();
    // Debounced: one request for the whole word, not one per keystroke.
    expect(queries).toEqual([null, 'sharma']);

    await user.clear(screen.getByRole('searchbox', { name: 'Search by username or party name' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by username or party name' }), 'nobody');
    expect(await screen.findByText('No users match "nobody"')).toBeInTheDocument();
  });

  it('when there are no customers yet, then it says so', async () => {
    await openDashboard();
    expect(await screen.findByText('No customers yet')).toBeInTheDocument();
  });

  it('when the list cannot be loaded, then it says so and a retry loads it', async () => {
    let fail = true;
    server.use(
      http.get(api('/admin/users'), () =>
        fail
          ? errorResponse(500, 'INTERNAL', 'Something went wrong')
          : HttpResponse.json(buildPage([buildUser({ username: 'dealer-1' })])),
      ),
    );
    const { user } = await openDashboard();

    expect(await screen.findByText('The customers could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: /dealer-1/ })).toBeInTheDocument();
  });
});

describe('admin Add User', () => {
  async function fillForm(user: ReturnType<typeof renderApp>['user'], values: CreateCustomerInput) {
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.type(within(dialog).getByLabelText(/^Username/), values.username);
    await user.type(within(dialog).getByLabelText(/^Party name/), values.partyName);
    await user.type(within(dialog).getByLabelText(/^Phone number/), values.phoneNumber);
    await user.type(within(dialog).getByLabelText(/^Password/), values.password);
    if (values.email) await user.type(within(dialog).getByLabelText(/^Email/), values.email);
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));
    return dialog;
  }

  it('when the username is taken, then the server message shows under the username and the dialog stays open', async () => {
    server.use(http.post(api('/admin/add-customer'), () => errorResponse(409, 'DUPLICATE_USERNAME', 'Username already exists')));
    const { user } = await openDashboard();

    const dialog = await fillForm(user, {
      username: 'dealer-1',
      partyName: 'Sharma Traders',
      phoneNumber: '9876543210',
      password: 'secret-123',
    });

    expect(await within(dialog).findByText('Username already exists')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Username/)).toHaveAttribute('aria-invalid', 'true');
    // The input to fix takes the focus, and the message is not repeated in an alert.
    expect(within(dialog).getByLabelText(/^Username/)).toHaveFocus();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the server refuses without naming a field, then its message shows in an alert in the dialog', async () => {
    server.use(http.post(api('/admin/add-customer'), () => errorResponse(403, 'FORBIDDEN', 'You may not add customers')));
    const { user } = await openDashboard();

    const dialog = await fillForm(user, {
      username: 'dealer-1',
      partyName: 'Sharma Traders',
      phoneNumber: '9876543210',
      password: 'secret-123',
    });

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You may not add customers');
    expect(within(dialog).getByLabelText(/^Username/)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('when a field is missing, then the form says so and sends nothing', async () => {
    let calls = 0;
    server.use(
      http.post(api('/admin/add-customer'), () => {
        calls += 1;
        return HttpResponse.json(buildUser(), { status: 201 });
      }),
    );
    const { user } = await openDashboard();
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));

    expect(await within(dialog).findByText('Party name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('when the customer is added, then the dialog closes, a notice confirms and the list is fetched again', async () => {
    let listCalls = 0;
    let body: unknown;
    server.use(
      http.get(api('/admin/users'), () => {
        listCalls += 1;
        return HttpResponse.json(buildPage([]));
      }),
      http.post(api('/admin/add-customer'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(buildUser({ username: 'dealer-9' }), { status: 201 });
      }),
    );
    const { user } = await openDashboard();
    await screen.findByText('No customers yet');

    await fillForm(user, {
      username: 'dealer-9',
      partyName: 'Verma & Sons',
      phoneNumber: '98765 43210',
      password: 'secret-123',
    });

    expect(await screen.findByText('Customer dealer-9 has been added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add user' })).not.toBeInTheDocument());
    expect(body).toEqual({
      username: 'dealer-9',
      partyName: 'Verma & Sons',
      phoneNumber: '98765 43210',
      password: 'secret-123',
    });
    await waitFor(() => expect(listCalls).toBe(2));
  });

  it('when an email is given, then it is sent with the new customer; one that is not an email is refused under its field', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/admin/add-customer'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(buildUser({ username: 'dealer-9', email: 'ram@verma.in' }), { status: 201 });
      }),
    );
    const { user } = await openDashboard();
    const values = { username: 'dealer-9', partyName: 'Verma & Sons', phoneNumber: '98765 43210', password: 'secret-123' };

    const dialog = await fillForm(user, { ...values, email: 'ram at verma' });
    expect(await within(dialog).findByText(/valid email address/)).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(within(dialog).getByLabelText(/^Email/));
    await user.type(within(dialog).getByLabelText(/^Email/), ' ram@verma.in ');
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));

    expect(await screen.findByText('Customer dealer-9 has been added')).toBeInTheDocument();
    expect(bodies).toEqual([{ ...values, email: 'ram@verma.in' }]);
  });
});

describe('admin bulk customer upload', () => {
  it('when rows are bad, then the preview flags them by spreadsheet row and Import is disabled', async () => {
    let posts = 0;
    server.use(
      http.post(api('/admin/customer-imports'), () => {
        posts += 1;
        return HttpResponse.json(buildCustomerImport(), { status: 202 });
      }),
    );
    const { user } = await openDashboard();
    const file = buildSpreadsheetFile([
      CUSTOMER_FILE_HEADER,
      ['dealer-1', 'Sharma Traders', 9876543210, 'secret-123'],
      ['dealer-2', 'Verma & Sons', 9876543211, 'short'],
      [],
      ['Dealer-1', 'Gupta Stores', 9876543212, 'secret-456'],
    ]);

    await user.upload(await screen.findByLabelText('Upload customers'), file);

    const dialog = await screen.findByRole('dialog', { name: 'Import customers' });
    // The preview's code comes once the page has settled (decision 031).
    expect(await within(dialog).findByText('3 rows, 3 with problems')).toBeInTheDocument();
    const rows = within(dialog).getByRole('table', { name: 'Rows in the file' });
    // Spreadsheet rows 2, 3 and 5 (row 4 is empty and ignored).
    const shortPassword = within(rows).getByRole('row', { name: /^3 .*dealer-2/ });
    expect(within(shortPassword).getByText('Password must be at least 8 characters')).toBeInTheDocument();
    const firstDuplicate = within(rows).getByRole('row', { name: /^2 .*dealer-1/ });
    expect(within(firstDuplicate).getByText('The same username is also on row 5')).toBeInTheDocument();
    // Usernames are compared regardless of case (contract "Users").
    const secondDuplicate = within(rows).getByRole('row', { name: /^5 .*Dealer-1/ });
    expect(within(secondDuplicate).getByText('The same username is also on row 2')).toBeInTheDocument();
    // On a phone each row is a card (components/ui/data-list.tsx): titled by its row number, which its CSS
    // prefixes with the header's word ("Row 3"), its problems on their own line under it.
    expect(within(shortPassword).getByRole('rowheader').firstElementChild).toHaveAttribute('data-word', 'Row');
    expect(within(shortPassword).getByText('Password must be at least 8 characters').closest('td')).toHaveAttribute(
      'data-phone',
      'block',
    );
    expect(within(shortPassword).getByText('Verma & Sons').closest('td')).toHaveAttribute('data-label', 'Party Name');
    expect(within(dialog).queryByRole('region', { name: /Rows in the file/ })).not.toBeInTheDocument();
    // Passwords are not shown.
    expect(within(rows).queryByText('secret-123')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import 3 customers' })).toBeDisabled();
    expect(posts).toBe(0);
  });

  it('when the file is clean, then the rows are posted as text and the added customers are listed once the job completes', async () => {
    let body: unknown;
    let idempotencyKey: string | null = null;
    let listCalls = 0;
    let polls = 0;
    // The server answers the job as queued (another import runs first), then it hashes, then completes.
    const job = buildCustomerImport({ status: 'queued', total: 2, processed: 0 });
    const added = [buildUser({ username: 'dealer-1' }), buildUser({ username: 'dealer-2' })];
    server.use(
      http.get(api('/admin/users'), () => {
        listCalls += 1;
        return HttpResponse.json(buildPage([]));
      }),
      http.post(api('/admin/customer-imports'), async ({ request }) => {
        body = await request.json();
        idempotencyKey = request.headers.get('Idempotency-Key');
        return HttpResponse.json<CustomerImport>(job, { status: 202 });
      }),
      http.get(api(`/admin/customer-imports/${job._id}`), () => {
        polls += 1;
        return HttpResponse.json<CustomerImport>(
          polls === 1 ? { ...job, status: 'hashing', processed: 1 } : { ...job, status: 'completed', processed: 2, added },
        );
      }),
    );
    const { user } = await openDashboard();
    await screen.findByText('No customers yet');
    const file = buildSpreadsheetFile([
      CUSTOMER_FILE_HEADER,
      ['dealer-1', 'Sharma Traders', 9876543210, 'secret-123'],
      ['dealer-2', 'Verma & Sons', '98765 43211', 12345678],
    ]);

    await user.upload(screen.getByLabelText('Upload customers'), file);
    const dialog = await screen.findByRole('dialog', { name: 'Import customers' });
    expect(within(dialog).getByText('2 rows, 0 with problems')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 customers' }));

    expect(await within(dialog).findByText('Waiting for another import to finish…')).toBeInTheDocument();
    expect(await within(dialog).findByText('Preparing accounts: 1 of 2', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(await within(dialog).findByText('Added 2 customers', {}, { timeout: 3000 })).toBeInTheDocument();
    const usernames = within(dialog).getByRole('list', { name: 'Added usernames' });
    expect(
      within(usernames)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['dealer-1', 'dealer-2']);
    expect(body).toEqual({
      users: [
        { username: 'dealer-1', partyName: 'Sharma Traders', phoneNumber: '9876543210', password: 'secret-123' },
        { username: 'dealer-2', partyName: 'Verma & Sons', phoneNumber: '98765 43211', password: '12345678' },
      ],
    });
    expect(idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(polls).toBe(2);
    await waitFor(() => expect(listCalls).toBe(2));
  });

  it('when the server finds usernames already taken, then those rows are flagged in the preview and nothing is added', async () => {
    server.use(
      http.post(api('/admin/customer-imports'), () =>
        errorResponse(400, 'VALIDATION_FAILED', 'Some rows cannot be imported', [
          { index: 1, username: 'dealer-2', problems: [{ field: 'username', message: 'Username already exists' }] },
        ]),
      ),
    );
    const { user } = await openDashboard();
    const file = buildSpreadsheetFile([
      CUSTOMER_FILE_HEADER,
      ['dealer-1', 'Sharma Traders', 9876543210, 'secret-123'],
      ['dealer-2', 'Verma & Sons', 9876543211, 'secret-456'],
    ]);

    await user.upload(await screen.findByLabelText('Upload customers'), file);
    const dialog = await screen.findByRole('dialog', { name: 'Import customers' });
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 customers' }));

    expect(await within(dialog).findByText('Some rows cannot be imported')).toBeInTheDocument();
    expect(within(dialog).getByText('2 rows, 1 with problems')).toBeInTheDocument();
    const row = within(dialog).getByRole('row', { name: /^3 .*dealer-2/ });
    expect(within(row).getByText('Username already exists')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import 2 customers' })).toBeDisabled();
  });

  it("when a username is taken while the import runs, then the failed job's rows are flagged in the preview again", async () => {
    const job = buildCustomerImport({ status: 'hashing', total: 2, processed: 0 });
    server.use(
      http.post(api('/admin/customer-imports'), () => HttpResponse.json<CustomerImport>(job, { status: 202 })),
      http.get(api(`/admin/customer-imports/${job._id}`), () =>
        HttpResponse.json<CustomerImport>({
          ...job,
          status: 'failed',
          error: {
            message: 'Some rows cannot be imported',
            code: 'VALIDATION_FAILED',
            details: [{ index: 1, username: 'dealer-2', problems: [{ field: 'username', message: 'Username already exists' }] }],
          },
        }),
      ),
    );
    const { user } = await openDashboard();
    const file = buildSpreadsheetFile([
      CUSTOMER_FILE_HEADER,
      ['dealer-1', 'Sharma Traders', 9876543210, 'secret-123'],
      ['dealer-2', 'Verma & Sons', 9876543211, 'secret-456'],
    ]);

    await user.upload(await screen.findByLabelText('Upload customers'), file);
    const dialog = await screen.findByRole('dialog', { name: 'Import customers' });
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 customers' }));

    expect(await within(dialog).findByText('Some rows cannot be imported', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(within(dialog).getByText('2 rows, 1 with problems')).toBeInTheDocument();
    const row = within(dialog).getByRole('row', { name: /^3 .*dealer-2/ });
    expect(within(row).getByText('Username already exists')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import 2 customers' })).toBeDisabled();
  });

  it('when the sheet has only a header, then it says there are no customer rows', async () => {
    const { user } = await openDashboard();

    await user.upload(await screen.findByLabelText('Upload customers'), buildSpreadsheetFile([CUSTOMER_FILE_HEADER]));

    expect(await screen.findByRole('alert')).toHaveTextContent('has no customer rows');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when the file is not a spreadsheet, then it says it could not be read', async () => {
    const { user } = await openDashboard();
    const notASpreadsheet = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4])], 'photo.xlsx');

    await user.upload(await screen.findByLabelText('Upload customers'), notASpreadsheet);

    expect(await screen.findByRole('alert')).toHaveTextContent('could not be read as a spreadsheet');
  });
});

describe('email of a customer (admin User List)', () => {
  it('when the admin edits an email, then a refused address shows the server’s message under the field, and a good one is saved and shown in the row', async () => {
    let dealer: User = buildUser({ _id: 'c-1', username: 'dealer-1', partyName: 'Sharma Traders', email: null });
    const patches: unknown[] = [];
    server.use(
      http.get(api('/admin/users'), () => HttpResponse.json(buildPage([dealer]))),
      http.patch(api('/admin/users/c-1'), async ({ request }) => {
        const body = (await request.json()) as { email: string | null };
        patches.push(body);
        if (body.email === 'ram@example.com') {
          return errorResponse(400, 'VALIDATION_FAILED', 'Validation failed', [
            { field: 'email', message: 'This address cannot receive mail' },
          ]);
        }
        dealer = { ...dealer, email: body.email };
        return HttpResponse.json(dealer);
      }),
    );
    const { user } = await openDashboard();
    const row = await screen.findByRole('row', { name: /dealer-1/ });

    await user.click(within(row).getByRole('button', { name: 'Edit email of dealer-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit email' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'ram@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('This address cannot receive mail')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Email/ })).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(dialog).getByRole('textbox', { name: /^Email/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'Ram@Sharma.in');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Email of dealer-1 saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit email' })).not.toBeInTheDocument());
    // The schema lower-cases the domain only; the row shows the server's copy.
    expect(patches).toEqual([{ email: 'ram@example.com' }, { email: 'Ram@sharma.in' }]);
    expect(await within(await screen.findByRole('row', { name: /dealer-1/ })).findByText('Ram@sharma.in')).toBeInTheDocument();
  });

  it('when an address is not an email at all, then the form says so and nothing is sent; emptying it removes the email', async () => {
    let dealer: User = buildUser({ _id: 'c-1', username: 'dealer-1', email: 'ram@sharma.in' });
    const patches: unknown[] = [];
    server.use(
      http.get(api('/admin/users'), () => HttpResponse.json(buildPage([dealer]))),
      http.patch(api('/admin/users/c-1'), async ({ request }) => {
        const body = (await request.json()) as { email: string | null };
        patches.push(body);
        dealer = { ...dealer, email: body.email };
        return HttpResponse.json(dealer);
      }),
    );
    const { user } = await openDashboard();
    const row = await screen.findByRole('row', { name: /dealer-1/ });

    await user.click(within(row).getByRole('button', { name: 'Edit email of dealer-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit email' });
    const input = within(dialog).getByRole('textbox', { name: /^Email/ });
    expect(input).toHaveValue('ram@sharma.in');
    await user.clear(input);
    await user.type(input, 'not an email');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/valid email address/)).toBeInTheDocument();
    expect(patches).toEqual([]);

    await user.clear(input);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Email of dealer-1 removed')).toBeInTheDocument();
    expect(patches).toEqual([{ email: null }]);
  });
});

describe('admin User List in Hindi', () => {
  it('when the language is Hindi, then the list, its headers, counts and row actions read in Hindi and none of its English shows', async () => {
    await activateLanguage('hi');
    server.use(
      http.get(api('/admin/users'), () =>
        HttpResponse.json(
          buildPage(
            [
              buildUser({ username: 'dealer-1', partyName: 'Sharma Traders', email: 'ram@sharma.in' }),
              buildUser({ username: 'dealer-2', tier: 'NoTier', blocked: true, email: null }),
            ],
            { total: 42 },
          ),
        ),
      ),
    );
    renderApp('/admin-dashboard', { session: adminSession() });

    await screen.findByRole('heading', { level: 1, name: 'यूज़र सूची' }, { timeout: 15000 });
    const table = await screen.findByRole('table', { name: 'ग्राहक' });
    expect(within(table).getByRole('columnheader', { name: 'फ़र्म का नाम' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'मौजूदा पॉइंट्स' })).toBeInTheDocument();
    const first = within(table).getByRole('row', { name: /dealer-1/ });
    expect(within(first).getByText('ram@sharma.in')).toBeInTheDocument();
    expect(within(first).getByRole('checkbox', { name: 'ब्लॉक: नहीं' })).toBeDisabled();
    expect(within(first).getByRole('button', { name: 'dealer-1 के लिए बिल जोड़ें' })).toHaveTextContent('बिल जोड़ें');
    expect(within(first).getByRole('button', { name: 'dealer-1 का ईमेल बदलें' })).toHaveTextContent('ईमेल बदलें');
    expect(within(table).getByRole('checkbox', { name: 'ब्लॉक: हाँ' })).toBeChecked();
    expect(screen.getByText('42 में से 1–2 दिखाए जा रहे हैं')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'यूज़रनेम या फ़र्म के नाम से खोजें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'यूज़र जोड़ें' })).toBeInTheDocument();
    expect(staffEnglishIn(document.getElementById('main-content')!)).toEqual([]);
  });

  it('when the language is Hindi and the Edit email dialog opens, then it reads in Hindi', async () => {
    await activateLanguage('hi');
    server.use(
      http.get(api('/admin/users'), () => HttpResponse.json(buildPage([buildUser({ username: 'dealer-1', email: null })]))),
    );
    const { user } = renderApp('/admin-dashboard', { session: adminSession() });
    const row = await screen.findByRole('row', { name: /dealer-1/ }, { timeout: 15000 });

    await user.click(within(row).getByRole('button', { name: 'dealer-1 का ईमेल बदलें' }));

    const dialog = await screen.findByRole('dialog', { name: 'ईमेल बदलें' });
    expect(within(dialog).getByRole('textbox', { name: /^ईमेल/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'सेव करें' })).toBeInTheDocument();
    expect(staffEnglishIn(dialog)).toEqual([]);
  });
});
