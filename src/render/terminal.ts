import { DEFAULT_TEXT_WIDTH, fitLine, textTable } from './textTable.js';
import { humanTime } from '../text/times.js';

/**
 * What the replay and drift text reports share (docs/cli.md "Text output"): the width, colour,
 * value cleaning, and one table renderer. Pure.
 */
export interface TextOptions {
  colour: boolean;
  /** Columns every line fits in; default DEFAULT_TEXT_WIDTH (the CLI passes the terminal's). */
  width?: number;
}

export interface Paint {
  bold(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
}

export interface Terminal {
  width: number;
  paint: Paint;
  /** A free-text line cut to the width (paint after fitting: escapes take no column). */
  fit(text: string): string;
  /** An aligned table fitted to the width, indented two spaces; `keep`: columns cut last. */
  table(header: readonly string[], rows: readonly (readonly string[])[], keep?: readonly string[]): string[];
}

export function terminal(options: TextOptions): Terminal {
  const width = options.width ?? DEFAULT_TEXT_WIDTH;
  return {
    width,
    paint: painter(options.colour),
    fit: (text) => fitLine(text, width),
    table: (header, rows, keep) =>
      textTable(header, rows, { width, indent: '  ', ...(keep ? { keep } : {}) }),
  };
}

function painter(colour: boolean): Paint {
  const paint = (code: string, text: string) => (colour ? `\u001b[${code}m${text}\u001b[0m` : text);
  return {
    bold: (t) => paint('1', t),
    red: (t) => paint('31', t),
    green: (t) => paint('32', t),
    yellow: (t) => paint('33', t),
  };
}

/** Removes terminal control sequences from values that come from traffic; null reads `-`. */
export function plain(value: string | null): string {
  if (value === null) return '-';
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '\ufffd');
}

/** A recorded time in the one human form (UTC, to the second); none reads `-`. */
export function timeCell(occurredAt: string | null): string {
  return occurredAt === null ? '-' : plain(humanTime(occurredAt));
}

/** The columns of a request table cut last: which request, when, and what each side decided. */
export const REQUEST_COLUMNS = ['request', 'time', 'recorded', 'base', 'head'] as const;

/** A request as the request tables show it, with the two decisions being compared. */
export interface RequestRow {
  request_id: string;
  occurred_at: string | null;
  subject: string | null;
  method: string | null;
  tools: readonly string[];
  decisions: readonly [string, string];
  matched_rule_ids: readonly string[];
}

/** The change and drift listings: a title line, then one row per request. */
export function requestTable(
  t: Terminal,
  title: string,
  sides: readonly [string, string],
  rows: readonly RequestRow[],
): string[] {
  return [
    '',
    t.paint.bold(t.fit(title)),
    ...t.table(
      ['request', 'time', 'subject', 'method', 'tools', ...sides, 'matched'],
      rows.map((row) => [
        plain(row.request_id),
        timeCell(row.occurred_at),
        plain(row.subject),
        plain(row.method),
        row.tools.length ? plain(row.tools.join(',')) : '-',
        ...row.decisions,
        row.matched_rule_ids.length ? plain(row.matched_rule_ids.join(',')) : '-',
      ]),
      REQUEST_COLUMNS,
    ),
  ];
}

/** How human outputs explain the word on its first use (docs/cli.md "Text output"). */
export const UNEVALUABLE_MEANING = 'unevaluable (the recorded data cannot decide it)';
