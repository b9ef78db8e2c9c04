import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { useApiMutation, type MutationConfig } from './use-api-mutation';

type Greeting = { text: string };

function renderGreetMutation(
  queryClient: QueryClient,
  calls: string[],
  mutationConfig?: MutationConfig<Greeting, string>,
  fail = false,
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(
    () =>
      useApiMutation({
        mutationFn: (name: string) => (fail ? Promise.reject(new Error('refused')) : Promise.resolve({ text: `Hello ${name}` })),
        onSuccess: (data, name, client) => {
          calls.push(`own: ${data.text} for ${name}, ${client === queryClient ? 'this' : 'another'} query client`);
        },
        mutationConfig,
      }),
    { wrapper },
  );
}

describe('useApiMutation', () => {
  it("when the call succeeds, then the hook's own effect runs first and the caller's onSuccess after it", async () => {
    const calls: string[] = [];
    const { result } = renderGreetMutation(createQueryClient(), calls, {
      onSuccess: (data, name) => {
        calls.push(`caller: ${data.text} for ${name}`);
      },
    });

    await act(() => result.current.mutateAsync('Asha'));

    // The own effect gets the provider's query client (to invalidate through keys.ts).
    expect(calls).toEqual(['own: Hello Asha for Asha, this query client', 'caller: Hello Asha for Asha']);
  });

  it('when the caller passes no config, then the own effect still runs', async () => {
    const calls: string[] = [];
    const { result } = renderGreetMutation(createQueryClient(), calls);

    await act(() => result.current.mutateAsync('Ravi'));

    expect(calls).toEqual(['own: Hello Ravi for Ravi, this query client']);
    await waitFor(() => expect(result.current.data).toEqual({ text: 'Hello Ravi' }));
  });

  it("when the caller's onSuccess returns a promise, then the mutation stays pending until it settles", async () => {
    let finish = () => {};
    const callerDone = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const { result } = renderGreetMutation(createQueryClient(), [], { onSuccess: () => callerDone });

    act(() => result.current.mutate('Meena'));
    await waitFor(() => expect(result.current.isPending).toBe(true));
    // The request has answered; only the caller's promise is outstanding.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.isPending).toBe(true);

    finish();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
  });

  it("when the call fails, then neither onSuccess runs and the caller's onError receives the failure", async () => {
    const calls: string[] = [];
    const { result } = renderGreetMutation(
      createQueryClient(),
      calls,
      {
        onSuccess: () => {
          calls.push('caller success');
        },
        onError: (error) => {
          calls.push(`caller error: ${error instanceof Error ? error.message : String(error)}`);
        },
      },
      true,
    );

    act(() => result.current.mutate('Asha'));

    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(calls).toEqual(['caller error: refused']);
  });
});
