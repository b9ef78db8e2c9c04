// Query keys of the campaigns feature (house style 4.5.8).
export const campaignsKeys = {
  all: ['campaigns'] as const,
  list: () => [...campaignsKeys.all, 'list'] as const,
  running: () => [...campaignsKeys.all, 'running'] as const,
};
