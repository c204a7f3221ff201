/**
 * Terminal layout shared by every `--format text` report (docs/cli.md "Text output"): a width
 * in columns, cells cut with `…` rather than wrapped, and no line wider than the width. Pure.
 */

/** Narrowest width the layout is made for (`--width` refuses less). */
export const MIN_TEXT_WIDTH = 40;
/** The width when stdout is no terminal and `--width` is not given. */
export const DEFAULT_TEXT_WIDTH = 120;
/** A column is never cut narrower than this (its text, when shorter). */
const MIN_CELL_WIDTH = 4;
const GAP = '  ';

/** Combining marks, zero-width characters and variation selectors take no column. */
function isZeroWidth(code: number): boolean {
  return (
    (code >= 0x0300 && code <= 0x036f) ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x2060 && code <= 0x2064) ||
    (code >= 0xfe00 && code <= 0xfe0f)
  );
}

/** East Asian wide and fullwidth characters, and emoji, take two columns. */
function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf && code !== 0x303f) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

function charWidth(char: string): number {
  const code = char.codePointAt(0)!;
  if (isZeroWidth(code)) return 0;
  return isWide(code) ? 2 : 1;
}

/** Columns `text` takes on a terminal (text without escape sequences or control characters). */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return width;
}

/** `text` in at most `width` columns: cut with `…` when longer. */
export function cutText(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return '';
  let kept = '';
  let used = 0;
  for (const char of text) {
    const w = charWidth(char);
    if (used + w > width - 1) break;
    kept += char;
    used += w;
  }
  return `${kept}…`;
}

/** `text` padded with spaces to `width` columns. */
function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

/**
 * Column widths that fit `available`: the widest columns give way first (water-filling), each
 * down to MIN_CELL_WIDTH; narrow columns (counts, decisions) keep their text whole. Columns in
 * `keep` (request ids, times) give way only when the others cannot make room.
 */
export function fitColumnWidths(
  natural: readonly number[],
  available: number,
  keep: ReadonlySet<number> = new Set(),
): number[] {
  if (natural.reduce((a, b) => a + b, 0) <= available) return [...natural];
  const kept = natural.reduce((total, w, i) => total + (keep.has(i) ? w : 0), 0);
  const others = natural.map((w, i) => (keep.has(i) ? 0 : w));
  const othersMin = others.reduce((total, w) => total + Math.min(w, MIN_CELL_WIDTH), 0);
  if (keep.size > 0 && kept + othersMin <= available) {
    const fitted = waterFill(others, available - kept);
    return natural.map((w, i) => (keep.has(i) ? w : fitted[i]!));
  }
  const keptMin = natural.reduce((total, w, i) => total + (keep.has(i) ? Math.min(w, MIN_CELL_WIDTH) : 0), 0);
  if (keep.size > 0 && keptMin + othersMin <= available) {
    // The others at their narrowest; the kept columns share the rest.
    const fitted = waterFill(
      natural.map((w, i) => (keep.has(i) ? w : 0)),
      available - othersMin,
    );
    return natural.map((w, i) => (keep.has(i) ? fitted[i]! : Math.min(w, MIN_CELL_WIDTH)));
  }
  return waterFill(natural, available);
}

function waterFill(natural: readonly number[], available: number): number[] {
  const sum = (level: number) =>
    natural.reduce((total, w) => total + Math.min(w, Math.max(level, MIN_CELL_WIDTH)), 0);
  if (sum(Infinity) <= available) return [...natural];
  let lo = 0;
  let hi = Math.max(...natural);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (sum(mid) <= available) lo = mid;
    else hi = mid - 1;
  }
  const widths = natural.map((w) => Math.min(w, Math.max(lo, MIN_CELL_WIDTH)));
  // The columns at the level share what is left, leftmost first.
  let spare = available - widths.reduce((a, b) => a + b, 0);
  for (let i = 0; i < widths.length && spare > 0; i++) {
    if (widths[i]! < natural[i]!) {
      widths[i]!++;
      spare--;
    }
  }
  return widths;
}

/**
 * An aligned table under a header and a dashed rule, indented, every line at most `width`
 * columns: cells are cut with `…`, never wrapped. `keep`: the columns (by header) to cut last.
 */
export function textTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  options: { width: number; indent?: string; keep?: readonly string[] },
): string[] {
  const indent = options.indent ?? '';
  const natural = header.map((h, i) =>
    Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i] ?? ''))),
  );
  const available = options.width - displayWidth(indent) - GAP.length * (header.length - 1);
  const keep = new Set(header.flatMap((h, i) => (options.keep?.includes(h) ? [i] : [])));
  const widths = fitColumnWidths(natural, available, keep);
  const line = (cells: readonly string[]) =>
    fitLine(
      `${indent}${cells
        .map((c, i) => pad(cutText(c, widths[i]!), widths[i]!))
        .join(GAP)
        .trimEnd()}`,
      options.width,
    );
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

/** A line of free text in at most `width` columns. */
export function fitLine(text: string, width: number): string {
  return cutText(text, width);
}
