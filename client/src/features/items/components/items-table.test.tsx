import type { DeleteItemResponse, Item } from '@app/common';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
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
  await screen.findByRole('heading', { level: 1, name: 'Items' });
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
});
