import { MAX_ITEM_IMAGE_BYTES, type DeleteItemResponse, type Item } from '@app/common';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import englishRaw from '@app/common/i18n/locales/en/operations.json?raw';
import hindiRaw from '@app/common/i18n/locales/hi/operations.json?raw';
import { describe, expect, it } from 'vitest';
import { firstScreenfulOfRows } from '../../../components/ui/growing-rows';
import { activateLanguage } from '../../../lib/i18n/language';
import { expectNoEnglishLeft } from '../../../testing/english-left';
import { buildItem, buildSession } from '../../../testing/factories';
import { api, errorResponse } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/render-app';

const kettle = buildItem({
  _id: 'item-kettle',
  name: 'Electric Kettle',
  description: '<p>Boils <strong>1.5 litres</strong> fast.</p><ul><li>Auto shut-off</li></ul><script>alert(1)</script>',
  pointsRequired: 1234567.5,
  discount: 12000,
  stock: 250000,
});
const mixer = buildItem({ _id: 'item-mixer', name: 'Mixer Grinder', description: '<p>Three jars</p>', pointsRequired: 800 });

async function openItems(path = '/admin-items') {
  const app = renderApp(path, { session: buildSession({ userType: path.startsWith('/superadmin') ? 'superadmin' : 'admin' }) });
  // The screen's code is downloaded on first visit (route-level splitting): slow on a busy machine.
  await screen.findByRole('heading', { level: 1, name: 'Items' }, { timeout: 15000 });
  return app;
}

function serveItems(...answers: Item[][]) {
  let call = 0;
  server.use(
    http.get(api('/item'), () => {
      const answer = answers[Math.min(call, answers.length - 1)] ?? [];
      call += 1;
      return HttpResponse.json<Item[]>(answer);
    }),
  );
}

describe('items screen (/admin-items, /superadmin-items)', () => {
  it('when items exist, then each row shows the name, the description as plain text and the numbers with Indian grouping', async () => {
    serveItems([kettle, mixer]);
    await openItems('/superadmin-items');

    const row = await screen.findByRole('row', { name: /Electric Kettle/ });
    expect(within(row).getByText('Boils 1.5 litres fast. Auto shut-off')).toBeInTheDocument();
    expect(within(row).getByText('12,34,567.5')).toBeInTheDocument();
    expect(within(row).getByText('12,000')).toBeInTheDocument();
    expect(within(row).getByText('2,50,000')).toBeInTheDocument();
    // The stored HTML is never put into the table: no markup, no script.
    expect(within(row).queryByText('1.5 litres', { selector: 'strong' })).not.toBeInTheDocument();
    expect(row.querySelector('script')).toBeNull();
    expect(within(row).getByRole('button', { name: 'Edit Electric Kettle' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete Electric Kettle' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Mixer Grinder/ })).toBeInTheDocument();
  });

  it('when drawn, then each item is a card on a phone: name and points on top, the description, discount and stock, Edit and Delete', async () => {
    serveItems([kettle]);
    await openItems();

    const row = await screen.findByRole('row', { name: /Electric Kettle/ });
    // The card's places are set on the cells and drawn by CSS alone below 48em (components/ui/data-list.tsx).
    const place = (element: HTMLElement) => element.closest('td')?.getAttribute('data-phone');
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Electric Kettle');
    expect(place(within(row).getByText('12,34,567.5'))).toBe('aside');
    expect(place(within(row).getByText('Boils 1.5 litres fast. Auto shut-off'))).toBe('block');
    // Discount and stock are lines that name themselves, the header being hidden on a phone.
    expect(within(row).getByText('12,000').closest('td')).toHaveAttribute('data-label', 'Discount');
    expect(within(row).getByText('2,50,000').closest('td')).toHaveAttribute('data-label', 'Stock');
    expect(place(within(row).getByText('12,000'))).toBe('line');
    expect(place(within(row).getByRole('button', { name: 'Edit Electric Kettle' }))).toBe('actions');
    expect(place(within(row).getByRole('button', { name: 'Delete Electric Kettle' }))).toBe('actions');
    // Nothing is left to scroll sideways: no scrolling box around the list.
    expect(screen.queryByRole('region', { name: 'Items' })).not.toBeInTheDocument();
  });

  it('when the catalogue is long, then a screenful of rows is drawn first, and Show more adds the rest; a search starts again from a screenful', async () => {
    const catalogue = Array.from({ length: 200 }, (_, index) =>
      buildItem({ _id: `item-${index}`, name: `Ceiling Fan ${index + 1}`, description: '<p>A fan</p>' }),
    );
    serveItems(catalogue);
    const { user } = await openItems();

    await screen.findByRole('row', { name: /Ceiling Fan 1\b/ });
    const first = firstScreenfulOfRows(window.innerHeight);
    const table = screen.getByRole('table', { name: 'Items' });
    expect(within(table).getAllByRole('row')).toHaveLength(first + 1);
    // The count says what the catalogue holds, not what is drawn.
    expect(screen.getByRole('status')).toHaveTextContent('200 items');
    await user.click(screen.getByRole('button', { name: `Show more items (${200 - first} more)` }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(first + 50 + 1));

    await user.type(screen.getByRole('searchbox', { name: 'Search by item name' }), 'Ceiling');
    // A new list for the search (the table is drawn again).
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Items' })).getAllByRole('row')).toHaveLength(first + 1));
  });

  it('when a description is long, then the table shows its beginning with an ellipsis', async () => {
    serveItems([buildItem({ name: 'Long One', description: `<p>${'word '.repeat(60)}</p>` })]);
    await openItems();

    const row = await screen.findByRole('row', { name: /Long One/ });
    expect(within(row).getByText(/^(word ){19}word…$/)).toBeInTheDocument();
  });

  it('when the staff member searches, then only names containing the text, in any case, stay; no match says so', async () => {
    serveItems([kettle, mixer]);
    const { user } = await openItems();
    await screen.findByRole('row', { name: /Electric Kettle/ });

    await user.type(screen.getByLabelText('Search by item name'), 'KETT');
    expect(screen.getByRole('row', { name: /Electric Kettle/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Mixer Grinder/ })).not.toBeInTheDocument();
    expect(screen.getByText('1 of 2 items')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Search by item name'));
    await user.type(screen.getByLabelText('Search by item name'), 'toaster');
    expect(screen.getByText('No items match "toaster"')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Items' })).not.toBeInTheDocument();
  });

  it('while the list loads, then the loader shows; when there are no items, then the screen says so', async () => {
    let answer: (items: Item[]) => void = () => {};
    const pending = new Promise<Item[]>((resolve) => {
      answer = resolve;
    });
    server.use(http.get(api('/item'), async () => HttpResponse.json<Item[]>(await pending)));
    await openItems();

    expect(screen.getByText('Loading...')).toBeInTheDocument();
    answer([]);
    expect(await screen.findByText('No items yet. Add one with Add New Item.')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('when the list fails, then the server message and Try again show, and Try again loads it', async () => {
    let calls = 0;
    server.use(
      http.get(api('/item'), () => {
        calls += 1;
        return calls === 1 ? errorResponse(500, 'INTERNAL', 'Something went wrong on our side') : HttpResponse.json([kettle]);
      }),
    );
    const { user } = await openItems();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The items could not be loaded')).toBeInTheDocument();
    expect(within(alert).getByText('Something went wrong on our side')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('row', { name: /Electric Kettle/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when Delete is clicked, then the question is asked first, Cancel sends nothing, and Delete removes the row', async () => {
    const deleted: string[] = [];
    serveItems([kettle, mixer]);
    server.use(
      http.delete(api('/item/:id'), ({ params }) => {
        deleted.push(String(params.id));
        serveItems([mixer]);
        return HttpResponse.json<DeleteItemResponse>({ message: 'Item deleted', _id: String(params.id) });
      }),
    );
    const { user } = await openItems();

    await user.click(await screen.findByRole('button', { name: 'Delete Electric Kettle' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete item' });
    expect(within(dialog).getByText('Are you sure you want to delete this item?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);
    expect(screen.getByRole('row', { name: /Electric Kettle/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Electric Kettle' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete item' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Item deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Electric Kettle/ })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: /Mixer Grinder/ })).toBeInTheDocument();
    expect(deleted).toEqual(['item-kettle']);
  });

  it('when the delete fails, then the server message shows in the dialog and the row stays', async () => {
    serveItems([kettle]);
    server.use(http.delete(api('/item/:id'), () => errorResponse(404, 'NOT_FOUND', 'Item not found')));
    const { user } = await openItems();

    await user.click(await screen.findByRole('button', { name: 'Delete Electric Kettle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete item' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Item not found');
    expect(screen.getByRole('row', { name: /Electric Kettle/ })).toBeInTheDocument();
  });

  it('when the language is Hindi, then the table, the item form, its checks and the delete question read in Hindi', async () => {
    const english = JSON.parse(englishRaw) as Record<string, string>;
    const hindi = JSON.parse(hindiRaw) as Record<string, string>;
    await activateLanguage('hi');
    serveItems([kettle]);
    const app = renderApp('/admin-items', { session: buildSession({ userType: 'admin' }) });
    // The screen's code is downloaded on first visit (route-level splitting): slow on a busy machine.
    await screen.findByRole('heading', { level: 1, name: 'आइटम' }, { timeout: 15000 });
    const { user } = app;

    const table = await screen.findByRole('table', { name: 'आइटम' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['नाम', 'विवरण', 'ज़रूरी पॉइंट्स', 'छूट', 'स्टॉक', 'विकल्प']);
    const row = within(table).getByRole('row', { name: /Electric Kettle/ });
    // Data stays as entered; numbers keep India's grouping.
    expect(within(row).getByText('12,34,567.5')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Electric Kettle बदलें' })).toHaveTextContent('बदलें');
    expect(within(row).getByRole('button', { name: 'Electric Kettle हटाएँ' })).toHaveTextContent('हटाएँ');
    expect(screen.getByText('1 आइटम')).toBeInTheDocument();
    expect(screen.getByLabelText('आइटम के नाम से खोजें')).toHaveAttribute('placeholder', 'आइटम का नाम');
    expectNoEnglishLeft([screen.getByRole('main')], english, hindi);

    await user.click(screen.getByRole('button', { name: 'नया आइटम जोड़ें' }));
    const add = await screen.findByRole('dialog', { name: 'नया आइटम जोड़ें' });
    expect(within(add).getByText('HTML चलेगा: पैराग्राफ़, सूची, बोल्ड, इटैलिक, लिंक')).toBeInTheDocument();
    expect(within(add).getByText('JPEG, PNG, WebP या GIF, ज़्यादा से ज़्यादा 5 MB। लगाना ज़रूरी नहीं।')).toBeInTheDocument();
    await user.click(within(add).getByRole('button', { name: 'आइटम जोड़ें' }));
    expect(await within(add).findByText('ज़रूरी पॉइंट्स डालें')).toBeInTheDocument();
    expect(within(add).getByText('स्टॉक डालें')).toBeInTheDocument();
    // The shared schema's own check comes through the server's message list, not in English.
    expect(within(add).queryByText('Item name is required')).not.toBeInTheDocument();
    await user.upload(
      within(add).getByLabelText('फ़ोटो की फ़ाइल'),
      new File([new Uint8Array(MAX_ITEM_IMAGE_BYTES + 1)], 'huge.png', { type: 'image/png' }),
    );
    expect(await within(add).findByText('फ़ोटो ज़्यादा से ज़्यादा 5 MB की होनी चाहिए')).toBeInTheDocument();
    expectNoEnglishLeft([add], english, hindi);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(row).getByRole('button', { name: 'Electric Kettle हटाएँ' }));
    const remove = await screen.findByRole('dialog', { name: 'आइटम हटाएँ' });
    expect(within(remove).getByText('क्या आप सच में यह आइटम हटाना चाहते हैं?')).toBeInTheDocument();
    expect(within(remove).getByText(/12,34,567.5 पॉइंट्स · स्टॉक में 2,50,000।/)).toBeInTheDocument();
    expectNoEnglishLeft([remove], english, hindi);
  });
});
