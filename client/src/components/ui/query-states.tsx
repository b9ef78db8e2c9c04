import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadError } from './load-error';
import { PageLoader } from './page-loader';

// Its own small module, apart from paged-list.tsx (paging, Pagination): customer screens draw their single-query
// states with it without downloading a staff list's code (route budgets, issue 8).

/**
 * What a screen's states are read from. A TanStack query's result has these; a screen of several queries (the
 * orders board's three sections) says them as one.
 */
export type ListQuery<Data> = {
  /** Undefined until the first answer. */
  data: Data | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
};

type QueryStatesProps<Data> = {
  query: ListQuery<Data>;
  /** The LoadError's title ("Your orders could not be loaded"). */
  loadErrorTitle: string;
  /** Drawn until the first answer; 'Loading...' (PageLoader) unless the screen keeps a smaller line there. */
  pending?: ReactNode;
  /** True when the answer leaves nothing to show; `empty` is drawn then. */
  isEmpty?: (data: Data) => boolean;
  /**
   * True while an empty answer says nothing yet: the previous answer kept while a new search loads, or a page
   * emptied by a delete being left for the last one with rows. The loader shows then, not `empty`.
   */
  settling?: boolean;
  /** What stands in for the content when `isEmpty` says so, drawn as given. */
  empty?: ReactNode;
  /** The content, once there is some. */
  children: (data: Data) => ReactNode;
};

/**
 * The states of one query's screen or panel: the loader until the first answer, the server's words and Try
 * again when it failed, the empty line when it has nothing, else the content.
 */
export function QueryStates<Data>({
  query,
  loadErrorTitle,
  pending = <PageLoader />,
  isEmpty,
  settling = false,
  empty = null,
  children,
}: QueryStatesProps<Data>) {
  if (query.isPending) return pending;
  if (query.isError) {
    return (
      <LoadError title={loadErrorTitle} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  if (query.data === undefined) return pending;
  if (isEmpty?.(query.data)) return settling ? pending : empty;
  return children(query.data);
}

type ListStatesProps<Data> = Omit<QueryStatesProps<Data>, 'empty' | 'isEmpty' | 'pending'> & {
  /** True when the answer leaves no row to show (none at all, or none matching the search). */
  isEmpty: (data: Data) => boolean;
  /** "No bills yet", or "No bills match …" while a search is active. */
  emptyMessage: ReactNode;
};

/**
 * The states of a staff list: QueryStates with the lists' empty line, dimmed and centred where the rows would be.
 */
export function ListStates<Data>({ emptyMessage, ...states }: ListStatesProps<Data>) {
  return (
    <QueryStates
      {...states}
      empty={
        <Text py="lg" ta="center" c="dimmed">
          {emptyMessage}
        </Text>
      }
    />
  );
}
