import type { Tier } from '@app/common';
import type { MessageId } from '../../lib/i18n/catalogs';
import type { Translate } from '../../lib/i18n/use-t';

// A tier's display name in the reader's language (spec §3 "No Tier" in English; the API keeps the values
// 'NoTier', 'Basic', …). Catalogue area "frame", keys tier.<value>.
const TIER_NAME_IDS: Record<Tier, MessageId> = {
  NoTier: 'tier.NoTier',
  Basic: 'tier.Basic',
  Bronze: 'tier.Bronze',
  Silver: 'tier.Silver',
  Gold: 'tier.Gold',
  Platinum: 'tier.Platinum',
};

/** A tier's name with a translate function already at hand: `tierLabel(t, 'NoTier')` → "No Tier" / "कोई टियर नहीं". */
export function tierLabel(t: Translate, tier: Tier): string {
  return t(TIER_NAME_IDS[tier]);
}
