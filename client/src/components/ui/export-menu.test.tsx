import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPage, buildSession } from '../../testing/factories';
import { api, errorResponse } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { renderApp } from '../../testing/render-app';
import { findScreen } from '../../testing/find-screen';

// The bills screen stands for every screen with an Export button: each passes its path and filters to the
// same ExportMenu, which downloads through the API client and saves under the server's file name.

const saved: { name: string; text: Promise<string> }[] = [];

beforeEach(() => {
  saved.length = 0;
  const blobs = new Map<string, Blob>();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, text: blobs.get(this.href)!.text() });
  });
  server.use(http.get(api('/bill'), () => HttpResponse.json(buildPage([]))));
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function openBills() {
  renderApp('/admin-bills', { session: buildSession({ userType: 'admin' }) });
  await findScreen('Bills');
}

describe('Export button', () => {
  it('when Excel is chosen after a search, then the export is asked with q and format and saved under the server’s dated name', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(api('/admin/export/bills'), ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return new HttpResponse('sheet bytes', {
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': `attachment; filename="bills-2026-11-26.xlsx"; filename*=UTF-8''bills-2026-11-26.xlsx`,
          },
        });
      }),
    );
    await openBills();
    const user = userEvent.setup();

    await user.type(screen.getByRole('searchbox', { name: 'Search by bill number or username' }), 'INV-7');
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Searching' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Export bills' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(Object.fromEntries(asked[0]!)).toEqual({ q: 'INV-7', format: 'xlsx' });
    expect(saved[0]!.name).toBe('bills-2026-11-26.xlsx');
    expect(await saved[0]!.text).toBe('sheet bytes');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export bills' })).toBeEnabled());
  });

  it('when the server refuses the export, then its message is shown and nothing is saved', async () => {
    server.use(http.get(api('/admin/export/bills'), () => errorResponse(403, 'FORBIDDEN', 'Admins can export customers only')));
    await openBills();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Export bills' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Admins can export customers only');
    expect(saved).toEqual([]);
  });

  it('when a keyboard user presses Enter on Export, then the menu opens; Escape closes it and the focus is back on the button, which opens it again', async () => {
    await openBills();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Export bills' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    button.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'CSV' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Export bills' })).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'CSV' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Export bills' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' })).toBeVisible();
  });
});
