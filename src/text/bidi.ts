/**
 * Unicode's Bidi_Control characters reorder the text around them when it is displayed: a policy
 * value, traffic field or file name holding U+202E can make a comment, a log line or a terminal
 * show something other than what the bytes say (a "Trojan Source" display). Every one of them is
 * listed here, and this module is the one place that decides what becomes of them.
 */

/** U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069: the whole Bidi_Control property. */
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Whether a code point is a Bidi_Control character. */
export function isBidiControl(codePoint: number): boolean {
  return (
    codePoint === 0x061c ||
    codePoint === 0x200e ||
    codePoint === 0x200f ||
    (codePoint >= 0x202a && codePoint <= 0x202e) ||
    (codePoint >= 0x2066 && codePoint <= 0x2069)
  );
}

/**
 * Text a person reads (a comment, an issue, the job summary, a log line, an annotation, the
 * terminal): each Bidi_Control character becomes U+FFFD, so it shows where it was and reorders
 * nothing. Text without one comes back unchanged (the same string).
 */
export function humanText(text: string): string {
  BIDI_CONTROL.lastIndex = 0;
  return BIDI_CONTROL.test(text) ? text.replace(BIDI_CONTROL, '\ufffd') : text;
}

/**
 * JSON text (or Rego, whose strings take JSON's escapes) with each Bidi_Control character written
 * as its `\uXXXX` escape: outside strings JSON has none, and inside one the escape is the same
 * character to any parser, so the data stays exact while the text itself holds none to display.
 */
export function escapeBidiControls(text: string): string {
  BIDI_CONTROL.lastIndex = 0;
  if (!BIDI_CONTROL.test(text)) return text;
  return text.replace(BIDI_CONTROL, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
