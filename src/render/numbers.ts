/** The number formats every human output shares (terminal, markdown, drift). Pure. */

/** A count with thousands separators: `12,345`. */
export function countText(value: number): string {
  return value.toLocaleString('en-US');
}

/**
 * `part` of `whole` as a percentage with one decimal (`12.5%`). A share that is neither none nor
 * all never rounds to either: `<0.1%` and `>99.9%` keep one drifted record in a million visible.
 * No whole: `-`.
 */
export function percentText(part: number, whole: number): string {
  if (whole <= 0) return '-';
  if (part <= 0) return '0.0%';
  if (part >= whole) return '100.0%';
  const tenths = Math.round((part * 1000) / whole);
  if (tenths < 1) return '<0.1%';
  if (tenths > 999) return '>99.9%';
  return `${(tenths / 10).toFixed(1)}%`;
}
