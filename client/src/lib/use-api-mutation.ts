import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';

/** What a screen may add to a feature's mutation hook: its own callbacks and options, never the request. */
export type MutationConfig<Data, Variables> = Omit<UseMutationOptions<Data, unknown, Variables>, 'mutationFn'>;

type UseApiMutationInput<Data, Variables> = {
  mutationFn: (variables: Variables) => Promise<Data>;
  /**
   * The feature's own effect of a success (invalidate through keys.ts, update a cache entry, store the
   * session). It runs first and is not awaited, so a slow refetch does not hold the screen's onSuccess.
   */
  onSuccess: (data: Data, variables: Variables, queryClient: QueryClient) => void;
  /** The screen's options. Options the hook must control (e.g. retry) are spread in after, by the hook. */
  mutationConfig?: MutationConfig<Data, Variables>;
};

/**
 * One way to write a feature's mutation hook (house style 4.5.8): the feature's own effect, then the
 * caller's onSuccess, chained rather than overwritten (the overwrite bug of medusa's users.tsx). The
 * caller's onSuccess result is returned, so the mutation stays pending while a promise from it runs.
 */
export function useApiMutation<Data, Variables>({
  mutationFn,
  onSuccess,
  mutationConfig,
}: UseApiMutationInput<Data, Variables>): UseMutationResult<Data, unknown, Variables> {
  const queryClient = useQueryClient();
  const { onSuccess: callerOnSuccess, ...callerOptions } = mutationConfig ?? {};
  return useMutation({
    ...callerOptions,
    mutationFn,
    onSuccess: (...args) => {
      onSuccess(args[0], args[1], queryClient);
      return callerOnSuccess?.(...args);
    },
  });
}
