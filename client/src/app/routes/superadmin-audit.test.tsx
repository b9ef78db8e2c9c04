import type { AuditEntry } from '@app/common';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { buildPage, buildSession } from '../../testing/factories';
import { api, errorResponse } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { activateLanguage } from '../../lib/i18n/language';
import { staffEnglishIn } from '../../testing/english-texts';
import { renderApp } from '../../testing/render-app';
import { findScreen } from '../../testing/find-screen';

const tierChange: AuditEntry = {
  _id: '7b0b9f6e-0000-4000-8000-000000000001',
  actor: { _id: '7b0b9f6e-0000-4000-8000-0000000000aa', username: 'chief' },
  action: 'user.change_tier',
  entity: 'user',
  entityId: '7b0b9f6e-0000-4000-8000-0000000000cc',
  before: { tier: 'Silver', partyName: 'Sharma Traders' },
  after: { tier: 'Gold', partyName: 'Sharma Traders' },
  createdAt: '2026-05-31T18:45:00.000Z',
};

function serveAudit(items: AuditEntry[] = [tierChange]) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(api('/superadmin/audit'), ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json(buildPage(items, { total: items.length }));
    }),
  );
  return asked;
}

/** Opens the screen and waits for its code, which is downloaded on first visit (route-level splitting). */
async function open() {
  const app = renderApp('/superadmin-audit', { session: buildSession({ userType: 'superadmin' }) });
  await findScreen('Audit');
  return app;
}

describe('the audit screen (/superadmin-audit)', () => {
  it('when an entry changed a field, then before and after show each field by name with the changed one marked', async () => {
    serveAudit();
    await open();

    const entry = await screen.findByRole('article', { name: 'user.change_tier user' });
    // 18:45 UTC on 31 May is 1 June in Asia/Kolkata.
    expect(within(entry).getByText(/1 Jun 2026/)).toBeInTheDocument();
    const [before, after] = within(entry)
      .getAllByRole('heading', { level: 4 })
      .map((heading) => heading.closest('div')!);
    expect(before).toHaveTextContent('Before');
    expect(before).toHaveTextContent('Tier (changed)Silver');
    expect(after).toHaveTextContent('Tier (changed)Gold');
    expect(after).toHaveTextContent('Party nameSharma Traders');
    expect(after).not.toHaveTextContent('Party name (changed)');
  });

  it('when an action is chosen and a record typed, then the list is asked for them from page 1', async () => {
    const asked = serveAudit();
    const { user } = await open();
    await screen.findByRole('article');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'bill.edit');
    await user.type(screen.getByRole('textbox', { name: 'Record' }), 'abc');

    await vi.waitFor(() => {
      const last = asked.at(-1)!;
      expect([last.get('action'), last.get('entityId'), last.get('page')]).toEqual(['bill.edit', 'abc', '1']);
    });
  });

  it('when dates and a person are chosen, then the list is asked for those calendar days and that person', async () => {
    const asked = serveAudit();
    const { user } = await open();
    await screen.findByRole('article');

    await user.type(screen.getByLabelText('From'), '2026-06-01');
    await user.type(screen.getByLabelText('To'), '2026-06-01');
    await user.click(screen.getByRole('button', { name: 'Only changes by chief' }));

    await vi.waitFor(() => {
      const last = asked.at(-1)!;
      expect([last.get('from'), last.get('to'), last.get('actorId')]).toEqual([
        '2026-06-01',
        '2026-06-01',
        tierChange.actor!._id,
      ]);
    });
    expect(screen.getByText('chief', { selector: 'strong' })).toBeInTheDocument();
  });

  it('when nothing matches, then it says so', async () => {
    serveAudit([]);
    await open();

    expect(await screen.findByText('No changes match these filters.')).toBeInTheDocument();
  });

  it('when the log cannot be loaded, then the server’s words and Try again', async () => {
    server.use(http.get(api('/superadmin/audit'), () => errorResponse(403, 'FORBIDDEN', 'Only a superadmin can do this')));
    await open();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Only a superadmin can do this');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('the audit screen in Hindi', () => {
  it('when the language is Hindi, then actions, fields, filters and dates read in Hindi and none of their English shows', async () => {
    await activateLanguage('hi');
    serveAudit();
    renderApp('/superadmin-audit', { session: buildSession({ userType: 'superadmin' }) });
    await screen.findByRole('heading', { level: 1, name: 'ऑडिट' }, { timeout: 15000 });

    const entry = await screen.findByRole('article', { name: 'टियर बदला गया यूज़र' });
    expect(within(entry).getByText('टियर बदला गया')).toBeInTheDocument();
    expect(within(entry).getByRole('button', { name: 'सिर्फ़ chief के किए बदलाव' })).toHaveTextContent('chief');
    expect(entry).toHaveTextContent('chief द्वारा');
    // 18:45 UTC on 31 May is 1 June in Asia/Kolkata, written the hi-IN way.
    expect(within(entry).getByText(/1 जून 2026/)).toBeInTheDocument();
    const [before, after] = within(entry)
      .getAllByRole('heading', { level: 4 })
      .map((heading) => heading.closest('div')!);
    expect(before).toHaveTextContent('पहले');
    expect(before).toHaveTextContent('टियर (बदला)सिल्वर');
    expect(after).toHaveTextContent('फ़र्म का नामSharma Traders');
    expect(screen.getByRole('combobox', { name: 'कार्रवाई' })).toHaveDisplayValue('कोई भी कार्रवाई');
    expect(staffEnglishIn(document.getElementById('main-content')!)).toEqual([]);
  });
});
