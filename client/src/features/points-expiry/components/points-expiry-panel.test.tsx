import type { PointsExpiryRun, PointsExpirySettings } from '@app/common';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../lib/i18n/language';
import { staffEnglishIn } from '../../../testing/english-texts';
import { buildSession, buildTierReview } from '../../../testing/factories';
import { findScreen } from '../../../testing/find-screen';
import { api, errorResponse } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/render-app';

// Contract "points expiry" on /superadmin-system: the months until points expire, and a run now.

/** The setting as the server keeps it; each PUT's body and each run are recorded. */
function serveExpiry(initial: number, run: PointsExpiryRun = { customers: 3, points: 1250.5 }) {
  const state = { months: initial, saved: [] as unknown[], runs: 0 };
  server.use(
    http.get(api('/superadmin/system/points-expiry'), () => HttpResponse.json<PointsExpirySettings>({ months: state.months })),
    http.put(api('/superadmin/system/points-expiry'), async ({ request }) => {
      const body = (await request.json()) as PointsExpirySettings;
      state.saved.push(body);
      state.months = body.months;
      return HttpResponse.json<PointsExpirySettings>({ months: body.months });
    }),
    http.post(api('/superadmin/points-expiry/run'), () => {
      state.runs += 1;
      return HttpResponse.json<PointsExpiryRun>(run);
    }),
  );
  return state;
}

/** The screen's other panels answer, with nothing to review. */
function serveTierReview() {
  server.use(http.get(api('/superadmin/tier-review'), () => HttpResponse.json(buildTierReview())));
}

async function openSystem() {
  serveTierReview();
  const app = renderApp('/superadmin-system', { session: buildSession({ userType: 'superadmin' }) });
  await findScreen('System Settings');
  return app;
}

const panel = async () => (await screen.findByRole('heading', { level: 2, name: 'Points expiry' })).parentElement!;

describe('points expiry (/superadmin-system)', () => {
  it('when points never expire and 12 months are saved, then the PUT carries 12 and the panel says so', async () => {
    const state = serveExpiry(0);
    const { user } = await openSystem();
    const expiry = within(await panel());

    expect(await expiry.findByText('Points never expire.')).toBeInTheDocument();
    // The setting says what it means under its heading, whether read or being changed.
    const help = expiry.getByText(
      "Points expire at the end of the month that many months after the month they were earned (a bill's points count from its bill date); 0 means points never expire.",
    );
    expect(help).toBe(expiry.getByRole('heading', { level: 2 }).nextElementSibling);
    await user.click(expiry.getByRole('button', { name: 'Change expiry' }));
    expect(help).toBeInTheDocument();
    const months = expiry.getByRole('textbox', { name: 'Months until points expire' });
    await user.clear(months);
    await user.type(months, '12');
    await user.click(expiry.getByRole('button', { name: 'Save expiry' }));

    expect(
      await expiry.findByText('Points expire at the end of the month, 12 months after the month they were earned.'),
    ).toBeInTheDocument();
    expect(state.saved).toEqual([{ months: 12 }]);
    expect(await screen.findByText('Points expiry saved')).toBeInTheDocument();
  });

  it('when the number is out of range, then the form says so and nothing is sent; the server’s refusal shows under the input', async () => {
    const state = serveExpiry(6);
    const { user } = await openSystem();
    const expiry = within(await panel());

    await user.click(await expiry.findByRole('button', { name: 'Change expiry' }));
    const months = expiry.getByRole('textbox', { name: 'Months until points expire' });
    await user.clear(months);
    await user.type(months, '150');
    await user.click(expiry.getByRole('button', { name: 'Save expiry' }));
    expect(await expiry.findByText('Must be at most 120')).toBeInTheDocument();
    expect(state.saved).toEqual([]);

    server.use(
      http.put(api('/superadmin/system/points-expiry'), () =>
        errorResponse(400, 'VALIDATION_FAILED', 'Must be a whole number of months', [
          { field: 'body.months', message: 'Must be a whole number of months' },
        ]),
      ),
    );
    await user.clear(months);
    await user.type(months, '24');
    await user.click(expiry.getByRole('button', { name: 'Save expiry' }));
    expect(await expiry.findByText('Must be a whole number of months')).toBeInTheDocument();
    expect(months).toHaveAccessibleDescription(/Must be a whole number of months/);
  });

  it('when Run expiry now is pressed, then it asks first, runs once and tells what expired', async () => {
    const state = serveExpiry(12);
    const { user } = await openSystem();
    const expiry = within(await panel());

    await user.click(await expiry.findByRole('button', { name: 'Run expiry now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run expiry now' });
    expect(state.runs).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Run now' }));

    expect(await screen.findByText('1,250.50 points of 3 customers expired.')).toBeInTheDocument();
    expect(state.runs).toBe(1);
  });

  it("when the setting cannot be loaded, then the panel says so with the server's message and Try again", async () => {
    server.use(
      http.get(api('/superadmin/system/points-expiry'), () =>
        errorResponse(503, 'DATABASE_UNAVAILABLE', 'The database is not answering'),
      ),
    );
    await openSystem();

    const failure = await screen.findByRole('alert', { name: 'Could not load the points expiry setting' });
    expect(failure).toHaveTextContent('The database is not answering');
    expect(within(failure).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('when the language is Hindi, then the panel and its question read in Hindi', async () => {
    await activateLanguage('hi');
    serveExpiry(12);
    serveTierReview();
    const { user } = renderApp('/superadmin-system', { session: buildSession({ userType: 'superadmin' }) });

    const heading = await screen.findByRole('heading', { level: 2, name: 'पॉइंट्स की समाप्ति' }, { timeout: 15000 });
    const expiry = within(heading.parentElement!);
    expect(await expiry.findByText(/12 महीने बाद, उस महीने के अंत में समाप्त होते हैं।$/)).toBeInTheDocument();
    expect(expiry.getByText(/^पॉइंट्स कमाने के महीने के इतने महीने बाद, .+; 0 का मतलब पॉइंट्स कभी समाप्त नहीं होते।$/)).toBeInTheDocument();
    expect(staffEnglishIn(heading.parentElement!)).toEqual([]);
    await user.click(expiry.getByRole('button', { name: 'अभी समाप्ति चलाएँ' }));
    const dialog = await screen.findByRole('dialog', { name: 'अभी समाप्ति चलाएँ' });
    expect(staffEnglishIn(dialog)).toEqual([]);
  });
});
