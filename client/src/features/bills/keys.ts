// Query keys of the bills feature (house style 4.5.8).
export const billsKeys = {
  all: ['bills'] as const,
  lists: () => [...billsKeys.all, 'list'] as const,
  list: (params: { q: string; page: number; limit: number }) => [...billsKeys.lists(), params] as const,
  own: () => [...billsKeys.all, 'own'] as const,
};
