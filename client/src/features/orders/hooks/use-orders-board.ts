import { ORDER_STATUSES, type OrderStatus } from '@app/common';
import { useState } from 'react';
import type { ListQuery } from '../../../components/ui/query-states';
import { useListSearch } from '../../../lib/use-paged-search';
import { useOrdersByStatus } from '../api/get-orders';
import { toggleSection } from '../components/status-section';

/** Without a search the work queue is open and the history folded away (spec §2 is silent on which). */
const OPEN_WITHOUT_SEARCH: OrderStatus[] = ['Pending'];

/**
 * The orders board's search and its three status sections: each section's count, which sections are open, and
 * the three queries read as one list for its loading, error and empty states.
 */
export function useOrdersBoard() {
  const { search, setSearch, debouncedSearch, typing } = useListSearch();
  const sections = useOrdersByStatus(debouncedSearch);
  // Sections the staff member opened or closed by hand, for the search they did it in; a new search opens
  // the sections with matches again.
  const [toggled, setToggled] = useState<{ q: string; open: OrderStatus[] } | null>(null);

  // Each section's count is the server's total for it (the first page's answer).
  const totals: Record<OrderStatus, number | undefined> = {
    Pending: sections.Pending.data?.pages[0]?.total,
    Completed: sections.Completed.data?.pages[0]?.total,
    Cancelled: sections.Cancelled.data?.pages[0]?.total,
  };
  const withMatches = ORDER_STATUSES.filter((status) => (totals[status] ?? 0) > 0);
  const open = toggled?.q === debouncedSearch ? toggled.open : debouncedSearch ? withMatches : OPEN_WITHOUT_SEARCH;

  const failed = ORDER_STATUSES.filter((status) => sections[status].isError);
  const searching = typing || ORDER_STATUSES.some((status) => sections[status].isFetching && sections[status].isPlaceholderData);
  const everyTotalKnown = ORDER_STATUSES.every((status) => totals[status] !== undefined);

  // The three sections' queries read as one list: loading until every count is known, failed when a section
  // failed before its count came; a section failing after that is a refresh error above the sections.
  const [firstFailed] = failed;
  const retry = {
    error: firstFailed === undefined ? null : sections[firstFailed].error,
    isFetching: failed.some((status) => sections[status].isFetching),
    refetch: () => failed.forEach((status) => void sections[status].refetch()),
  };
  const board: ListQuery<true> = {
    ...retry,
    data: everyTotalKnown ? true : undefined,
    isPending: !everyTotalKnown && failed.length === 0,
    isError: !everyTotalKnown && failed.length > 0,
  };

  return {
    search,
    setSearch,
    debouncedSearch,
    searching,
    sections,
    totals,
    open,
    toggle: (status: OrderStatus) => setToggled({ q: debouncedSearch, open: toggleSection(ORDER_STATUSES, open, status) }),
    /** The three sections read as one list, for ListStates. */
    states: board,
    nothingAtAll: everyTotalKnown && withMatches.length === 0,
    /** A section failed to refresh after every count came: its error shows above the sections. */
    refreshFailed: failed.length > 0 && everyTotalKnown ? retry : null,
  };
}
