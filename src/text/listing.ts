/**
 * Messages that name inputs (paths, files, decision paths, candidates, ids) name only the first
 * few: a decision log with a million paths, or a sweep over a thousand policies, must still give a
 * one-line error, not megabytes copied into a log line, an annotation and the report.
 */

/** How many items of such a list a message names; the others are counted. */
export const MAX_LISTED = 5;

/** Longest item, in code points, a message quotes whole (a name: a path, a key, an id). */
export const MAX_ITEM_LENGTH = 200;

function shortItem(item: string, maxLength: number): string {
  if (item.length <= maxLength) return item;
  const points = [...item];
  return points.length <= maxLength ? item : `${points.slice(0, maxLength - 1).join('')}…`;
}

/**
 * The first MAX_LISTED items joined by `separator`, and "and N more" when there are others: the
 * caller's message says what the list is (and its total, when that helps). Items that are whole
 * messages (a failure and its cause) take a larger `maxItemLength`.
 */
export function boundedList(
  items: readonly string[],
  separator = ', ',
  maxItemLength = MAX_ITEM_LENGTH,
): string {
  const shown = items
    .slice(0, MAX_LISTED)
    .map((item) => shortItem(item, maxItemLength))
    .join(separator);
  const more = items.length - MAX_LISTED;
  return more > 0 ? `${shown}${separator}and ${more.toLocaleString('en-US')} more` : shown;
}
