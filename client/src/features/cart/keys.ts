// Query keys of the cart feature (house style 4.5.8).
export const cartKeys = {
  all: ['cart'] as const,
  detail: () => [...cartKeys.all, 'detail'] as const,
};
