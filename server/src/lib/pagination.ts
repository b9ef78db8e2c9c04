import type { Page } from '@app/common';

/** Contract: with `page` a list answers { items, total, page, limit }; without it, the plain array. */
export type PageRequest = { page?: number; limit: number };

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
