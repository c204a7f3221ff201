/**
 * Kleene's truth values as the keys compute and write them: a folded key writes each rule's value
 * as its digit (docs/decision-cache.md "The folded key"). Two-valued keys use only FALSE and TRUE.
 * Ordered so that AND is the minimum and OR the maximum.
 */
export type Truth = 0 | 1 | 2;

export const FALSE = 0;
export const UNKNOWN = 1;
export const TRUE = 2;

/** Kleene's AND: FALSE if either is, else UNKNOWN if either is, else TRUE. */
export function and(a: Truth, b: Truth): Truth {
  return a < b ? a : b;
}

/** Kleene's OR: TRUE if either is, else UNKNOWN if either is, else FALSE. */
export function or(a: Truth, b: Truth): Truth {
  return a > b ? a : b;
}
