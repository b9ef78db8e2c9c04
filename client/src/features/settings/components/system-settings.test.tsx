import type { PointsConversionSettings, TierBillingSettings } from '@app/common';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildSession, buildTierReview } from '../../../testing/factories';
import { api, errorResponse } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { activateLanguage } from '../../../lib/i18n/language';
import { staffEnglishIn } from '../../../testing/english-texts';
import { renderApp } from '../../../testing/render-app';
import { findScreen } from '../../../testing/find-screen';

const requirements: TierBillingSettings = {
  tierBillingRequirements: { NoTier: 0, Basic: 1500000, Bronze: 3000000, Silver: 6000000, Gold: 9000000, Platinum: 15000000 },
};

// The settings page explains its terms (what each number means), in the reader's language.
const CONVERSION_HELP =
  "Kept for reference only: bills earn points at their customer's tier rate in the table below, not by this value.";
const RATE_HELP =
  'Points conversion: the billing in ₹ that earns 1 point at that tier (a rate of 100 means ₹100 of billing earns 1 point; 0 earns none). A change applies to bills entered after it.';
const REQUIREMENT_HELP =
  'Billing requirement: the billing in ₹ a customer needs in one calendar quarter to be at that tier the next quarter; the quarterly tier review below proposes the changes.';

const review = buildTierReview({
  rows: [
    {
      userId: 'c-1',
      username: 'dealer-1',
      partyName: 'Sharma Traders',
      billing: 3000000,
      currentTier: 'Gold',
      proposedTier: 'Bronze',
    },
    {
      userId: 'c-2',
      username: 'dealer-2',
      partyName: 'Meena Stores',
      billing: 6000000,
      currentTier: 'Silver',
      proposedTier: 'Silver',
    },
  ],
});

async function openSystem() {
  server.use(
    http.get(api('/superadmin/system/tier-billing-requirements'), () => HttpResponse.json(requirements)),
    http.get(api('/superadmin/tier-review'), () => HttpResponse.json(review)),
  );
  const app = renderApp('/superadmin-system', { session: buildSession({ userType: 'superadmin' }) });
  await findScreen('System Settings');
  return app;
}

describe('system settings (/superadmin-system)', () => {
  it('when opened, then each tier shows its rate and requirement in ₹ (en-IN), NoTier earning no points', async () => {
    await openSystem();

    const tiers = await screen.findByRole('table', { name: 'Tiers' });
    const gold = within(tiers).getByRole('row', { name: /Gold/ });
    expect(within(gold).getByText('₹300')).toBeInTheDocument();
    expect(within(gold).getByText('₹90,00,000')).toBeInTheDocument();
    expect(within(within(tiers).getByRole('row', { name: /No Tier/ })).getByText('No points')).toBeInTheDocument();
    // Contract "Every screen on a phone": no region scrolls sideways; each value carries its column's words for
    // the tier's card.
    expect(screen.queryByRole('region', { name: 'Tiers' })).not.toBeInTheDocument();
    expect(within(gold).getByText('₹300')).toHaveAttribute('data-label', 'Points conversion (₹ of billing per point)');
    expect(within(gold).getByText('₹90,00,000')).toHaveAttribute('data-label', 'Billing requirement (₹ per quarter)');
  });

  it('when opened, then each setting says what it means under its label', async () => {
    await openSystem();

    const value = await screen.findByText('Points conversion value:', { exact: false });
    expect(value).toHaveTextContent('Points conversion value: 1');
    expect(value.nextElementSibling).toHaveTextContent(CONVERSION_HELP);
    expect(screen.getByText(RATE_HELP)).toBeInTheDocument();
    expect(screen.getByText(REQUIREMENT_HELP)).toBeInTheDocument();
  });

  it('when a requirement is set below the tier under it, then the form says so and nothing is sent; Save sends both', async () => {
    const sent: unknown[] = [];
    server.use(
      http.put(api('/superadmin/system/points-conversion'), async ({ request }) => {
        const body = (await request.json()) as PointsConversionSettings;
        sent.push(body);
        return HttpResponse.json(body);
      }),
      http.put(api('/superadmin/system/tier-billing-requirements'), async ({ request }) => {
        const body = (await request.json()) as TierBillingSettings;
        sent.push(body);
        return HttpResponse.json(body);
      }),
    );
    const { user } = await openSystem();

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: 'Points conversion value' })).toHaveAccessibleDescription(CONVERSION_HELP);
    const gold = screen.getByLabelText('Billing requirement for Gold');
    // The input sits in its tier's card under its column's words, and its cell lets an error wrap (no number cell).
    const goldCell = gold.closest('td')!;
    expect(goldCell).toHaveAttribute('data-label', 'Billing requirement (₹ per quarter)');
    expect(goldCell).not.toHaveAttribute('data-number');
    await user.clear(gold);
    await user.type(gold, '100');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be at least the Silver requirement')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(gold);
    await user.type(gold, '9500000');
    const silverRate = screen.getByLabelText('Points conversion for Silver');
    await user.clear(silverRate);
    await user.type(silverRate, '350');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('System settings saved')).toBeInTheDocument();
    expect(sent).toEqual([
      expect.objectContaining({ pointsConversion: 1, tierPointsConversion: expect.objectContaining({ Silver: 350 }) }),
      { tierBillingRequirements: expect.objectContaining({ Gold: 9500000 }) },
    ]);
  });

  it('when the tier review is applied, then it asks first and then posts the quarter', async () => {
    const applied: unknown[] = [];
    server.use(
      http.post(api('/superadmin/tier-review/apply'), async ({ request }) => {
        applied.push(await request.json());
        return HttpResponse.json({ quarter: '2026-Q3', changed: 1 });
      }),
    );
    const { user } = await openSystem();

    const changes = await screen.findByRole('table', { name: 'Proposed tier changes' });
    expect(within(changes).getByRole('row', { name: /dealer-1/ })).toHaveTextContent('Bronze');
    expect(within(changes).queryByRole('row', { name: /dealer-2/ })).not.toBeInTheDocument();
    // On a phone each change is a card under its username, its other values in labelled lines.
    expect(screen.queryByRole('region', { name: 'Proposed tier changes' })).not.toBeInTheDocument();
    const dealer = within(within(changes).getByRole('row', { name: /dealer-1/ }));
    expect(dealer.getByRole('rowheader')).toHaveTextContent('dealer-1');
    expect(dealer.getAllByRole('cell').map((cell) => [cell.getAttribute('data-label'), cell.textContent])).toEqual([
      ['Party Name', 'Sharma Traders'],
      ['Billing in 2026-Q3', '₹30,00,000'],
      ['Current tier', 'Gold'],
      ['Proposed tier', 'Bronze'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Apply tier review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply tier review' });
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Tier review of 2026-Q3 applied')).toBeInTheDocument();
    expect(applied).toEqual([{ quarter: '2026-Q3' }]);
  });

  it("when the server refuses a tier's number, then its message shows under that tier's input", async () => {
    server.use(
      http.put(api('/superadmin/system/points-conversion'), () =>
        errorResponse(400, 'VALIDATION_FAILED', 'Some fields are not valid', [
          { field: 'body.tierPointsConversion.Gold', message: 'Use at most 2 decimals' },
        ]),
      ),
    );
    const { user } = await openSystem();

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Use at most 2 decimals')).toBeInTheDocument();
    expect(screen.getByLabelText('Points conversion for Gold')).toHaveAccessibleDescription('Use at most 2 decimals');
  });

  it("when the settings or the tier review cannot be loaded, then each says so with the server's message", async () => {
    server.use(
      http.get(api('/superadmin/system/tier-billing-requirements'), () =>
        errorResponse(403, 'FORBIDDEN', 'Only superadmins may read the system settings'),
      ),
      http.get(api('/superadmin/tier-review'), () =>
        errorResponse(400, 'VALIDATION_FAILED', 'Quarter must look like 2026-Q3, with a year from 2000 to 2999'),
      ),
    );
    renderApp('/superadmin-system', { session: buildSession({ userType: 'superadmin' }) });

    const settings = await screen.findByRole('alert', { name: 'The settings could not be loaded' }, { timeout: 15000 });
    expect(settings).toHaveTextContent('Only superadmins may read the system settings');
    const tierReview = await screen.findByRole('alert', { name: 'The tier review could not be loaded' });
    expect(tierReview).toHaveTextContent('Quarter must look like 2026-Q3, with a year from 2000 to 2999');
    expect(within(tierReview).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('system settings and tier review in Hindi', () => {
  it('when the language is Hindi, then the settings table, the review and its question read in Hindi and none of their English shows', async () => {
    await activateLanguage('hi');
    server.use(
      http.get(api('/superadmin/system/tier-billing-requirements'), () => HttpResponse.json(requirements)),
      http.get(api('/superadmin/tier-review'), () => HttpResponse.json(review)),
    );
    const { user } = renderApp('/superadmin-system', { session: buildSession({ userType: 'superadmin' }) });

    await screen.findByRole('heading', { level: 1, name: 'सिस्टम सेटिंग्स' }, { timeout: 15000 });
    const tiers = await screen.findByRole('table', { name: 'टियर' });
    expect(within(within(tiers).getByRole('row', { name: /कोई टियर नहीं/ })).getByText('कोई पॉइंट्स नहीं')).toBeInTheDocument();
    expect(screen.getByText(/^यह वैल्यू सिर्फ़ रिकॉर्ड के लिए है/)).toBeInTheDocument();
    expect(screen.getByText(/^पॉइंट्स कन्वर्ज़न: उस टियर पर 1 पॉइंट के लिए कितने ₹ की बिलिंग चाहिए/)).toBeInTheDocument();
    expect(screen.getByText(/^ज़रूरी बिलिंग: अगली तिमाही में उस टियर में होने के लिए/)).toBeInTheDocument();
    const changes = await screen.findByRole('table', { name: 'टियर में सुझाए गए बदलाव' });
    expect(within(changes).getByRole('columnheader', { name: '2026-Q3 में बिलिंग' })).toBeInTheDocument();
    const row = within(changes).getByRole('row', { name: /dealer-1/ });
    expect(within(row).getByText('गोल्ड')).toBeInTheDocument();
    expect(within(row).getByText('ब्रॉन्ज़')).toBeInTheDocument();
    expect(screen.getByText(/^तिमाही 2026-Q3 \(.+ से .+\): 2 ग्राहक, 1 टियर बदलने का सुझाव।$/)).toBeInTheDocument();
    expect(staffEnglishIn(document.getElementById('main-content')!)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'टियर समीक्षा लागू करें' }));
    const dialog = await screen.findByRole('dialog', { name: 'टियर समीक्षा लागू करें' });
    expect(dialog).toHaveTextContent('क्या आप सच में 2026-Q3 की टियर समीक्षा लागू करना चाहते हैं? 1 ग्राहक का टियर बदलेगा।');
    expect(staffEnglishIn(dialog)).toEqual([]);
  });
});
