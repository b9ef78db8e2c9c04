// Query keys of the items feature (house style 4.5.8).
export const itemsKeys = {
  all: ['items'] as const,
  list: () => [...itemsKeys.all, 'list'] as const,
  detail: (id: string) => [...itemsKeys.all, 'detail', id] as const,
};
