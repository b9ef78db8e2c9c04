import { ORDER_STATUSES, type ChangeOrderStatusInput, type Order, type Page } from '@app/common';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import englishRaw from '@app/common/i18n/locales/en/operations.json?raw';
import hindiRaw from '@app/common/i18n/locales/hi/operations.json?raw';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../lib/i18n/language';
import { expectNoEnglishLeft } from '../../../testing/english-left';
import { buildPage, buildSession } from '../../../testing/factories';
import { api, errorResponse } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { buildOrder, buildOrderLine } from '../../../testing/orders';
import { renderApp } from '../../../testing/render-app';
import { findScreen } from '../../../testing/find-screen';

type ListRequest = { q: string | null; status: string | null; page: string | null; limit: string | null };

/**
 * GET /api/admin/orders answered from a list the test can change (a PATCH moves an order), filtered the way
 * the server does: by status, and q on the alias or the username.
 */
function serveOrders(orders: Order[]) {
  const requests: ListRequest[] = [];
  server.use(
    http.get(api('/admin/orders'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      const seen: ListRequest = {
        q: params.get('q'),
        status: params.get('status'),
        page: params.get('page'),
        limit: params.get('limit'),
      };
      requests.push(seen);
      const q = seen.q?.toLowerCase();
      const items = orders.filter(
        (order) =>
          (!seen.status || order.status === seen.status) &&
          (!q || order.orderIdAlias.toLowerCase().includes(q) || order.userId.username.includes(q)),
      );
      const page = Number(seen.page ?? 1);
      const limit = Number(seen.limit ?? 20);
      return HttpResponse.json<Page<Order>>(
        buildPage(items.slice((page - 1) * limit, page * limit), { total: items.length, page, limit }),
      );
    }),
  );
  return requests;
}

const anita = { _id: 'c-2', username: 'dealer-2', partyName: 'Anita Stores', tier: 'Gold' } as const;

function sampleOrders(): Order[] {
  return [
    buildOrder(3, {
      orderDate: '2026-11-02T20:00:00.000Z',
      address: null,
      items: [
        buildOrderLine({
          itemId: { _id: 'i-1', name: 'Pressure Cooker', pointsRequired: 900, discount: 0, images: [] },
          quantity: 2,
        }),
        buildOrderLine({ itemId: { _id: 'i-2', name: 'Steel Water Bottle', pointsRequired: 500, discount: 0, images: [] } }),
      ],
      totalValue: 2300,
    }),
    buildOrder(2, { orderDate: '2026-10-20T06:00:00.000Z' }),
    buildOrder(1, { status: 'Completed', userId: anita }),
    buildOrder(123, { status: 'Cancelled', userId: anita }),
  ];
}

async function openOrders(path = '/admin-orders') {
  const app = renderApp(path, { session: buildSession({ userType: path.startsWith('/superadmin') ? 'superadmin' : 'admin' }) });
  // The screen's code is downloaded on first visit (route-level splitting): slow on a busy machine.
  await findScreen('Orders');
  return app;
}

const section = (name: RegExp) => screen.getByRole('button', { name });
const order = (alias: string) => screen.getByRole('article', { name: alias });

describe('orders screen (/admin-orders, /superadmin-orders)', () => {
  it('when orders exist, then they are grouped in Pending, Completed and Cancelled with their counts, Pending open', async () => {
    const requests = serveOrders(sampleOrders());
    await openOrders('/superadmin-orders');

    expect(await screen.findByRole('button', { name: 'Pending (2)' })).toHaveAttribute('aria-expanded', 'true');
    expect(section(/^Completed/)).toHaveAccessibleName('Completed (1)');
    expect(section(/^Completed/)).toHaveAttribute('aria-expanded', 'false');
    expect(section(/^Cancelled/)).toHaveAccessibleName('Cancelled (1)');
    expect(section(/^Cancelled/)).toHaveAttribute('aria-expanded', 'false');
    // One paged request per section (the screen's choice, documented in get-orders.ts).
    expect(requests).toEqual(
      expect.arrayContaining(ORDER_STATUSES.map((status) => ({ q: null, status, page: '1', limit: '50' }))),
    );

    // Newest first, as the server sends them; 20:00 UTC on 2 Nov is already 3 Nov in India.
    const pending = screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
    expect(pending).toEqual(['ORD-000003', 'ORD-000002']);
    const card = order('ORD-000003');
    expect(within(card).getByText('3 Nov 2026')).toBeInTheDocument();
    expect(within(card).getByText('dealer-1')).toBeInTheDocument();
    expect(within(card).getByText(/Sharma Traders/)).toBeInTheDocument();
    expect(within(card).getByRole('list', { name: 'Items in ORD-000003' })).toHaveTextContent('Pressure Cooker × 2');
    expect(within(card).getByRole('list', { name: 'Items in ORD-000003' })).toHaveTextContent('Steel Water Bottle × 1');
    expect(within(card).getByText('No address provided')).toBeInTheDocument();
    expect(within(card).getByText('Total: 2,300.00 points')).toBeInTheDocument();
    expect(within(order('ORD-000002')).getByText('12 MG Road, Jaipur, Rajasthan 302001, India')).toBeInTheDocument();
  });

  it('when the staff member searches, then q goes to the server and every section with matches opens', async () => {
    const requests = serveOrders(sampleOrders());
    const { user } = await openOrders();
    await screen.findByRole('button', { name: 'Pending (2)' });

    await user.type(screen.getByLabelText('Search by order ID or username'), 'dealer-2');

    expect(await screen.findByRole('button', { name: 'Pending (0)' })).toHaveAttribute('aria-expanded', 'false');
    expect(section(/^Completed/)).toHaveAttribute('aria-expanded', 'true');
    expect(section(/^Cancelled/)).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('article', { name: 'ORD-000001' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'ORD-000123' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'ORD-000003' })).not.toBeInTheDocument();
    expect(
      requests
        .filter((request) => request.q === 'dealer-2')
        .map((request) => request.status)
        .sort(),
    ).toEqual(['Cancelled', 'Completed', 'Pending']);

    // A section can still be folded by hand during the search.
    await user.click(section(/^Completed/));
    expect(section(/^Completed/)).toHaveAttribute('aria-expanded', 'false');
  });

  it('when a search matches nothing, then it says so', async () => {
    serveOrders(sampleOrders());
    const { user } = await openOrders();
    await screen.findByRole('button', { name: 'Pending (2)' });

    await user.type(screen.getByLabelText('Search by order ID or username'), 'ORD-999');

    expect(await screen.findByText('No orders match "ORD-999"')).toBeInTheDocument();
  });

  it('when there are no orders at all, then it says No orders yet', async () => {
    serveOrders([]);
    await openOrders();
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
  });

  it('when the orders cannot be loaded, then the server message and Try again are shown', async () => {
    server.use(http.get(api('/admin/orders'), () => errorResponse(500, 'INTERNAL', 'Something went wrong on our side.')));
    await openOrders();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The orders could not be loaded');
    expect(alert).toHaveTextContent('Something went wrong on our side.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('when a cancelled order is shown, then it has no Edit Status action', async () => {
    serveOrders(sampleOrders());
    const { user } = await openOrders();
    await user.click(await screen.findByRole('button', { name: 'Cancelled (1)' }));

    // The panel opens on the next frame.
    const cancelled = await screen.findByRole('article', { name: 'ORD-000123' });
    expect(within(cancelled).queryByRole('button', { name: /Edit Status/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Status for ORD-000003' })).toBeInTheDocument();
  });

  it('when Edit Status is opened, then the dropdown starts at the current status; Completed is sent and the sections refresh', async () => {
    const orders = sampleOrders();
    serveOrders(orders);
    const patches: { orderId: string; body: ChangeOrderStatusInput }[] = [];
    server.use(
      http.patch(api('/admin/:orderId/status'), async ({ params, request }) => {
        const body = (await request.json()) as ChangeOrderStatusInput;
        patches.push({ orderId: String(params.orderId), body });
        const changed = orders.find((one) => one._id === params.orderId)!;
        changed.status = body.status;
        return HttpResponse.json<Order>(changed);
      }),
    );
    const { user } = await openOrders();

    await user.click(await screen.findByRole('button', { name: 'Edit Status for ORD-000002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Status for ORD-000002' });
    const select = within(dialog).getByRole('combobox', { name: 'Status' });
    expect(select).toHaveValue('Pending');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Pending', 'Completed', 'Cancelled']);
    await user.selectOptions(select, 'Completed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('ORD-000002 is now Completed')).toBeInTheDocument();
    expect(patches).toEqual([{ orderId: 'order-2', body: { status: 'Completed' } }]);
    expect(await screen.findByRole('button', { name: 'Completed (2)' })).toBeInTheDocument();
    expect(section(/^Pending/)).toHaveAccessibleName('Pending (1)');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when Cancelled is chosen, then the cancellation is confirmed first; Go back sends nothing', async () => {
    const orders = sampleOrders();
    serveOrders(orders);
    const patches: ChangeOrderStatusInput[] = [];
    server.use(
      http.patch(api('/admin/:orderId/status'), async ({ params, request }) => {
        const body = (await request.json()) as ChangeOrderStatusInput;
        patches.push(body);
        const changed = orders.find((one) => one._id === params.orderId)!;
        changed.status = body.status;
        return HttpResponse.json<Order>(changed);
      }),
    );
    const { user } = await openOrders();

    await user.click(await screen.findByRole('button', { name: 'Edit Status for ORD-000003' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Status for ORD-000003' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'Cancelled');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    let confirm = await screen.findByRole('dialog', { name: 'Cancel ORD-000003?' });
    expect(within(confirm).getByText('Are you sure you want to cancel this order?')).toBeInTheDocument();
    expect(within(confirm).getByText(/2,300.00 points go back to dealer-1/)).toHaveTextContent('cannot be changed again');
    await user.click(within(confirm).getByRole('button', { name: 'Go back' }));
    expect(patches).toEqual([]);

    dialog = await screen.findByRole('dialog', { name: 'Edit Status for ORD-000003' });
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveValue('Cancelled');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    confirm = await screen.findByRole('dialog', { name: 'Cancel ORD-000003?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel order' }));

    expect(await screen.findByText('ORD-000003 is now Cancelled')).toBeInTheDocument();
    expect(patches).toEqual([{ status: 'Cancelled' }]);
    expect(await screen.findByRole('button', { name: 'Cancelled (2)' })).toBeInTheDocument();
  });

  it('when the order was cancelled meanwhile, then the 409 message is shown in the dialog', async () => {
    serveOrders(sampleOrders());
    server.use(
      http.patch(api('/admin/:orderId/status'), () =>
        errorResponse(409, 'ORDER_CANCELLED', 'A cancelled order cannot be changed'),
      ),
    );
    const { user } = await openOrders();

    await user.click(await screen.findByRole('button', { name: 'Edit Status for ORD-000002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Status for ORD-000002' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'Completed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A cancelled order cannot be changed');
  });

  it('when a section has more orders than one page, then Show more adds the next page', async () => {
    const requests = serveOrders(Array.from({ length: 51 }, (_, index) => buildOrder(index + 1, { status: 'Completed' })));
    const { user } = await openOrders();
    await user.click(await screen.findByRole('button', { name: 'Completed (51)' }));
    expect(await screen.findAllByRole('article')).toHaveLength(50);
    expect(screen.getByText('Showing 50 of 51')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more completed orders' }));

    expect(await screen.findByText('Showing 51 of 51')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(51);
    expect(screen.queryByRole('button', { name: 'Show more completed orders' })).not.toBeInTheDocument();
    expect(requests).toContainEqual({ q: null, status: 'Completed', page: '2', limit: '50' });
  });

  it('when the language is Hindi, then the sections, search, export and the Edit Status dialog read in Hindi', async () => {
    const english = JSON.parse(englishRaw) as Record<string, string>;
    const hindi = JSON.parse(hindiRaw) as Record<string, string>;
    await activateLanguage('hi');
    const orders = sampleOrders();
    serveOrders(orders);
    server.use(
      http.patch(api('/admin/:orderId/status'), async ({ params, request }) => {
        const body = (await request.json()) as ChangeOrderStatusInput;
        const changed = orders.find((one) => one._id === params.orderId)!;
        changed.status = body.status;
        return HttpResponse.json<Order>(changed);
      }),
    );
    const { user } = renderApp('/admin-orders', { session: buildSession({ userType: 'admin' }) });
    // The screen's code is downloaded on first visit (route-level splitting): slow on a busy machine.
    await screen.findByRole('heading', { level: 1, name: 'ऑर्डर' }, { timeout: 15000 });

    expect(await screen.findByRole('button', { name: 'लंबित (2)' })).toHaveAttribute('aria-expanded', 'true');
    expect(section(/^पूरा हुआ/)).toHaveAccessibleName('पूरा हुआ (1)');
    expect(section(/^रद्द/)).toHaveAccessibleName('रद्द (1)');
    expect(screen.getByLabelText('ऑर्डर ID या यूज़रनेम से खोजें')).toHaveAttribute('placeholder', 'ORD-000123 या यूज़रनेम');
    expect(screen.getByRole('button', { name: 'ऑर्डर एक्सपोर्ट करें' })).toHaveTextContent('एक्सपोर्ट');
    expect(screen.getByText('2 में से 2 दिख रहे हैं')).toBeInTheDocument();
    expectNoEnglishLeft([screen.getByRole('main')], english, hindi);

    await user.click(screen.getByRole('button', { name: 'ORD-000002 की स्थिति बदलें' }));
    const dialog = await screen.findByRole('dialog', { name: 'ORD-000002 की स्थिति बदलें' });
    const select = within(dialog).getByRole('combobox', { name: 'स्थिति' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['लंबित', 'पूरा हुआ', 'रद्द']);
    expect(within(dialog).getByRole('button', { name: 'बंद करें' })).toBeInTheDocument();
    expectNoEnglishLeft([dialog], english, hindi);

    await user.selectOptions(select, 'Cancelled');
    await user.click(within(dialog).getByRole('button', { name: 'सेव करें' }));
    const confirm = await screen.findByRole('dialog', { name: 'ORD-000002 रद्द करें?' });
    expect(within(confirm).getByText('क्या आप सच में यह ऑर्डर रद्द करना चाहते हैं?')).toBeInTheDocument();
    expectNoEnglishLeft([confirm], english, hindi);
    await user.click(within(confirm).getByRole('button', { name: 'ऑर्डर रद्द करें' }));

    expect(await screen.findByText('ORD-000002 की स्थिति अब: रद्द')).toBeInTheDocument();
    expect(screen.getByText(/पॉइंट्स dealer-1 को वापस मिल गए और आइटम स्टॉक में लौट आए।/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'रद्द (2)' })).toBeInTheDocument();
  });
});
