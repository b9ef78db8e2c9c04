// Query keys of the profile feature (house style 4.5.8).
export const profileKeys = {
  all: ['profile'] as const,
  points: () => [...profileKeys.all, 'points'] as const,
  detail: () => [...profileKeys.all, 'detail'] as const,
};
