/**
 * JSON pointers (RFC 6901) into a record's `input`, the unit of the unknown set
 * (docs/unknowns.md "What a record does not know").
 */

/**
 * A JSON pointer of the unknown set, as segments relative to `/input` (`/input` itself is `[]`),
 * RFC 6901 escapes already undone; a `*` segment matches any array index.
 */
export type UnknownPointer = readonly string[];

/** `0`, `7`, `12`: the RFC 6901 spelling of an array index (no sign, no leading zero). */
export function isArrayIndex(segment: string): boolean {
  return /^(0|[1-9][0-9]*)$/.test(segment);
}

/**
 * The segments of `text` below `/input` (`/input` itself is `[]`), escapes undone; null when
 * `text` is not an RFC 6901 pointer starting with the `input` segment. `~` must be followed by `0`
 * or `1`; every other character is allowed in a segment.
 */
export function parseInputPointer(text: string): string[] | null {
  if (text !== '/input' && !text.startsWith('/input/')) return null;
  if (text.length === 6) return [];
  const raw = text.slice(7).split('/');
  const segments: string[] = [];
  for (const segment of raw) {
    if (segment.includes('~')) {
      if (/~(?![01])/.test(segment)) return null;
      // ~1 first: "~01" is the text "~1", not "/".
      segments.push(segment.replace(/~1/g, '/').replace(/~0/g, '~'));
    } else segments.push(segment);
  }
  return segments;
}

/** Whether `text` is a pointer the unknown set accepts (what parseInputPointer accepts). */
export function isInputPointer(text: string): boolean {
  if (text !== '/input' && !text.startsWith('/input/')) return false;
  const tilde = text.indexOf('~');
  return tilde < 0 || !/~(?![01])/.test(text);
}
