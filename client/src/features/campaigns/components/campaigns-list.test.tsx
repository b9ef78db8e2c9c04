import { kolkataDate, type Campaign, type CreateCampaignInput, type UpdateCampaignInput } from '@app/common';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../lib/i18n/language';
import { staffEnglishIn } from '../../../testing/english-texts';
import { buildSession } from '../../../testing/factories';
import { findScreen } from '../../../testing/find-screen';
import { api, errorResponse } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/render-app';

// Contract "bonus campaigns" on /superadmin-campaigns: the list, add, edit and delete.

const pad = (value: number) => String(value).padStart(2, '0');
function day(offset: number): string {
  const [year = 0, month = 1, date = 1] = kolkataDate(new Date()).split('-').map(Number);
  const moved = new Date(Date.UTC(year, month - 1, date + offset));
  return `${moved.getUTCFullYear()}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
}

function buildCampaign(overrides: Partial<Campaign>): Campaign {
  return {
    _id: 'cmp-1',
    name: 'Diwali bonus',
    from: day(-1),
    to: day(3),
    multiplier: 2,
    tiers: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The campaigns as the server keeps them; what each POST, PATCH and DELETE sent is recorded. */
function serveCampaigns(initial: Campaign[]) {
  const state = {
    campaigns: [...initial],
    created: [] as CreateCampaignInput[],
    changed: [] as { id: string; body: UpdateCampaignInput }[],
    deleted: [] as string[],
  };
  server.use(
    http.get(api('/superadmin/campaigns'), () => HttpResponse.json(state.campaigns)),
    http.post(api('/superadmin/campaigns'), async ({ request }) => {
      const body = (await request.json()) as CreateCampaignInput;
      state.created.push(body);
      const created = buildCampaign({ ...body, _id: `cmp-${state.campaigns.length + 1}`, tiers: body.tiers ?? null });
      state.campaigns.unshift(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch(api('/superadmin/campaigns/:id'), async ({ params, request }) => {
      const body = (await request.json()) as UpdateCampaignInput;
      state.changed.push({ id: String(params.id), body });
      const before = state.campaigns.find((campaign) => campaign._id === params.id)!;
      // As the server: a field left out stays as it was; tiers null is every tier.
      const after = { ...before, ...body, tiers: body.tiers === undefined ? before.tiers : body.tiers };
      state.campaigns = state.campaigns.map((campaign) => (campaign._id === params.id ? after : campaign));
      return HttpResponse.json(after);
    }),
    http.delete(api('/superadmin/campaigns/:id'), ({ params }) => {
      state.deleted.push(String(params.id));
      state.campaigns = state.campaigns.filter((campaign) => campaign._id !== params.id);
      return HttpResponse.json({ message: 'Campaign deleted', _id: params.id });
    }),
  );
  return state;
}

async function open() {
  const app = renderApp('/superadmin-campaigns', { session: buildSession({ userType: 'superadmin' }) });
  await findScreen('Campaigns');
  return app;
}

describe('campaigns (/superadmin-campaigns)', () => {
  it('when opened, then each campaign shows its days, multiplier, tiers and whether it runs', async () => {
    serveCampaigns([
      buildCampaign({ _id: 'cmp-3', name: 'New year', from: day(30), to: day(35), multiplier: 1.5, tiers: ['Gold', 'Platinum'] }),
      buildCampaign({}),
      buildCampaign({ _id: 'cmp-0', name: 'Holi week', from: day(-60), to: day(-55), multiplier: 3 }),
    ]);
    await open();

    const table = await screen.findByRole('table', { name: 'Campaigns' });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(name) });
    expect(within(row('Diwali bonus')).getByText('Running')).toBeInTheDocument();
    expect(within(row('Diwali bonus')).getByText('Every tier')).toBeInTheDocument();
    expect(within(row('Diwali bonus')).getByText('2×')).toBeInTheDocument();
    expect(within(row('New year')).getByText('Upcoming')).toBeInTheDocument();
    expect(within(row('New year')).getByText('Gold, Platinum')).toBeInTheDocument();
    expect(within(row('Holi week')).getByText('Ended')).toBeInTheDocument();
  });

  it('when drawn, then each row is a card on a phone: the name as its title, the status beside it, Edit and Delete at its foot', async () => {
    serveCampaigns([buildCampaign({ tiers: ['Gold'] })]);
    await open();

    const table = await screen.findByRole('table', { name: 'Campaigns' });
    const row = within(table).getByRole('row', { name: /Diwali bonus/ });
    // The card's places are set on the cells and drawn by CSS alone below 48em (components/ui/data-list.tsx).
    const place = (element: HTMLElement) => element.closest('td')?.getAttribute('data-phone');
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Diwali bonus');
    expect(place(within(row).getByText('Running'))).toBe('aside');
    for (const text of ['2×', 'Gold']) expect(place(within(row).getByText(text))).toBe('line');
    expect(place(within(row).getByText(/ to /))).toBe('line');
    expect(place(within(row).getByRole('button', { name: 'Edit campaign Diwali bonus' }))).toBe('actions');
    expect(place(within(row).getByRole('button', { name: 'Delete campaign Diwali bonus' }))).toBe('actions');
    // Each line says what it is on a phone, where the header is not shown.
    expect(within(row).getByText('2×').closest('td')).toHaveAttribute('data-label', 'Multiplier');
    // Nothing is left to scroll sideways: no scrolling box around the list.
    expect(screen.queryByRole('region', { name: /Campaigns/ })).not.toBeInTheDocument();
  });

  it('when a campaign is added, then the form checks the days and sends the ticked tiers', async () => {
    const state = serveCampaigns([]);
    const { user } = await open();
    expect(await screen.findByText(/No campaigns yet/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add campaign' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Diwali bonus');
    const last = within(dialog).getByLabelText(/^Last day/);
    await user.clear(last);
    await user.type(last, '2020-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The last day cannot be before the first')).toBeInTheDocument();
    expect(state.created).toEqual([]);

    await user.clear(last);
    await user.type(last, day(7));
    const multiplier = within(dialog).getByRole('textbox', { name: 'Multiplier' });
    await user.clear(multiplier);
    await user.type(multiplier, '2.5');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Gold' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Campaign “Diwali bonus” saved')).toBeInTheDocument();
    expect(state.created).toEqual([{ name: 'Diwali bonus', from: day(0), to: day(7), multiplier: 2.5, tiers: ['Gold'] }]);
    expect(await screen.findByRole('table', { name: 'Campaigns' })).toHaveTextContent('Diwali bonus');
  });

  it('when a campaign is added with no tier ticked, then it is sent as every tier and the dialog closes', async () => {
    const state = serveCampaigns([]);
    const { user } = await open();
    await screen.findByText(/No campaigns yet/);

    await user.click(screen.getByRole('button', { name: 'Add campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add campaign' });
    expect(within(dialog).getByText('None ticked: every tier.')).toBeInTheDocument();
    for (const box of within(dialog).getAllByRole('checkbox')) expect(box).not.toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Holi week');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Campaign “Holi week” saved')).toBeInTheDocument();
    // null is the contract's "every tier that earns points" (an empty list would be too).
    expect(state.created).toEqual([{ name: 'Holi week', from: day(0), to: day(0), multiplier: 2, tiers: null }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = within(await screen.findByRole('table', { name: 'Campaigns' })).getByRole('row', { name: /Holi week/ });
    expect(within(row).getByText('Every tier')).toBeInTheDocument();
  });

  it('when a campaign with tiers is edited to none ticked, then it is saved as every tier and the dialog closes', async () => {
    const state = serveCampaigns([buildCampaign({ tiers: ['Gold', 'Platinum'] })]);
    const { user } = await open();

    await user.click(await screen.findByRole('button', { name: 'Edit campaign Diwali bonus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit campaign' });
    expect(within(dialog).getByRole('checkbox', { name: 'Gold' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Gold' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Platinum' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Campaign “Diwali bonus” saved')).toBeInTheDocument();
    // Sent as null, not left out: a PATCH keeps what it leaves out, and the tiers must be cleared.
    expect(state.changed).toEqual([{ id: 'cmp-1', body: expect.objectContaining({ tiers: null }) }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is read again after the save.
    await waitFor(() =>
      expect(within(screen.getByRole('row', { name: /Diwali bonus/ })).getByText('Every tier')).toBeInTheDocument(),
    );
  });

  it('when a campaign is deleted, then it asks first and the row goes', async () => {
    const state = serveCampaigns([buildCampaign({})]);
    const { user } = await open();

    await user.click(await screen.findByRole('button', { name: 'Delete campaign Diwali bonus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete campaign' });
    expect(dialog).toHaveTextContent('Bills already entered keep their bonus.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(/No campaigns yet/)).toBeInTheDocument();
    expect(state.deleted).toEqual(['cmp-1']);
  });

  it("when the campaigns cannot be loaded, then the screen says so with the server's message and Try again", async () => {
    server.use(
      http.get(api('/superadmin/campaigns'), () => errorResponse(503, 'DATABASE_UNAVAILABLE', 'The database is not answering')),
    );
    await open();

    const failure = await screen.findByRole('alert', { name: 'The campaigns could not be loaded' });
    expect(failure).toHaveTextContent('The database is not answering');
    expect(within(failure).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('when the language is Hindi, then the screen and its form read in Hindi', async () => {
    await activateLanguage('hi');
    serveCampaigns([buildCampaign({})]);
    const { user } = renderApp('/superadmin-campaigns', { session: buildSession({ userType: 'superadmin' }) });

    const table = await screen.findByRole('table', { name: 'अभियान' }, { timeout: 15000 });
    expect(within(table).getByText('चल रहा है')).toBeInTheDocument();
    expect(staffEnglishIn(document.getElementById('main-content')!)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'अभियान जोड़ें' }));
    const dialog = await screen.findByRole('dialog', { name: 'अभियान जोड़ें' });
    expect(staffEnglishIn(dialog)).toEqual([]);
  });
});
