import type {
  Address,
  AddressForm,
  Cart,
  CartLine,
  CheckoutInput,
  CheckoutResponse,
  DeleteAddressResponse,
  UpdateCartInput,
} from '@app/common';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../lib/i18n/language';
import { englishCustomerTexts } from '../../../testing/customer-english';
import { buildAddress, buildCartLine, buildCheckoutResponse } from '../../../testing/checkout';
import { buildItem, buildProfile, buildSession } from '../../../testing/factories';
import { api, errorResponse } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/render-app';

// 1,000 points after its discount, 3 in stock; 800 points, plenty in stock.
const FAN = buildItem({ name: 'Ceiling Fan', pointsRequired: 1500, discount: 500, stock: 3 });
const KETTLE = buildItem({ name: 'Electric Kettle', pointsRequired: 800, discount: 0, stock: 10 });

const HOME = buildAddress({ addressLine1: '12 MG Road', city: 'Jaipur', pinCode: '302001', default: true });
const SHOP = buildAddress({ addressLine1: '4 Station Road', addressLine2: 'Near Clock Tower', city: 'Ajmer', pinCode: '305001' });

/** The server's cart, changed by update and remove as the server would; returns what was sent. */
function serveCart(initial: CartLine[]) {
  let lines = initial;
  const updates: UpdateCartInput[] = [];
  const removed: string[] = [];
  server.use(
    http.get(api('/user/cart'), () => HttpResponse.json<Cart>({ items: lines })),
    http.post(api('/user/cart/update'), async ({ request }) => {
      const body = (await request.json()) as UpdateCartInput;
      updates.push(body);
      lines = lines.map((line) => (line.itemId._id === body.itemId ? { ...line, quantity: body.quantity } : line));
      return HttpResponse.json<Cart>({ items: lines });
    }),
    http.delete(api('/user/cart/remove/:itemId'), ({ params }) => {
      removed.push(String(params.itemId));
      lines = lines.filter((line) => line.itemId._id !== params.itemId);
      return HttpResponse.json<Cart>({ items: lines });
    }),
  );
  return { updates, removed };
}

/** The server's address book (the default first), with add and delete; returns what was sent. */
function serveAddresses(initial: Address[]) {
  let addresses = initial;
  const created: AddressForm[] = [];
  const deleted: string[] = [];
  server.use(
    http.get(api('/user/addresses'), () => HttpResponse.json<Address[]>(addresses)),
    http.post(api('/user/addresses'), async ({ request }) => {
      const body = (await request.json()) as AddressForm;
      created.push(body);
      const address = buildAddress({ ...body, default: body.default });
      addresses = [...addresses.map((old) => (body.default ? { ...old, default: false } : old)), address];
      return HttpResponse.json<Address>(address, { status: 201 });
    }),
    http.delete(api('/user/addresses/:id'), ({ params }) => {
      deleted.push(String(params.id));
      const left = addresses.filter((address) => address._id !== params.id);
      const defaultAddressId = left.find((address) => address.default)?._id ?? left[0]?._id ?? null;
      addresses = left.map((address) => ({ ...address, default: address._id === defaultAddressId }));
      return HttpResponse.json<DeleteAddressResponse>({ message: 'Address deleted', _id: String(params.id), defaultAddressId });
    }),
  );
  return { created, deleted };
}

type SentOrder = { body: CheckoutInput; key: string | null };

/** POST /api/user/cart/checkout answering with `respond`; returns every request with its Idempotency-Key. */
function serveCheckout(respond: () => Response | Promise<Response>) {
  const sent: SentOrder[] = [];
  server.use(
    http.post(api('/user/cart/checkout'), async ({ request }) => {
      sent.push({ body: (await request.json()) as CheckoutInput, key: request.headers.get('Idempotency-Key') });
      return respond();
    }),
  );
  return sent;
}

function balance(availablePoints: number) {
  server.use(http.get(api('/user/profile'), () => HttpResponse.json(buildProfile({ availablePoints }))));
}

const card = (name: string) => within(screen.getByRole('listitem', { name }));
const placeOrder = () => screen.getByRole('button', { name: 'Place Order' });

async function openCart() {
  const rendered = renderApp('/user/cart', { session: buildSession() });
  await screen.findByRole('heading', { level: 1, name: 'Cart' });
  // The heading is drawn at once (decision 047); the cart's own answer, then 'Loading...' gives way.
  await waitFor(() => expect(screen.queryByText('Loading...')).not.toBeInTheDocument());
  return rendered;
}

describe('cart (/user/cart)', () => {
  it('when the cart has items, then the total is Σ (points − discount) × quantity and − / + stop at 1, at 5 and at the stock', async () => {
    const { updates } = serveCart([buildCartLine(FAN, 1), buildCartLine(KETTLE, 5)]);
    serveAddresses([HOME]);
    const { user } = await openCart();

    // 1 × 1,000 + 5 × 800.
    expect(await screen.findByText('Total points:')).toHaveTextContent('Total points: 5,000');
    expect(card('Ceiling Fan').getByText('1,000 points each')).toBeInTheDocument();
    expect(card('Ceiling Fan').getByLabelText('was 1,500 points')).toBeInTheDocument();
    expect(card('Electric Kettle').getByText('4,000 points')).toBeInTheDocument();
    expect(card('Ceiling Fan').getByRole('button', { name: 'Decrease quantity of Ceiling Fan' })).toBeDisabled();
    expect(card('Electric Kettle').getByRole('button', { name: 'Increase quantity of Electric Kettle' })).toBeDisabled();
    expect(card('Electric Kettle').getByRole('button', { name: 'Decrease quantity of Electric Kettle' })).toBeEnabled();

    const more = card('Ceiling Fan').getByRole('button', { name: 'Increase quantity of Ceiling Fan' });
    await user.click(more);
    await waitFor(() => expect(screen.getByText('Total points:')).toHaveTextContent('Total points: 6,000'));
    await waitFor(() => expect(more).toBeEnabled());
    await user.click(more);

    // 3 is the fan's stock: + stops there, below 5.
    await waitFor(() => expect(screen.getByText('Total points:')).toHaveTextContent('Total points: 7,000'));
    expect(card('Ceiling Fan').getByRole('group', { name: 'Quantity of Ceiling Fan' })).toHaveTextContent('Quantity 3');
    await waitFor(() =>
      expect(card('Ceiling Fan').getByRole('button', { name: 'Decrease quantity of Ceiling Fan' })).toBeEnabled(),
    );
    expect(more).toBeDisabled();
    expect(updates).toEqual([
      { itemId: FAN._id, quantity: 2 },
      { itemId: FAN._id, quantity: 3 },
    ]);

    await user.click(card('Electric Kettle').getByRole('button', { name: 'Decrease quantity of Electric Kettle' }));
    await waitFor(() => expect(screen.getByText('Total points:')).toHaveTextContent('Total points: 6,200'));
    expect(updates.at(-1)).toEqual({ itemId: KETTLE._id, quantity: 4 });
  });

  it('when the server refuses a quantity, then the card gives its reason', async () => {
    serveCart([buildCartLine(KETTLE, 1)]);
    serveAddresses([HOME]);
    server.use(
      http.post(api('/user/cart/update'), () => errorResponse(409, 'OUT_OF_STOCK', 'Only 1 of "Electric Kettle" is in stock')),
    );
    const { user } = await openCart();

    await user.click(await screen.findByRole('button', { name: 'Increase quantity of Electric Kettle' }));

    expect(await card('Electric Kettle').findByRole('alert')).toHaveTextContent('Only 1 of "Electric Kettle" is in stock');
  });

  it('when the customer deletes lines, then each goes, and the last leaves "Your cart is empty" with a link to the shop', async () => {
    const { removed } = serveCart([buildCartLine(FAN, 1), buildCartLine(KETTLE, 2)]);
    serveAddresses([HOME]);
    const { user } = await openCart();

    await user.click(await screen.findByRole('button', { name: 'Delete Electric Kettle' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Electric Kettle' })).not.toBeInTheDocument());
    expect(screen.getByText('Total points:')).toHaveTextContent('Total points: 1,000');

    await user.click(screen.getByRole('button', { name: 'Delete Ceiling Fan' }));

    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/user/shop');
    expect(screen.queryByRole('button', { name: 'Place Order' })).not.toBeInTheDocument();
    expect(removed).toEqual([KETTLE._id, FAN._id]);
  });

  it('when the cart cannot be loaded, then the screen says so and Try again loads it', async () => {
    let calls = 0;
    server.use(
      http.get(api('/user/cart'), () => {
        calls += 1;
        return calls === 1
          ? errorResponse(503, 'INTERNAL', 'The database is not answering')
          : HttpResponse.json({ items: [buildCartLine(KETTLE)] } satisfies Cart);
      }),
    );
    const { user } = renderApp('/user/cart', { session: buildSession() });

    expect(await screen.findByText('The database is not answering')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Electric Kettle' })).toBeInTheDocument();
  });
});

describe('cart delivery address', () => {
  it('when the cart opens, then the default address is preselected, and the modal selects another', async () => {
    serveCart([buildCartLine(KETTLE)]);
    serveAddresses([HOME, SHOP]);
    const { user } = await openCart();

    const bar = within(screen.getByRole('region', { name: 'Delivery address' }));
    expect(await bar.findByText('12 MG Road, Jaipur, Rajasthan 302001, India')).toBeInTheDocument();
    await user.click(bar.getByRole('button', { name: 'Change delivery address' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Delivery address' }));
    expect(dialog.getByRole('radio', { name: /12 MG Road/ })).toBeChecked();
    await user.click(dialog.getByRole('radio', { name: /4 Station Road/ }));
    await user.click(dialog.getByRole('button', { name: 'Done' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bar.getByText('4 Station Road, Near Clock Tower, Ajmer, Rajasthan 305001, India')).toBeInTheDocument();
  });

  it('when the customer adds an address, then the server’s field problems show under the fields, and the saved one is selected', async () => {
    serveCart([buildCartLine(KETTLE)]);
    const { created } = serveAddresses([HOME]);
    const { user } = await openCart();

    await user.click(await screen.findByRole('button', { name: 'Change delivery address' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delivery address' })).getByRole('button', { name: 'Add New Address' }),
    );
    const form = within(await screen.findByRole('dialog', { name: 'Add New Address' }));
    expect(form.getByLabelText('State')).toHaveValue('Rajasthan');
    expect(form.getByLabelText('State')).toHaveAttribute('readonly');
    expect(form.getByLabelText('Country')).toHaveValue('India');
    expect(form.getByLabelText('Default address')).toHaveValue('false');
    expect(form.getByRole('option', { name: 'No' })).toHaveProperty('selected', true);

    // The shared schema first: required fields and a 6-digit PIN code.
    await user.click(form.getByRole('button', { name: 'Save address' }));
    expect(await form.findByText('Address line 1 is required')).toBeInTheDocument();
    expect(form.getByText('City is required')).toBeInTheDocument();
    expect(form.getByText('PIN code must be 6 digits')).toBeInTheDocument();
    expect(created).toEqual([]);

    // Then the server's own per-field problem, under its field.
    server.use(
      http.post(
        api('/user/addresses'),
        () =>
          errorResponse(400, 'VALIDATION_FAILED', 'Invalid input', [
            { field: 'body.pinCode', message: 'This PIN code is not in Rajasthan' },
          ]),
        { once: true },
      ),
    );
    await user.type(form.getByLabelText(/Address line 1/), '7 Lake View');
    await user.type(form.getByLabelText(/City/), 'Udaipur');
    await user.type(form.getByLabelText(/PIN code/), '110001');
    await user.click(form.getByRole('button', { name: 'Save address' }));
    expect(await form.findByText('This PIN code is not in Rajasthan')).toBeInTheDocument();
    expect(form.getByLabelText(/PIN code/)).toHaveAttribute('aria-invalid', 'true');

    await user.clear(form.getByLabelText(/PIN code/));
    await user.type(form.getByLabelText(/PIN code/), '313001');
    await user.selectOptions(form.getByLabelText('Default address'), 'Yes');
    await user.click(form.getByRole('button', { name: 'Save address' }));

    const picker = within(await screen.findByRole('dialog', { name: 'Delivery address' }));
    expect(await picker.findByRole('radio', { name: /7 Lake View/ })).toBeChecked();
    expect(created).toEqual([{ addressLine1: '7 Lake View', city: 'Udaipur', pinCode: '313001', default: true }]);
    await user.click(picker.getByRole('button', { name: 'Done' }));
    expect(
      within(screen.getByRole('region', { name: 'Delivery address' })).getByText('7 Lake View, Udaipur, Rajasthan 313001, India'),
    ).toBeInTheDocument();
  });

  it('when the customer deletes an address after confirming, then it leaves the list and the default moves to another', async () => {
    serveCart([buildCartLine(KETTLE)]);
    const { deleted } = serveAddresses([HOME, SHOP]);
    const { user } = await openCart();

    await user.click(await screen.findByRole('button', { name: 'Change delivery address' }));
    let picker = within(await screen.findByRole('dialog', { name: 'Delivery address' }));
    await user.click(picker.getByRole('button', { name: /Delete address: 12 MG Road/ }));

    const confirm = within(await screen.findByRole('dialog', { name: 'Delete address' }));
    expect(confirm.getByText('Are you sure you want to delete this address?')).toBeInTheDocument();
    // Cancel first: nothing is deleted.
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    picker = within(await screen.findByRole('dialog', { name: 'Delivery address' }));
    await user.click(picker.getByRole('button', { name: /Delete address: 12 MG Road/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete address' })).getByRole('button', { name: 'Delete' }),
    );

    picker = within(await screen.findByRole('dialog', { name: 'Delivery address' }));
    await waitFor(() => expect(picker.queryByRole('radio', { name: /12 MG Road/ })).not.toBeInTheDocument());
    expect(picker.getByRole('radio', { name: /4 Station Road/ })).toBeChecked();
    expect(picker.getByText('Default')).toBeInTheDocument();
    expect(deleted).toEqual([HOME._id]);
  });
});

describe('cart Place Order', () => {
  it('when the order is placed (201), then "Order Placed" shows in green and the thank-you page shows the points left', async () => {
    serveCart([buildCartLine(FAN, 2), buildCartLine(KETTLE, 1)]);
    serveAddresses([SHOP, { ...HOME, default: false }]);
    balance(5000);
    const sent = serveCheckout(() => HttpResponse.json<CheckoutResponse>(buildCheckoutResponse(2200.5, 42), { status: 201 }));
    const { user, pathname } = await openCart();
    await waitFor(() => expect(placeOrder()).toBeEnabled());

    await user.click(placeOrder());

    const placed = await screen.findByText('Order Placed');
    expect(placed).toHaveStyle({ color: 'var(--mantine-color-green-8)' });
    expect(placeOrder()).toBeDisabled();
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(pathname()).toBe('/thank-you');
    expect(screen.getByText('Remaining points:')).toHaveTextContent('Remaining points: 2,200.50');
    expect(screen.getByText('Your order ORD-000042 has been placed.')).toBeInTheDocument();
    // No address is marked default here, so the first one is used.
    expect(sent).toEqual([
      {
        body: {
          addressId: SHOP._id,
          items: [
            { itemId: FAN._id, quantity: 2 },
            { itemId: KETTLE._id, quantity: 1 },
          ],
        },
        key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
  });

  it('when the total is above the balance, then "Insufficient Points" shows in red and Place Order is disabled', async () => {
    serveCart([buildCartLine(FAN, 2)]);
    serveAddresses([HOME]);
    balance(1999.99);
    await openCart();

    const message = await screen.findByText('Insufficient Points');
    expect(message).toHaveStyle({ color: 'var(--mantine-color-red-8)' });
    expect(placeOrder()).toBeDisabled();
  });

  it('when the server refuses the order, then "Order Failed" with the server’s text shows in red', async () => {
    serveCart([buildCartLine(KETTLE)]);
    serveAddresses([HOME]);
    balance(5000);
    serveCheckout(() => errorResponse(409, 'INSUFFICIENT_POINTS', 'Insufficient points: the order needs 800 and you have 500'));
    const { user, pathname } = await openCart();
    await waitFor(() => expect(placeOrder()).toBeEnabled());

    await user.click(placeOrder());

    const failed = await screen.findByText('Order Failed: Insufficient points: the order needs 800 and you have 500');
    expect(failed).toHaveStyle({ color: 'var(--mantine-color-red-8)' });
    expect(pathname()).toBe('/user/cart');
  });

  it('when the server refuses the delivery address (400), then "Order Failed" says to choose one, without the field name', async () => {
    serveCart([buildCartLine(KETTLE)]);
    serveAddresses([HOME]);
    balance(5000);
    serveCheckout(() =>
      errorResponse(400, 'VALIDATION_FAILED', 'Choose a delivery address', [
        { field: 'addressId', message: 'Choose a delivery address' },
      ]),
    );
    const { user } = await openCart();
    await waitFor(() => expect(placeOrder()).toBeEnabled());

    await user.click(placeOrder());

    expect(await screen.findByText('Order Failed: Choose a delivery address')).toBeInTheDocument();
    expect(screen.queryByText(/addressId/)).not.toBeInTheDocument();
  });

  it('when no answer comes, then "Order Failed" shows alone, and trying again sends the same Idempotency-Key', async () => {
    serveCart([buildCartLine(KETTLE)]);
    serveAddresses([HOME]);
    balance(5000);
    let calls = 0;
    const sent = serveCheckout(() => {
      calls += 1;
      return calls === 1 ? HttpResponse.error() : HttpResponse.json(buildCheckoutResponse(4200), { status: 201 });
    });
    const { user } = await openCart();
    await waitFor(() => expect(placeOrder()).toBeEnabled());

    await user.click(placeOrder());
    expect(await screen.findByText('Order Failed')).toBeInTheDocument();
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());

    expect(await screen.findByText('Order Placed')).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    // The first attempt may have reached the server: the retry replays it rather than ordering twice.
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });

  it('when Place Order is double-clicked, then one order is sent', async () => {
    serveCart([buildCartLine(KETTLE)]);
    serveAddresses([HOME]);
    balance(5000);
    const sent = serveCheckout(async () => {
      await delay(200);
      return HttpResponse.json(buildCheckoutResponse(4200), { status: 201 });
    });
    const { user } = await openCart();
    await waitFor(() => expect(placeOrder()).toBeEnabled());

    await user.dblClick(placeOrder());

    expect(await screen.findByText('Order Placed')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });

  it('when there is no address, then Place Order is disabled, says why, and no checkout is sent', async () => {
    serveCart([buildCartLine(KETTLE)]);
    serveAddresses([]);
    balance(5000);
    const sent = serveCheckout(() => HttpResponse.json(buildCheckoutResponse(4200), { status: 201 }));
    const { user } = await openCart();

    expect(await screen.findByText('Add or select a delivery address to place the order.')).toBeInTheDocument();
    expect(placeOrder()).toBeDisabled();
    expect(
      within(screen.getByRole('region', { name: 'Delivery address' })).getByText('No delivery address selected'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select delivery address' })).toBeEnabled();
    await user.click(placeOrder());
    expect(sent).toEqual([]);
  });

  it('when the stored session is gone, then "Authentication required" shows and nothing is sent', async () => {
    serveCart([buildCartLine(KETTLE)]);
    serveAddresses([HOME]);
    balance(5000);
    const sent = serveCheckout(() => HttpResponse.json(buildCheckoutResponse(4200), { status: 201 }));
    const { user } = await openCart();
    await waitFor(() => expect(placeOrder()).toBeEnabled());

    // Removed behind the app's back (another tab's storage, cleared by the browser): no token to send.
    window.localStorage.removeItem('token');
    await user.click(placeOrder());

    expect(await screen.findByText('Authentication required')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});

describe('cart in Hindi', () => {
  it('when the language is Hindi, then the cart, its cards, the address bar and modal read in Hindi and no English text of the cart shows', async () => {
    await activateLanguage('hi');
    serveCart([buildCartLine(FAN, 1), buildCartLine(KETTLE, 5)]);
    serveAddresses([HOME, SHOP]);
    server.use(http.get(api('/user/profile'), () => HttpResponse.json(buildProfile({ availablePoints: 900, language: 'hi' }))));
    const { user } = renderApp('/user/cart', { session: buildSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'कार्ट' })).toBeInTheDocument();
    expect(await screen.findByText('कुल पॉइंट्स:')).toHaveTextContent('कुल पॉइंट्स: 5,000');
    expect(card('Ceiling Fan').getByText('1,000 पॉइंट्स प्रति आइटम')).toBeInTheDocument();
    expect(card('Ceiling Fan').getByLabelText('पहले 1,500 पॉइंट्स')).toBeInTheDocument();
    expect(card('Electric Kettle').getByText('4,000 पॉइंट्स')).toBeInTheDocument();
    expect(card('Electric Kettle').getByRole('button', { name: 'Electric Kettle हटाएँ' })).toHaveTextContent('हटाएँ');
    expect(card('Ceiling Fan').getByRole('button', { name: 'Ceiling Fan की मात्रा बढ़ाएँ' })).toBeEnabled();
    // 5,000 points in the cart, 900 in hand.
    expect(await screen.findByText('पॉइंट्स कम हैं')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ऑर्डर करें' })).toBeDisabled();
    const bar = within(screen.getByRole('region', { name: 'डिलीवरी का पता' }));
    expect(await bar.findByText('12 MG Road, Jaipur, Rajasthan 302001, India')).toBeInTheDocument();
    expect(bar.getByText('यहाँ भेजें')).toBeInTheDocument();
    expect(englishCustomerTexts(screen.getByRole('main'))).toEqual([]);

    await user.click(bar.getByRole('button', { name: 'डिलीवरी का पता बदलें' }));

    const dialog = await screen.findByRole('dialog', { name: 'डिलीवरी का पता' });
    expect(within(dialog).getByRole('button', { name: 'नया पता जोड़ें' })).toBeInTheDocument();
    expect(within(dialog).getByText('मुख्य पता')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'पता हटाएँ: 12 MG Road, Jaipur, Rajasthan 302001, India' }),
    ).toBeInTheDocument();
    expect(englishCustomerTexts(dialog)).toEqual([]);
  });
});
