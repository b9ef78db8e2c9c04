import { kolkataDate, type BillChange, type Campaign, type CreateBillInput } from '@app/common';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../lib/i18n/language';
import { staffEnglishIn } from '../../../testing/english-texts';
import { buildPage, buildSession, buildUser } from '../../../testing/factories';
import { api, errorResponse } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/render-app';

const silver = buildUser({ _id: 'c-1', username: 'dealer-1', partyName: 'Sharma Traders', tier: 'Silver' });
const noTier = buildUser({ _id: 'c-2', username: 'dealer-2', partyName: 'Meena Stores', tier: 'NoTier' });

function billAnswer(input: CreateBillInput, points: number): BillChange {
  return {
    _id: 'bill-1',
    userId: { _id: input.userId, username: 'dealer-1', partyName: 'Sharma Traders', tier: 'Silver' },
    billNumber: input.billNumber,
    billDate: input.billDate ?? '2026-11-24',
    billAmount: input.billAmount,
    points,
    rate: 400,
    tier: 'Silver',
    bonusPoints: 0,
    createdAt: '2026-11-24T10:00:00.000Z',
    customerPoints: { availablePoints: points, totalPoints: points },
    negativeBalance: false,
  };
}

async function openAddBillFor(username: string) {
  server.use(http.get(api('/admin/users'), () => HttpResponse.json(buildPage([silver, noTier]))));
  const app = renderApp('/admin-dashboard', { session: buildSession({ userType: 'admin' }) });
  const table = await screen.findByRole('table', { name: 'Customers' }, { timeout: 15000 });
  await app.user.click(within(table).getByRole('button', { name: `Add Bill for ${username}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Bill' });
  return { ...app, dialog };
}

describe('Add Bill (admin User List)', () => {
  it('when a campaign covers the bill date and the tier, then the preview shows its bonus and the total; outside its days, none', async () => {
    const today = kolkataDate(new Date());
    const campaigns: Campaign[] = [
      {
        _id: 'cmp-1',
        name: 'Diwali bonus',
        from: today,
        to: today,
        multiplier: 2.5,
        tiers: null,
        createdAt: '2026-11-01T00:00:00.000Z',
        updatedAt: '2026-11-01T00:00:00.000Z',
      },
      {
        _id: 'cmp-2',
        name: 'Gold week',
        from: today,
        to: today,
        multiplier: 5,
        tiers: ['Gold'],
        createdAt: '2026-11-01T00:00:00.000Z',
        updatedAt: '2026-11-01T00:00:00.000Z',
      },
    ];
    server.use(http.get(api('/superadmin/campaigns'), () => HttpResponse.json(campaigns)));
    const { user, dialog } = await openAddBillFor('dealer-1');

    await user.type(await within(dialog).findByLabelText(/^Bill amount/), '60000');
    expect(await within(dialog).findByText('Diwali bonus (2.5×): 225.00 bonus points, 375.00 in all')).toBeInTheDocument();

    const date = within(dialog).getByLabelText(/^Bill date/);
    await user.clear(date);
    await user.type(date, '2020-01-01');
    expect(within(dialog).queryByText(/bonus points/)).not.toBeInTheDocument();
  });

  it('when a bill in a campaign is saved, then the confirmation gives its points with the bonus, as the preview did', async () => {
    server.use(
      http.post(api('/bill'), async ({ request }) => {
        const body = (await request.json()) as CreateBillInput;
        return HttpResponse.json({ ...billAnswer(body, 150), bonusPoints: 225 }, { status: 201 });
      }),
    );
    const { user, dialog } = await openAddBillFor('dealer-1');
    await user.type(within(dialog).getByLabelText(/^Bill number/), 'INV-002');
    await user.type(within(dialog).getByLabelText(/^Bill amount/), '60000');
    await user.click(within(dialog).getByRole('button', { name: 'Save bill' }));

    expect(await screen.findByText('375.00 (150.00 + 225.00 bonus) points for dealer-1')).toBeInTheDocument();
  });

  it("when the amount is typed, then the points follow at the customer's tier rate, and points typed give the amount back", async () => {
    const { user, dialog } = await openAddBillFor('dealer-1');

    expect(await within(dialog).findByText(/1 point for every ₹400/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Bill amount/), '60000.5');
    expect(within(dialog).getByLabelText(/^Points/)).toHaveValue('150');

    await user.clear(within(dialog).getByLabelText(/^Points/));
    await user.type(within(dialog).getByLabelText(/^Points/), '12.5');
    expect(within(dialog).getByLabelText(/^Bill amount/)).toHaveValue('5,000');
  });

  it('when the bill is saved, then it is sent with an Idempotency-Key and the list is asked for again', async () => {
    const sent: { body: CreateBillInput; key: string | null }[] = [];
    let listRequests = 0;
    server.use(
      http.post(api('/bill'), async ({ request }) => {
        const body = (await request.json()) as CreateBillInput;
        sent.push({ body, key: request.headers.get('Idempotency-Key') });
        return HttpResponse.json(billAnswer(body, 150), { status: 201 });
      }),
    );
    const { user, dialog } = await openAddBillFor('dealer-1');
    server.use(
      http.get(api('/admin/users'), () => {
        listRequests += 1;
        return HttpResponse.json(buildPage([silver, noTier]));
      }),
    );

    await user.type(within(dialog).getByLabelText(/^Bill number/), 'INV-001');
    await user.type(within(dialog).getByLabelText(/^Bill amount/), '60000');
    await user.click(within(dialog).getByRole('button', { name: 'Save bill' }));

    expect(await screen.findByText('Bill INV-001 added')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      userId: 'c-1',
      billNumber: 'INV-001',
      billDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      billAmount: 60000,
    });
    expect(sent[0]!.key).toMatch(/\S{8,}/);
    await screen.findByRole('table', { name: 'Customers' });
    expect(listRequests).toBeGreaterThan(0);
  });

  it('when the customer is NoTier, then the form says the bill earns no points', async () => {
    const { dialog } = await openAddBillFor('dealer-2');

    expect(await within(dialog).findByText(/the bill is recorded but earns no points/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Points/)).toBeDisabled();
  });

  it('when fields are missing or the number is taken, then each message shows under its field', async () => {
    server.use(
      http.post(api('/bill'), () =>
        errorResponse(409, 'DUPLICATE_BILL_NUMBER', 'A bill with this number already exists', [
          { field: 'billNumber', message: 'A bill with this number already exists' },
        ]),
      ),
    );
    const { user, dialog } = await openAddBillFor('dealer-1');

    await user.click(within(dialog).getByRole('button', { name: 'Save bill' }));
    expect(await within(dialog).findByText('Bill number is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Bill number/), 'INV-001');
    await user.type(within(dialog).getByLabelText(/^Bill amount/), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Save bill' }));
    expect(await within(dialog).findByText('A bill with this number already exists')).toBeInTheDocument();
  });
});

describe('Add Bill in Hindi', () => {
  it('when the language is Hindi, then the form, its rate line and the saved notice read in Hindi and none of their English shows', async () => {
    await activateLanguage('hi');
    server.use(
      http.get(api('/admin/users'), () => HttpResponse.json(buildPage([silver, noTier]))),
      http.post(api('/bill'), async ({ request }) =>
        HttpResponse.json(billAnswer((await request.json()) as CreateBillInput, 150), { status: 201 }),
      ),
    );
    const { user } = renderApp('/admin-dashboard', { session: buildSession({ userType: 'admin' }) });
    const table = await screen.findByRole('table', { name: 'ग्राहक' }, { timeout: 15000 });
    await user.click(within(table).getByRole('button', { name: 'dealer-1 के लिए बिल जोड़ें' }));

    const dialog = await screen.findByRole('dialog', { name: 'बिल जोड़ें' });
    expect(await within(dialog).findByText('dealer-1 (Sharma Traders) के लिए, सिल्वर: हर ₹400 पर 1 पॉइंट')).toBeInTheDocument();
    expect(within(dialog).getByText('रकम ÷ दर, 2 दशमलव तक; पॉइंट्स लिखने पर रकम अपने-आप भर जाती है')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'बिल सेव करें' })).toBeInTheDocument();
    expect(staffEnglishIn(dialog)).toEqual([]);

    await user.type(within(dialog).getByLabelText(/^बिल नंबर/), 'INV-9');
    await user.type(within(dialog).getByLabelText(/^बिल की रकम/), '60000');
    expect(within(dialog).getByLabelText(/^पॉइंट्स/)).toHaveValue('150');
    await user.click(within(dialog).getByRole('button', { name: 'बिल सेव करें' }));

    expect(await screen.findByText('बिल INV-9 जोड़ दिया गया')).toBeInTheDocument();
    expect(screen.getByText('dealer-1 को 150.00 पॉइंट्स मिले')).toBeInTheDocument();
  });

  it('when a NoTier customer is chosen in Hindi, then the dialog says in Hindi that the bill earns no points', async () => {
    await activateLanguage('hi');
    server.use(http.get(api('/admin/users'), () => HttpResponse.json(buildPage([silver, noTier]))));
    const { user } = renderApp('/admin-dashboard', { session: buildSession({ userType: 'admin' }) });
    const table = await screen.findByRole('table', { name: 'ग्राहक' }, { timeout: 15000 });
    await user.click(within(table).getByRole('button', { name: 'dealer-2 के लिए बिल जोड़ें' }));

    const dialog = await screen.findByRole('dialog', { name: 'बिल जोड़ें' });
    expect(
      await within(dialog).findByText('कोई टियर नहीं: इस ग्राहक के बिल पर कोई पॉइंट्स नहीं मिलते। बिल दर्ज हो जाएगा।'),
    ).toBeInTheDocument();
    expect(staffEnglishIn(dialog)).toEqual([]);
  });
});
