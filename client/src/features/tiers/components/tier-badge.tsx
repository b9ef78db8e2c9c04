import { TIER_COLOURS, TIER_STARS, type Tier } from '@app/common';
import { Group, Skeleton, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/use-t';
import { tierLabel } from '../tier-name';

// Display names of tiers for other screens: ../tier-name.ts (tierLabel).

type TierBadgeProps = {
  /** undefined while the tier is loading or could not be read. */
  tier: Tier | undefined;
};

/**
 * Spec §2 Header: a customer's tier badge; clicking it opens /tier-page. Colours and stars from spec §9.
 * The tier colours are all light, so the text stays dark for contrast.
 */
export function TierBadge({ tier }: TierBadgeProps) {
  const t = useT();
  if (!tier) return <Skeleton height={26} width={72} radius="xl" aria-label={t('tierBadge.loading')} />;

  const stars = TIER_STARS[tier];
  const label = tierLabel(t, tier);
  return (
    <UnstyledButton
      component={Link}
      to={paths.tierPage.getHref()}
      px="sm"
      py={4}
      style={{
        backgroundColor: TIER_COLOURS[tier],
        color: '#1a1b1e',
        borderRadius: 999,
        fontSize: 'var(--mantine-font-size-xs)',
        fontWeight: 700,
        whiteSpace: 'nowrap',
      }}
    >
      <Group gap={4} wrap="nowrap">
        <span>{label}</span>
        {stars > 0 && (
          <Group gap={0} wrap="nowrap" aria-hidden>
            {Array.from({ length: stars }, (_, index) => (
              <IconStarFilled key={index} size={10} />
            ))}
          </Group>
        )}
        <VisuallyHidden>{t('tierBadge.details', { stars })}</VisuallyHidden>
      </Group>
    </UnstyledButton>
  );
}
