// Query keys of the addresses feature (house style 4.5.8).
export const addressesKeys = {
  all: ['addresses'] as const,
  list: () => [...addressesKeys.all, 'list'] as const,
};
