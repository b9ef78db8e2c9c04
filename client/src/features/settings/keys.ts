// Query keys of the settings feature (house style 4.5.8).
export const settingsKeys = {
  all: ['settings'] as const,
  public: () => [...settingsKeys.all, 'public'] as const,
  pointsConversion: () => [...settingsKeys.all, 'points-conversion'] as const,
  tierBillingRequirements: () => [...settingsKeys.all, 'tier-billing-requirements'] as const,
};
