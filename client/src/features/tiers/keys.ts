// Query keys of the tiers feature (house style 4.5.8).
export const tiersKeys = {
  all: ['tiers'] as const,
  review: (quarter: string | undefined) => [...tiersKeys.all, 'review', quarter ?? 'last-ended'] as const,
};
