import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Answers 4xx are final (bad input, no rights, not found); only lost connections and 5xx are retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(overrides: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      ...overrides,
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        ...overrides.queries,
      },
      mutations: {
        retry: false,
        ...overrides.mutations,
      },
    },
  });
}

export const queryClient = createQueryClient();

// Failures reach screens as ApiError, which is deliberately not an Error subclass (its message may be
// undefined); typing them as unknown makes every screen go through serverMessage()/isApiError().
// Module augmentation needs an interface.
declare module '@tanstack/react-query' {
  interface Register {
    defaultError: unknown;
  }
}
