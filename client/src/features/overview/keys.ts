// Query keys of the overview feature (house style 4.5.8).
export const overviewKeys = {
  all: ['overview'] as const,
  detail: (months: number) => [...overviewKeys.all, months] as const,
};
