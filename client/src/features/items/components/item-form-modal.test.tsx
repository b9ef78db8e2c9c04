import { MAX_ITEM_IMAGE_BYTES, type Item } from '@app/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import englishRaw from '@app/common/i18n/locales/en/operations.json?raw';
import hindiRaw from '@app/common/i18n/locales/hi/operations.json?raw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../lib/i18n/language';
import { expectNoEnglishLeft } from '../../../testing/english-left';
import { buildItem, buildSession } from '../../../testing/factories';
import { api, errorResponse } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/render-app';

// jsdom has no object URLs; the preview only needs one to exist.
const createObjectURL = vi.fn((_file: Blob) => 'blob:chosen-picture');
const revokeObjectURL = vi.fn((_url: string) => {});
beforeAll(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});
afterEach(() => {
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
});

const kettle = buildItem({
  _id: 'item-kettle',
  name: 'Electric Kettle',
  description: '<p>Boils <strong>fast</strong></p>',
  pointsRequired: 1500,
  discount: 100,
  stock: 12,
  images: ['uploads/kettle.webp'],
  image: 'uploads/kettle.webp',
});

/**
 * What a multipart request carried: its text fields, and the type of its file part. jsdom's File reaches
 * msw without its name and bytes (a test-only gap between jsdom and msw), so only the part's type is read.
 */
type SentForm = { fields: Record<string, string>; image: { type: string } | null };

async function readForm(request: Request): Promise<SentForm> {
  const body = await request.formData();
  const fields: Record<string, string> = {};
  let image: SentForm['image'] = null;
  body.forEach((value, key) => {
    if (typeof value === 'string') fields[key] = value;
    else if (key === 'image') image = { type: value.type };
  });
  return { fields, image };
}

/** GET /api/item answers `before` until a write succeeds, then `after` (the refetch sees the change). */
function serveCatalogue(before: Item[]) {
  let current = before;
  server.use(http.get(api('/item'), () => HttpResponse.json<Item[]>(current)));
  return (after: Item[]) => {
    current = after;
  };
}

async function openItems() {
  const app = renderApp('/admin-items', { session: buildSession({ userType: 'admin' }) });
  // The screen's code is downloaded on first visit (route-level splitting): slow on a busy machine.
  await screen.findByRole('heading', { level: 1, name: 'Items' }, { timeout: 15000 });
  return app;
}

function pngFile(name = 'kettle.png', bytes = 16) {
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}

describe('Add New Item', () => {
  it('when the form is filled without a discount, then it is sent as multipart with discount 0 and the new item is listed', async () => {
    const sent: SentForm[] = [];
    const changeCatalogue = serveCatalogue([]);
    server.use(
      http.post(api('/item'), async ({ request }) => {
        const form = await readForm(request);
        sent.push(form);
        const saved = buildItem({
          name: 'Steam Iron',
          description: '<p>Light <em>and</em> quick</p>',
          pointsRequired: 2500.5,
          stock: 40,
        });
        changeCatalogue([saved]);
        return HttpResponse.json<Item>(saved, { status: 201 });
      }),
    );
    const { user } = await openItems();
    await screen.findByText('No items yet. Add one with Add New Item.');

    await user.click(screen.getByRole('button', { name: 'Add New Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Item' });
    expect(within(dialog).getByText('HTML allowed: paragraphs, lists, bold, italics, links')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Name/), 'Steam Iron');
    await user.type(within(dialog).getByLabelText(/^Description/), '<p>Light <em>and</em> quick</p>');
    await user.type(within(dialog).getByLabelText(/^Points required/), '2500.5');
    await user.type(within(dialog).getByLabelText(/^Stock/), '40');
    await user.upload(within(dialog).getByLabelText('Image file'), pngFile('iron.png'));
    expect(within(dialog).getByRole('img', { name: 'Preview of the chosen picture' })).toHaveAttribute(
      'src',
      'blob:chosen-picture',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));

    expect(await screen.findByText('Item added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New Item' })).not.toBeInTheDocument());
    const row = await screen.findByRole('row', { name: /Steam Iron/ });
    expect(within(row).getByText('Light and quick')).toBeInTheDocument();
    expect(within(row).getByText('2,500.5')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        fields: {
          name: 'Steam Iron',
          description: '<p>Light <em>and</em> quick</p>',
          pointsRequired: '2500.5',
          discount: '0',
          stock: '40',
        },
        image: { type: 'image/png' },
      },
    ]);
    // The preview's object URL is given back once the dialog has closed.
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:chosen-picture');
  });

  it('when required fields are empty, then each says so and nothing is sent', async () => {
    let posts = 0;
    server.use(
      http.post(api('/item'), () => {
        posts += 1;
        return HttpResponse.json<Item>(buildItem(), { status: 201 });
      }),
    );
    const { user } = await openItems();

    await user.click(screen.getByRole('button', { name: 'Add New Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Item' });
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));

    expect(within(dialog).getByText('Item name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Points required is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Stock is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveFocus();
    expect(posts).toBe(0);
  });

  it('when the discount is not below the points required, then the shared rule says so under Discount', async () => {
    const { user } = await openItems();

    await user.click(screen.getByRole('button', { name: 'Add New Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Item' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Kettle');
    await user.type(within(dialog).getByLabelText(/^Description/), 'Boils');
    await user.type(within(dialog).getByLabelText(/^Points required/), '100');
    await user.type(within(dialog).getByLabelText(/^Discount/), '100');
    await user.type(within(dialog).getByLabelText(/^Stock/), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));

    expect(within(dialog).getByText('Discount must be less than points required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Discount/)).toHaveAccessibleDescription(/Discount must be less than points required/);
  });

  it('when the file is not a picture or is over 5 MB, then it is refused under Image before anything is sent', async () => {
    let posts = 0;
    server.use(
      http.post(api('/item'), () => {
        posts += 1;
        return HttpResponse.json<Item>(buildItem(), { status: 201 });
      }),
    );
    const { user } = await openItems();

    await user.click(screen.getByRole('button', { name: 'Add New Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Item' });
    const fileInput = within(dialog).getByLabelText('Image file');
    // The picker offers only pictures; a file that gets past it (a file manager showing all files) is refused here.
    const pastThePicker = userEvent.setup({ applyAccept: false });
    await pastThePicker.upload(fileInput, new File(['%PDF-1.4'], 'manual.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByText('Choose a JPEG, PNG, WebP or GIF picture')).toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: 'Preview of the chosen picture' })).not.toBeInTheDocument();

    await user.upload(fileInput, pngFile('huge.png', MAX_ITEM_IMAGE_BYTES + 1));
    expect(await within(dialog).findByText('The picture must be at most 5 MB')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Name/), 'Kettle');
    await user.type(within(dialog).getByLabelText(/^Description/), 'Boils');
    await user.type(within(dialog).getByLabelText(/^Points required/), '100');
    await user.type(within(dialog).getByLabelText(/^Stock/), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));
    expect(within(dialog).getByText('The picture must be at most 5 MB')).toBeInTheDocument();
    expect(posts).toBe(0);

    await user.upload(fileInput, pngFile('small.png'));
    expect(within(dialog).queryByText('The picture must be at most 5 MB')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Preview of the chosen picture' })).toBeInTheDocument();
  });

  it('when the server refuses the picture (415), then its message shows under Image and the dialog stays open', async () => {
    server.use(
      http.post(api('/item'), () =>
        errorResponse(415, 'UNSUPPORTED_MEDIA_TYPE', 'The image must be a JPEG, PNG, WebP or GIF', [
          { field: 'image', message: 'The image must be a JPEG, PNG, WebP or GIF' },
        ]),
      ),
    );
    const { user } = await openItems();

    await user.click(screen.getByRole('button', { name: 'Add New Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Item' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Kettle');
    await user.type(within(dialog).getByLabelText(/^Description/), 'Boils');
    await user.type(within(dialog).getByLabelText(/^Points required/), '100');
    await user.type(within(dialog).getByLabelText(/^Stock/), '1');
    await user.upload(within(dialog).getByLabelText('Image file'), pngFile('renamed.png'));
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));

    expect(await within(dialog).findByText('The image must be a JPEG, PNG, WebP or GIF')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Image')).toHaveAccessibleDescription(/The image must be a JPEG, PNG, WebP or GIF/);
    expect(within(dialog).getByRole('button', { name: 'Add item' })).toBeEnabled();
  });

  it('when the server answers a failure about no field, then its message shows in the dialog', async () => {
    server.use(http.post(api('/item'), () => errorResponse(403, 'FORBIDDEN', 'Only staff can change the catalogue')));
    const { user } = await openItems();

    await user.click(screen.getByRole('button', { name: 'Add New Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Item' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Kettle');
    await user.type(within(dialog).getByLabelText(/^Description/), 'Boils');
    await user.type(within(dialog).getByLabelText(/^Points required/), '100');
    await user.type(within(dialog).getByLabelText(/^Stock/), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only staff can change the catalogue');
  });
});

describe('Edit Item', () => {
  it('when Edit is clicked, then the form holds the item and Save sends a PUT; the list shows the change', async () => {
    const sent: SentForm[] = [];
    const changeCatalogue = serveCatalogue([kettle]);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.put(api('/item/:id'), async ({ request, params }) => {
        sent.push(await readForm(request));
        await held;
        const saved = { ...kettle, _id: String(params.id), stock: 9 };
        changeCatalogue([saved]);
        return HttpResponse.json<Item>(saved);
      }),
    );
    const { user } = await openItems();

    await user.click(await screen.findByRole('button', { name: 'Edit Electric Kettle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Item' });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Electric Kettle');
    expect(within(dialog).getByLabelText(/^Description/)).toHaveValue('<p>Boils <strong>fast</strong></p>');
    expect(within(dialog).getByLabelText(/^Points required/)).toHaveValue('1,500');
    expect(within(dialog).getByLabelText(/^Discount/)).toHaveValue('100');
    expect(within(dialog).getByLabelText(/^Stock/)).toHaveValue('12');
    expect(within(dialog).getByRole('img', { name: 'Electric Kettle' })).toHaveAttribute(
      'src',
      expect.stringContaining('uploads/kettle.webp'),
    );

    const stock = within(dialog).getByLabelText(/^Stock/);
    await user.clear(stock);
    await user.type(stock, '9');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    // While it saves, the button cannot be pressed again.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled());
    release();
    expect(await screen.findByText('Item updated')).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Electric Kettle/ });
    await waitFor(() => expect(within(row).getByText('9')).toBeInTheDocument());
    // No new picture chosen: no image field, so the server keeps the current one.
    expect(sent).toEqual([
      {
        fields: {
          name: 'Electric Kettle',
          description: '<p>Boils <strong>fast</strong></p>',
          pointsRequired: '1500',
          discount: '100',
          stock: '9',
        },
        image: null,
      },
    ]);
  });

  it('when the server names bad fields (400), then each message shows under its field', async () => {
    serveCatalogue([kettle]);
    server.use(
      http.put(api('/item/:id'), () =>
        errorResponse(400, 'VALIDATION_FAILED', 'Some fields are not valid', [
          { field: 'discount', message: 'Discount must be less than points required' },
          { field: 'name', message: 'Item name must be at most 120 characters' },
        ]),
      ),
    );
    const { user } = await openItems();

    await user.click(await screen.findByRole('button', { name: 'Edit Electric Kettle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Item' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const discount = within(dialog).getByLabelText(/^Discount/);
    await waitFor(() => expect(discount).toHaveAccessibleDescription(/Discount must be less than points required/));
    expect(within(dialog).getByLabelText(/^Name/)).toHaveAccessibleDescription(/Item name must be at most 120 characters/);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the language is Hindi, then the Edit Item form and its notice read in Hindi and the item stays as entered', async () => {
    await activateLanguage('hi');
    const changeCatalogue = serveCatalogue([kettle]);
    server.use(
      http.put(api('/item/:id'), () => {
        const saved = { ...kettle, stock: 9 };
        changeCatalogue([saved]);
        return HttpResponse.json<Item>(saved);
      }),
    );
    const { user } = renderApp('/admin-items', { session: buildSession({ userType: 'admin' }) });

    // The screen's code is downloaded on first visit (route-level splitting): slow on a busy machine.
    await user.click(await screen.findByRole('button', { name: 'Electric Kettle बदलें' }, { timeout: 15000 }));
    const dialog = await screen.findByRole('dialog', { name: 'आइटम बदलें' });
    expect(within(dialog).getByLabelText(/^नाम/)).toHaveValue('Electric Kettle');
    expect(within(dialog).getByLabelText(/^ज़रूरी पॉइंट्स/)).toHaveValue('1,500');
    expect(within(dialog).getByText('कीमत में से घटने वाले पॉइंट्स; छूट नहीं है तो खाली छोड़ दें')).toBeInTheDocument();
    expect(
      within(dialog).getByText('JPEG, PNG, WebP या GIF, ज़्यादा से ज़्यादा 5 MB। अभी वाली फ़ोटो रखनी है तो खाली छोड़ दें।'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('अभी वाली फ़ोटो')).toBeInTheDocument();
    expectNoEnglishLeft(
      [dialog],
      JSON.parse(englishRaw) as Record<string, string>,
      JSON.parse(hindiRaw) as Record<string, string>,
    );

    const stock = within(dialog).getByLabelText(/^स्टॉक/);
    await user.clear(stock);
    await user.type(stock, '9');
    await user.click(within(dialog).getByRole('button', { name: 'सेव करें' }));

    expect(await screen.findByText('आइटम बदल गया')).toBeInTheDocument();
  });
});
