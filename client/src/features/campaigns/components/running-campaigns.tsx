import { formatCalendarDate, formatNumber } from '@app/common';
import { Text, type TextProps } from '@mantine/core';
import { useT } from '../../../lib/i18n/use-t';
import { useRunningCampaigns } from '../api/campaigns';

/**
 * Contract "bonus campaigns": the campaigns running today for the customer's tier, one line each ("Diwali bonus:
 * 2× points on bills till 15 Nov 2026"); nothing while they load, fail, or when none runs.
 */
export function RunningCampaigns(props: TextProps) {
  const t = useT();
  const running = useRunningCampaigns().data ?? [];
  return running.map((campaign) => (
    <Text key={campaign._id} {...props}>
      {t('shop.banner.campaign', {
        name: campaign.name,
        multiplier: formatNumber(campaign.multiplier),
        to: formatCalendarDate(campaign.to),
      })}
    </Text>
  ));
}
