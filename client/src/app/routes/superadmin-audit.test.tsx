import { AUDIT_ACTIONS, type AuditEntry } from '@app/common';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildPage, buildSession } from '../../testing/factories';
import { api, errorResponse } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { activateLanguage } from '../../lib/i18n/language';
import { staffEnglishIn } from '../../testing/english-texts';
import { fakeMatchMedia } from '../../testing/match-media';
import { renderApp } from '../../testing/render-app';
import { findScreen } from '../../testing/find-screen';

const id = (n: number) => `7b0b9f6e-0000-4000-8000-${String(n).padStart(12, '0')}`;
const chief = { _id: id(901), username: 'chief' };
const demoAdmin = { _id: id(902), username: 'demo-admin' };
const dealer = { _id: id(903), username: 'demo-dealer' };

function entry(n: number, fields: Partial<AuditEntry> & Pick<AuditEntry, 'action' | 'entity'>): AuditEntry {
  return {
    _id: id(n),
    actor: chief,
    entityId: id(100 + n),
    subject: null,
    before: null,
    after: null,
    createdAt: '2026-05-31T18:45:00.000Z',
    ...fields,
  };
}

const tierChange = entry(1, {
  action: 'user.change_tier',
  entity: 'user',
  entityId: dealer._id,
  subject: dealer,
  before: { tier: 'Silver' },
  after: { tier: 'Gold' },
});
const billEntered = entry(2, {
  actor: demoAdmin,
  action: 'bill.enter',
  entity: 'bill',
  subject: dealer,
  after: { billNumber: 'WB-7001', billDate: '2026-05-30', billAmount: 45000, points: 450, rate: 100, tier: 'Gold' },
});
const blocked = entry(3, {
  action: 'user.block',
  entity: 'user',
  entityId: dealer._id,
  subject: dealer,
  before: { blocked: false },
  after: { blocked: true },
});
const expiryChanged = entry(4, {
  action: 'settings.update',
  entity: 'settings',
  entityId: 'pointsExpiryMonths',
  before: { pointsExpiryMonths: 24 },
  after: { pointsExpiryMonths: 12 },
});
const expiryRun = entry(5, {
  action: 'points.expiry_run',
  entity: 'points_expiry',
  entityId: '2026-06-01',
  after: { customers: 3, points: 1200 },
});
const adjusted = entry(6, {
  action: 'points.adjust',
  entity: 'user',
  entityId: dealer._id,
  subject: dealer,
  before: { availablePoints: 100 },
  after: { availablePoints: 150.5, reason: 'Welcome gift' },
});
const userCreated = entry(7, {
  actor: demoAdmin,
  action: 'user.create',
  entity: 'user',
  entityId: dealer._id,
  subject: dealer,
  after: { _id: dealer._id, username: 'demo-dealer', partyName: 'Sharma Traders', userType: 'customer', tier: 'NoTier' },
});
const orderCancelled = entry(8, {
  action: 'order.status',
  entity: 'order',
  subject: dealer,
  before: { orderIdAlias: 'ORD-0042', status: 'Pending' },
  after: { orderIdAlias: 'ORD-0042', status: 'Cancelled' },
});
const itemDeleted = entry(9, {
  action: 'item.delete',
  entity: 'item',
  before: { _id: id(109), name: 'Electric Kettle', stock: 4, cartLinesRemoved: 2 },
});
const reviewApplied = entry(10, {
  action: 'tiers.review_apply',
  entity: 'tier_review',
  entityId: '2026-Q1',
  after: { quarter: '2026-Q1', changed: 1 },
});
const everyKind = [
  tierChange,
  billEntered,
  blocked,
  expiryChanged,
  expiryRun,
  adjusted,
  userCreated,
  orderCancelled,
  itemDeleted,
  reviewApplied,
];

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

/** A phone: below 48em, as the screen's media query asks. */
function onAPhone() {
  const matchMedia = vi
    .spyOn(window, 'matchMedia')
    .mockImplementation(fakeMatchMedia((query) => query.includes('max-width: 48em')));
  onTestFinished(() => matchMedia.mockRestore());
}

const sentenceOf = (article: HTMLElement) => article.getAttribute('aria-label');

describe('the audit screen (/superadmin-audit)', () => {
  it('when entries of each kind arrive, then each reads as a sentence of who did what to whom', async () => {
    serveAudit(everyKind);
    await open();

    await screen.findAllByRole('article');
    expect(screen.getAllByRole('article').map(sentenceOf)).toEqual([
      'chief changed the tier of demo-dealer from Silver to Gold',
      'demo-admin entered bill WB-7001 for demo-dealer',
      'chief blocked demo-dealer',
      'chief changed the points expiry to 12 months',
      'chief ran the points expiry, which expired 1,200 points of 3 customers',
      'chief gave demo-dealer 50.5 points: “Welcome gift”',
      'demo-admin added customer demo-dealer',
      'chief cancelled order ORD-0042 of demo-dealer',
      'chief deleted item Electric Kettle',
      'chief applied the tier review of 2026-Q1, changing the tier of 1 customer',
    ]);
    // The sentence is the entry's text too, with the person and the record as buttons.
    const bill = screen.getByRole('article', { name: 'demo-admin entered bill WB-7001 for demo-dealer' });
    expect(
      within(bill)
        .getByText(/entered bill/)
        .closest('p'),
    ).toHaveTextContent(/^demo-admin entered bill WB-7001 for demo-dealer$/);
    expect(within(bill).getByRole('button', { name: 'Only changes by demo-admin' })).toHaveTextContent('demo-admin');
    expect(within(bill).getByRole('button', { name: 'Only changes to Bill WB-7001' })).toHaveTextContent('WB-7001');
    // No record's id is there to read (it is in the sentence's title), only names and words.
    const main = document.getElementById('main-content')!;
    expect(main.textContent).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(AUDIT_ACTIONS.filter((code) => main.textContent.includes(code))).toEqual([]);
    expect(bill.querySelector('p[title]')).toHaveAttribute('title', `Record id: ${billEntered.entityId}`);
  });

  it('when an entry changed a field, then before and after show each field by name with the changed one marked', async () => {
    serveAudit();
    await open();

    const entry = await screen.findByRole('article', { name: 'chief changed the tier of demo-dealer from Silver to Gold' });
    // 18:45 UTC on 31 May is 1 June in Asia/Kolkata.
    expect(within(entry).getByText(/1 Jun 2026/)).toBeInTheDocument();
    expect(within(entry).getByText('Tier changed')).toBeInTheDocument();
    const [before, after] = within(entry)
      .getAllByRole('heading', { level: 4 })
      .map((heading) => heading.closest('div')!);
    expect(before).toHaveTextContent('Before');
    expect(before).toHaveTextContent('Tier (changed)Silver');
    expect(after).toHaveTextContent('Tier (changed)Gold');
  });

  it('when the filters are shown, then actions and kinds of record are in words, and choosing them asks the API by code', async () => {
    const asked = serveAudit(everyKind);
    const { user } = await open();
    await screen.findAllByRole('article');

    const action = screen.getByRole('combobox', { name: 'Action' });
    const actionWords = within(action)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(actionWords).toEqual(expect.arrayContaining(['Any action', 'Bill entered', 'User created', 'Points expiry run']));
    expect(actionWords.filter((word) => /\w\.\w/.test(word ?? ''))).toEqual([]);
    const kind = screen.getByRole('combobox', { name: 'Kind of record' });
    expect(
      within(kind)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Any kind of record',
      'User',
      'Bill',
      'Item',
      'Order',
      'Settings',
      'Tier review',
      'Points expiry run',
      'Campaign',
    ]);
    // Nothing asks for an id.
    expect(screen.queryByRole('textbox', { name: /record/i })).not.toBeInTheDocument();

    await user.selectOptions(action, 'Bill changed');
    await user.selectOptions(kind, 'Bill');

    await vi.waitFor(() => {
      const last = asked.at(-1)!;
      expect([last.get('action'), last.get('entity'), last.get('page')]).toEqual(['bill.edit', 'bill', '1']);
    });
  });

  it('when a record is chosen in an entry, then the list is asked for it and the filter names it in words', async () => {
    const asked = serveAudit(everyKind);
    const { user } = await open();
    await screen.findAllByRole('article');

    await user.click(screen.getByRole('button', { name: 'Only changes to Bill WB-7001' }));

    await vi.waitFor(() => {
      const last = asked.at(-1)!;
      expect([last.get('entity'), last.get('entityId')]).toEqual(['bill', billEntered.entityId]);
    });
    const filters = screen.getByRole('search', { name: 'Filter the audit log' });
    expect(filters).toHaveTextContent('Record: Bill WB-7001');
    expect(filters).not.toHaveTextContent(billEntered.entityId!);
    await user.click(within(filters).getByRole('button', { name: 'Show changes to any record' }));
    await vi.waitFor(() => expect(asked.at(-1)!.get('entityId')).toBeNull());
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
      expect([last.get('from'), last.get('to'), last.get('actorId')]).toEqual(['2026-06-01', '2026-06-01', chief._id]);
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

describe('the audit screen on a phone', () => {
  it('when it opens, then the filters are folded behind a Filters button that opens and closes them and counts those in use', async () => {
    onAPhone();
    const asked = serveAudit();
    const { user } = await open();
    await screen.findByRole('article');

    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: 'Action' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Action' }), 'User blocked');
    await user.type(screen.getByLabelText('From'), '2026-06-01');
    await vi.waitFor(() => expect(asked.at(-1)!.get('action')).toBe('user.block'));
    expect(toggle).toHaveAccessibleName('Filters (2)');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await vi.waitFor(() => expect(screen.queryByRole('combobox', { name: 'Action' })).not.toBeInTheDocument());
    // What is in use stays in sight, with the way to clear it.
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeVisible();
  });

  it('when the screen is wide, then the filters are open and there is no Filters button', async () => {
    serveAudit();
    await open();
    await screen.findByRole('article');

    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Action' })).toBeVisible();
  });
});

describe('the audit screen in Hindi', () => {
  it('when the language is Hindi, then sentences, fields, filters and dates read in Hindi and none of their English shows', async () => {
    await activateLanguage('hi');
    serveAudit(everyKind);
    renderApp('/superadmin-audit', { session: buildSession({ userType: 'superadmin' }) });
    await screen.findByRole('heading', { level: 1, name: 'ऑडिट' }, { timeout: 15000 });

    await screen.findAllByRole('article');
    const sentences = screen.getAllByRole('article').map(sentenceOf);
    expect(sentences).toEqual(
      expect.arrayContaining([
        'chief ने demo-dealer का टियर सिल्वर से बदलकर गोल्ड किया',
        'demo-admin ने demo-dealer के लिए बिल WB-7001 जोड़ा',
        'chief ने demo-dealer को ब्लॉक किया',
        'chief ने पॉइंट्स की समाप्ति 12 महीने बाद की',
        'chief ने पॉइंट्स समाप्ति चलाई, जिससे 3 ग्राहकों के 1,200 पॉइंट्स समाप्त हुए',
        'chief ने demo-dealer को 50.5 पॉइंट्स दिए: “Welcome gift”',
        'chief ने demo-dealer का ऑर्डर ORD-0042 रद्द किया',
        'chief ने 2026-Q1 की टियर समीक्षा लागू की, जिससे 1 ग्राहक का टियर बदला',
      ]),
    );
    const entry = screen.getByRole('article', { name: 'chief ने demo-dealer का टियर सिल्वर से बदलकर गोल्ड किया' });
    expect(within(entry).getByText('टियर बदला गया')).toBeInTheDocument();
    expect(within(entry).getByRole('button', { name: 'सिर्फ़ chief के किए बदलाव' })).toHaveTextContent('chief');
    expect(within(entry).getByRole('button', { name: 'सिर्फ़ यूज़र demo-dealer के बदलाव' })).toHaveTextContent('demo-dealer');
    // 18:45 UTC on 31 May is 1 June in Asia/Kolkata, written the hi-IN way.
    expect(within(entry).getByText(/1 जून 2026/)).toBeInTheDocument();
    const [before] = within(entry)
      .getAllByRole('heading', { level: 4 })
      .map((heading) => heading.closest('div')!);
    expect(before).toHaveTextContent('पहले');
    expect(before).toHaveTextContent('टियर (बदला)सिल्वर');
    const created = screen.getByRole('article', { name: 'demo-admin ने ग्राहक demo-dealer को जोड़ा' });
    expect(created).toHaveTextContent('यूज़र का प्रकारग्राहक');
    expect(screen.getByRole('combobox', { name: 'कार्रवाई' })).toHaveDisplayValue('कोई भी कार्रवाई');
    expect(
      within(screen.getByRole('combobox', { name: 'रिकॉर्ड का प्रकार' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toContain('बिल');
    expect(staffEnglishIn(document.getElementById('main-content')!)).toEqual([]);
  });

  it('when a phone is set to Hindi, then the Filters button is in Hindi and counts in Hindi', async () => {
    onAPhone();
    await activateLanguage('hi');
    serveAudit();
    const { user } = renderApp('/superadmin-audit', { session: buildSession({ userType: 'superadmin' }) });
    await screen.findByRole('heading', { level: 1, name: 'ऑडिट' }, { timeout: 15000 });
    await screen.findByRole('article');

    await user.click(screen.getByRole('button', { name: 'फ़िल्टर' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'कार्रवाई' }), 'बिल जोड़ा गया');

    expect(await screen.findByRole('button', { name: 'फ़िल्टर (1)' })).toHaveAttribute('aria-expanded', 'true');
  });
});
