import type { TierReview, TierReviewApplied } from '@app/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { tiersKeys } from '../keys';

// GET /api/superadmin/tier-review?quarter (superadmin) - proposed tiers for every live customer
export async function getTierReview(quarter?: string): Promise<TierReview> {
  const response = await apiClient.get<TierReview>('/superadmin/tier-review', { params: quarter ? { quarter } : {} });
  return response.data;
}

export function tierReviewQueryOptions(quarter?: string) {
  return queryOptions({ queryKey: tiersKeys.review(quarter), queryFn: () => getTierReview(quarter) });
}

export function useTierReview(quarter?: string) {
  return useQuery(tierReviewQueryOptions(quarter));
}

// POST /api/superadmin/tier-review/apply {quarter} (superadmin) - { quarter, changed }; a second apply is 409
export async function applyTierReview(quarter: string): Promise<TierReviewApplied> {
  const response = await apiClient.post<TierReviewApplied>('/superadmin/tier-review/apply', { quarter });
  return response.data;
}

export function useApplyTierReview({ mutationConfig }: { mutationConfig?: MutationConfig<TierReviewApplied, string> } = {}) {
  return useApiMutation({
    mutationFn: applyTierReview,
    // Tiers changed: every list and balance that shows one is stale.
    onSuccess: (_result, _quarter, queryClient) => void queryClient.invalidateQueries(),
    mutationConfig,
  });
}
