/**
 * The one sanitiser between untrusted text (traffic values, file names from a pull request, policy
 * keys, manifest ids, error messages quoting any of them) and a channel a GitHub runner reads for
 * workflow commands: the CLI's stdout and stderr, and the Action's log lines and annotations.
 *
 * The runner reads its steps' output line by line, splitting on `\n`, `\r\n` and a lone `\r`, and
 * executes
 * - `::name …::message` when the line starts with `::` after leading whitespace (v2 commands), and
 * - `##[name …]message` wherever `##[` appears in the line (v1 commands).
 * README "Security model" and docs/security.md describe where each function below is used.
 */

import { escapeBidiControls } from './bidi.js';

/** Invisible, and not whitespace to the runner (its trim would skip whitespace). */
const BREAK = '\u200b';

/** What the runner (.NET `char.IsWhiteSpace`) and JavaScript (`\s`) count as leading whitespace. */
const LEADING_SPACE = /^[\s\u0085]*/;

/** A line break as the runner's line reader sees it, or one a log viewer would draw. */
const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/g;

function inertLine(line: string): string {
  const indent = LEADING_SPACE.exec(line)![0].length;
  let out = line;
  if (out.startsWith('::', indent)) out = `${out.slice(0, indent + 1)}${BREAK}${out.slice(indent + 1)}`;
  return out.includes('##[') ? out.replaceAll('##[', `#${BREAK}#[`) : out;
}

/**
 * Text a person reads (a terminal report, an error message, markdown): line breaks are kept, and
 * in every line a `::` after leading whitespace and every `##[` get an invisible break, so the
 * runner executes nothing. Text without either comes back unchanged (the same string).
 */
export function inertText(text: string): string {
  if (!text.includes('::') && !text.includes('##[')) return text;
  let out = '';
  let start = 0;
  for (const m of text.matchAll(/\r\n|\r|\n/g)) {
    out += inertLine(text.slice(start, m.index)) + m[0];
    start = m.index + m[0].length;
  }
  return out + inertLine(text.slice(start));
}

/**
 * One log line: line breaks (including the ones only a viewer draws) show as `␤`, so untrusted text
 * cannot start a line of its own, and the line is then made inert as above.
 */
export function inertLogLine(text: string): string {
  return inertText(text.replace(LINE_BREAK, '␤'));
}

/**
 * JSON text (or Rego, whose strings use JSON's escapes) made inert without changing what it means:
 * `##[` can only occur inside a string, where `\u0023` is the same `#`; no line of JSON starts
 * with `:`; and a Bidi_Control character is written as its escape (src/text/bidi.ts), so the text
 * shows none wherever it is printed. The value a parser reads back is the original.
 */
export function inertJson(text: string): string {
  const escaped = escapeBidiControls(text);
  return escaped.includes('##[') ? escaped.replaceAll('##[', '#\\u0023[') : escaped;
}
