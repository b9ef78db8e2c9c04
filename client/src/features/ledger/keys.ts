// Query keys of the ledger feature (house style 4.5.8).
export const ledgerKeys = {
  all: ['ledger'] as const,
  own: (page: number) => [...ledgerKeys.all, 'own', page] as const,
};
