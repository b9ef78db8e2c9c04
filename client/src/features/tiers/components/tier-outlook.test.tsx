import { quarterOfDate, tierLabel, type Tier } from '@app/common';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../lib/i18n/language';
import { englishCustomerTexts } from '../../../testing/customer-english';
import { TierOutlook } from './tier-outlook';

const requirements = { NoTier: 0, Basic: 1500000, Bronze: 3000000, Silver: 6000000, Gold: 9000000, Platinum: 15000000 };
const rates = { NoTier: 0, Basic: 600, Bronze: 500, Silver: 400, Gold: 300, Platinum: 200 };

function renderOutlook(currentTier: Tier, billing: number) {
  render(
    <MantineProvider env="test">
      <TierOutlook
        currentTier={currentTier}
        billing={billing}
        quarter={quarterOfDate('2026-11-24')}
        requirements={requirements}
        rates={rates}
      />
    </MantineProvider>,
  );
}

describe('TierOutlook (spec §2 Tier page, §4 messages)', () => {
  it('when a No Tier customer reaches no tier, then next quarter is No Tier and the message says no points will be earned', () => {
    renderOutlook('NoTier', 1000000);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your billing this quarter does not reach any tier: next quarter you will not earn points. Bill ₹5,00,000 more this quarter to reach Basic.',
    );
    expect(screen.getByText("Next quarter's tier").parentElement).toHaveTextContent('No Tier');
  });

  it('when the billing falls below the current tier, then a demotion warning gives the billing left to stay', () => {
    renderOutlook('Gold', 6500000.5);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Bill ₹24,99,999.50 more this quarter to stay Gold; otherwise next quarter you will be Silver.',
    );
  });

  it.each<[Tier, string]>([
    ['Basic', '₹15,00,000'],
    ['Bronze', '₹30,00,000'],
    ['Silver', '₹60,00,000'],
    ['Gold', '₹90,00,000'],
    ['Platinum', '₹1,50,00,000'],
  ])(
    'when a %s customer has no billing this quarter, then the demotion warning asks for %s to stay and says no points will be earned',
    (tier, toStay) => {
      renderOutlook(tier, 0);
      expect(screen.getByRole('status')).toHaveTextContent(
        `Bill ${toStay} more this quarter to stay ${tierLabel(tier)}; otherwise next quarter you will be No Tier and will not earn points.`,
      );
      expect(screen.getByText("Next quarter's tier").parentElement).toHaveTextContent('No Tier');
    },
  );

  it("when the tier is kept or passed, then the next tier's shortfall is shown; Platinum met stays Platinum", () => {
    renderOutlook('Basic', 3000000);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Next quarter you will be Bronze. Bill ₹30,00,000 more this quarter to reach Silver.',
    );
  });

  it('when Platinum is met, then it says Platinum, the highest tier', () => {
    renderOutlook('Platinum', 15000000);
    expect(screen.getByRole('status')).toHaveTextContent('You will be Platinum, the highest tier, next quarter.');
    expect(screen.getAllByRole('img', { name: '5 stars' })).toHaveLength(2);
    expect(screen.getByText('Billing this quarter', { exact: false })).toHaveTextContent('₹1,50,00,000');
    expect(screen.getByRole('row', { name: /Gold/ })).toHaveTextContent('1 point for every ₹300');
  });

  it("when drawn, then the tier table is one table whose rows are the phone's cards, the customer's own tier marked", () => {
    renderOutlook('Silver', 6500000);
    const table = screen.getByRole('table', { name: 'Tier table' });
    // Contract "Every screen on a phone": nothing scrolls sideways; each value carries its column's words.
    expect(screen.queryByRole('region', { name: 'Tier table' })).not.toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['No Tier', 'Basic', 'Bronze', 'Silver', 'Gold', 'Platinum']);
    const silver = within(table).getByRole('rowheader', { name: 'Silver' }).closest('tr')!;
    expect(
      within(silver)
        .getAllByRole('cell')
        .map((cell) => [cell.getAttribute('data-label'), cell.textContent]),
    ).toEqual([
      ['Billing per quarter', '₹60,00,000'],
      ['Points', '1 point for every ₹400'],
    ]);
    expect(within(silver).getByText('Silver')).toHaveAttribute('aria-current', 'true');
    expect(table.querySelectorAll('[aria-current]')).toHaveLength(1);
  });
});

describe('TierOutlook in Hindi', () => {
  it('when the language is Hindi, then the shields, the message, the table and the terms read in Hindi with Hindi tier names', async () => {
    await activateLanguage('hi');
    renderOutlook('Gold', 6500000.5);

    expect(screen.getByRole('status')).toHaveTextContent(
      'गोल्ड में बने रहने के लिए इस तिमाही में ₹24,99,999.50 की और बिलिंग करें; नहीं तो अगली तिमाही में आप सिल्वर में होंगे।',
    );
    expect(screen.getByText('अगली तिमाही का टियर').parentElement).toHaveTextContent('सिल्वर');
    expect(screen.getByRole('table', { name: 'टियर की तालिका' })).toHaveTextContent('हर ₹300 पर 1 पॉइंट');
    expect(screen.getByRole('rowheader', { name: 'कोई टियर नहीं' })).toBeInTheDocument();
    expect(screen.getByText('₹90,00,000')).toHaveAttribute('data-label', 'हर तिमाही की बिलिंग');
    expect(englishCustomerTexts(document.body)).toEqual([]);
  });
});
