/** The time source; tests pass their own so that windows and quarters can be crossed without waiting. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
