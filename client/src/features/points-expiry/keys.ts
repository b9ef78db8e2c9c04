// Query keys of the points-expiry feature (house style 4.5.8).
export const pointsExpiryKeys = {
  all: ['points-expiry'] as const,
  setting: () => [...pointsExpiryKeys.all, 'setting'] as const,
};
