import type { Address, AddressForm, CheckoutInput, Item } from '@app/common';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildAddress, buildCheckoutResponse } from '../../testing/checkout';
import { buildItem, buildProfile, buildSession } from '../../testing/factories';
import { api } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { renderApp } from '../../testing/render-app';

// 1,200 points after its discount; enough stock for the whole 1–5 choice.
const LAMP = buildItem({ name: 'Desk Lamp', pointsRequired: 1500, discount: 300, stock: 8 });
const OFFICE = buildAddress({ addressLine1: '9 Civil Lines', city: 'Jaipur', pinCode: '302006' });
const HOME = buildAddress({ addressLine1: '12 MG Road', city: 'Jaipur', pinCode: '302001', default: true });

/** Buy-now is reached from the shop's Buy Now with the item in navigation state (spec §2). */
async function buyNowFromShop(item: Item, availablePoints = 10000) {
  server.use(
    http.get(api('/item'), () => HttpResponse.json<Item[]>([item])),
    http.get(api('/user/profile'), () => HttpResponse.json(buildProfile({ availablePoints }))),
  );
  const rendered = renderApp('/user/shop', { session: buildSession() });
  await rendered.user.click(await screen.findByRole('button', { name: `Buy Now: ${item.name}` }));
  await screen.findByRole('heading', { level: 1, name: 'Buy Now' });
  return rendered;
}

const placeOrder = () => screen.getByRole('button', { name: 'Place Order' });
const totals = () => within(screen.getByRole('region', { name: 'Order summary' }));

describe('buy-now (/buy-now)', () => {
  it('when opened without an item, then it goes to the shop', async () => {
    const { pathname } = renderApp('/buy-now', { session: buildSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeInTheDocument();
    expect(pathname()).toBe('/user/shop');
  });

  it('when opened with an item, then the default address is preselected and the total follows the quantity (1 to 5)', async () => {
    server.use(http.get(api('/user/addresses'), () => HttpResponse.json<Address[]>([HOME, OFFICE])));
    const { user } = await buyNowFromShop(LAMP, 5000);

    const item = within(screen.getByRole('region', { name: 'Desk Lamp' }));
    expect(item.getByLabelText('was 1,500 points')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /12 MG Road/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /9 Civil Lines/ })).not.toBeChecked();
    const quantity = item.getByLabelText('Quantity');
    expect(
      within(quantity)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(totals().getByText('1,200')).toBeInTheDocument();

    await user.selectOptions(quantity, '4');
    expect(totals().getByText('4,800')).toBeInTheDocument();
    expect(placeOrder()).toBeEnabled();

    // 5 × 1,200 = 6,000 is above the 5,000 points held.
    await user.selectOptions(quantity, '5');
    expect(totals().getByText('6,000')).toBeInTheDocument();
    expect(screen.getByText('Insufficient Points')).toHaveStyle({ color: 'var(--mantine-color-red-8)' });
    expect(placeOrder()).toBeDisabled();
  });

  it('when the customer adds an address and places the order, then it goes to that address and the thank-you page follows', async () => {
    const created: AddressForm[] = [];
    const sent: CheckoutInput[] = [];
    let saved: Address[] = [];
    server.use(
      http.get(api('/user/addresses'), () => HttpResponse.json<Address[]>(saved)),
      http.post(api('/user/addresses'), async ({ request }) => {
        const body = (await request.json()) as AddressForm;
        created.push(body);
        const address = buildAddress({ ...body, default: true });
        saved = [address];
        return HttpResponse.json<Address>(address, { status: 201 });
      }),
      http.post(api('/user/cart/checkout'), async ({ request }) => {
        sent.push((await request.json()) as CheckoutInput);
        return HttpResponse.json(buildCheckoutResponse(7600), { status: 201 });
      }),
    );
    const { user, pathname } = await buyNowFromShop(LAMP);

    expect(await screen.findByText('No saved addresses yet. Add one to place your order.')).toBeInTheDocument();
    expect(placeOrder()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add New Address' }));
    const form = within(await screen.findByRole('dialog', { name: 'Add New Address' }));
    expect(form.getByLabelText('State')).toHaveValue('Rajasthan');
    expect(form.getByLabelText('Country')).toHaveValue('India');
    expect(form.getByLabelText('Default address')).toHaveValue('false');
    await user.type(form.getByLabelText(/Address line 1/), '3 Fort Road');
    await user.type(form.getByLabelText(/City/), 'Bikaner');
    await user.type(form.getByLabelText(/PIN code/), '334001');
    await user.click(form.getByRole('button', { name: 'Save address' }));

    expect(await screen.findByRole('radio', { name: /3 Fort Road/ })).toBeChecked();
    await user.selectOptions(screen.getByLabelText('Quantity'), '2');
    await user.click(placeOrder());

    expect(await screen.findByText('Order Placed')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(pathname()).toBe('/thank-you');
    expect(screen.getByText('Remaining points:')).toHaveTextContent('Remaining points: 7,600.00');
    expect(created).toEqual([{ addressLine1: '3 Fort Road', city: 'Bikaner', pinCode: '334001', default: false }]);
    await waitFor(() => expect(sent).toEqual([{ addressId: saved[0]!._id, items: [{ itemId: LAMP._id, quantity: 2 }] }]));
  });

  it('when fewer than 5 are in stock, then the quantity stops at the stock', async () => {
    await buyNowFromShop(buildItem({ name: 'Wall Clock', stock: 2 }));

    const options = within(screen.getByLabelText('Quantity')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['1', '2']);
  });
});
