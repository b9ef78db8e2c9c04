import { z, type ZodType } from 'zod';

// The building blocks of the answers (issue 31): every route declares what it answers with the schemas of
// this folder, the OpenAPI reference describes them, the client's types are inferred from them, and in the
// test run every answer the server sends is checked against its declaration (server/src/lib/answer-check.ts).
// Objects are open (a client ignores fields it does not know); the check refuses an extra field itself.
// Kept apart from schemas/ so the client's bundle, which reads these as types only, carries none of them.

/** A record's id as the API names it (`_id`). */
export const recordId = z.uuid();

/** A moment, as `Date.prototype.toISOString` writes it (UTC, `Z`). */
export const instant = z.iso.datetime();

/** A calendar day in Asia/Kolkata, 'YYYY-MM-DD'. */
export const calendarDay = z.iso.date();

/** Points and amounts: numbers with at most 2 decimals (contract "Shapes"). */
export const amount = z.number();

/** A count of things. */
export const count = z.number().int().min(0);

/** Who did something, when it was a person of the programme; null once that account is gone or for the system. */
export const personReference = z.object({ _id: recordId, username: z.string() });

/** `{ message }`: what a route answers when there is nothing else to say. */
export const messageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswer>;

/** `{ message, _id }`: the answer of a deletion. */
export const deletedAnswer = messageAnswer.extend({ _id: recordId });

/** One page of a list (contract "API conventions": lists that can grow take page and limit). */
export function pageOf<Item extends ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    total: count,
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
  });
}
export type Page<T> = { items: T[]; total: number; page: number; limit: number };

/** A list that answers the plain array without `page` (the spec's clients) and a page with it. */
export function listOrPage<Item extends ZodType>(item: Item) {
  return z.union([z.array(item), pageOf(item)]);
}
