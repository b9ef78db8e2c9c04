import type { Page } from '@app/common';

export function offsetOf(request: { page: number; limit: number }): number {
  return (request.page - 1) * request.limit;
}

export function toPage<T>(items: T[], total: number, request: { page: number; limit: number }): Page<T> {
  return { items, total, page: request.page, limit: request.limit };
}

/** `%`, `_` and `\` typed by a person are literal characters in a search, not LIKE wildcards. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Issue 7: a list asked for without `page` answers at most this many records, so one call cannot make the
 * server read and send a hundred thousand rows; X-Total-Count says how many match.
 */
export const UNPAGED_LIST_CAP = 1000;

/** A list as a service reads it: one page, or the capped plain list of the spec's client. */
export type ListAnswer<T> = { kind: 'page'; page: Page<T> } | { kind: 'unpaged'; items: T[]; total: number };

type ListWindow = { limit: number; offset: number };

/** Reads the window a list query asks for (`page` or none) through `read`, and maps its rows to the API shape. */
export async function readList<Row, T>(
  query: { page?: number; limit: number },
  read: (window: ListWindow) => Promise<{ rows: Row[]; total: number }>,
  toResponse: (row: Row) => T,
): Promise<ListAnswer<T>> {
  if (query.page === undefined) {
    const { rows, total } = await read({ limit: UNPAGED_LIST_CAP, offset: 0 });
    return { kind: 'unpaged', items: rows.map(toResponse), total };
  }
  const request = { page: query.page, limit: query.limit };
  const { rows, total } = await read({ limit: request.limit, offset: offsetOf(request) });
  return { kind: 'page', page: toPage(rows.map(toResponse), total, request) };
}

/** Contract: with `page` a list answers { items, total, page, limit }; without, the plain (capped) array. */
export function answerList<T>(list: ListAnswer<T>, setHeader: (name: string, value: string) => void): Page<T> | T[] {
  if (list.kind === 'page') return list.page;
  setHeader('X-Total-Count', String(list.total));
  return list.items;
}
