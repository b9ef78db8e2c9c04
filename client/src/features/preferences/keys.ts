// Query keys of the signed-in user's preferences (house style: one keys.ts per feature).
export const preferenceKeys = {
  all: ['preferences'] as const,
  detail: () => [...preferenceKeys.all, 'detail'] as const,
};
