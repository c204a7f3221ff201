import { daysFromCivil, daysInMonth, SECONDS_PER_DAY } from './calendar.js';

/**
 * The one RFC 3339 scanner of the project, in two dialects:
 *
 * - `record`: what a traffic record, `--since` and every other timestamp this tool reads must be —
 *   the subset of RFC 3339 that OPA's `time.parse_rfc3339_ns` also accepts: upper-case `T` and
 *   `Z`, two-digit fields, seconds 00–59 (no leap second), an optional `.` fraction of any length,
 *   and an offset of at most 23:59.
 * - `go`: exactly what Go's `time.Parse(time.RFC3339, s)` accepts (OPA's builtin): a one-digit
 *   hour, a `,` before the fraction, offsets up to ±24:60.
 *
 * Scanning fills a reused scratch record and allocates nothing, because the record dialect runs on
 * every record of a sample; `nanosOf` turns a scan into nanoseconds since 1970 without a range
 * limit (callers that need OPA's int64 range check it themselves).
 */
export type Rfc3339Dialect = 'record' | 'go';

export interface Rfc3339Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 … 999,999,999; fraction digits past the ninth are ignored, as Go does. */
  nanosecond: number;
  /** Seconds east of UTC. */
  offsetSeconds: number;
}

function isDigitAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 48 && c <= 57;
}

function digitAt(s: string, i: number): number {
  return s.charCodeAt(i) - 48;
}

/**
 * Scans `s` into `out`. Returns null when it is an instant of the dialect, else the reason in Go's
 * words (`cannot parse month`, `hour out of range`, `extra text: "…"`).
 */
export function scanRfc3339(s: string, dialect: Rfc3339Dialect, out: Rfc3339Fields): string | null {
  const go = dialect === 'go';
  const n = s.length;
  if (n < 4 || !isDigitAt(s, 0) || !isDigitAt(s, 1) || !isDigitAt(s, 2) || !isDigitAt(s, 3))
    return 'cannot parse year';
  const year = digitAt(s, 0) * 1000 + digitAt(s, 1) * 100 + digitAt(s, 2) * 10 + digitAt(s, 3);
  if (s[4] !== '-') return 'cannot parse month';
  if (!isDigitAt(s, 5) || !isDigitAt(s, 6)) return 'cannot parse month';
  const month = digitAt(s, 5) * 10 + digitAt(s, 6);
  if (month < 1 || month > 12) return 'month out of range';
  if (s[7] !== '-') return 'cannot parse day';
  if (!isDigitAt(s, 8) || !isDigitAt(s, 9)) return 'cannot parse day';
  const day = digitAt(s, 8) * 10 + digitAt(s, 9);
  if (s[10] !== 'T') return 'cannot parse hour';
  let i = 11;
  // Go's getnum: one or two digits for the hour; the record dialect wants two.
  if (!isDigitAt(s, i)) return 'cannot parse hour';
  let hour = digitAt(s, i++);
  if (isDigitAt(s, i)) hour = hour * 10 + digitAt(s, i++);
  else if (!go) return 'cannot parse hour';
  if (hour >= 24) return 'hour out of range';
  if (s[i] !== ':') return 'cannot parse minute';
  if (!isDigitAt(s, i + 1) || !isDigitAt(s, i + 2)) return 'cannot parse minute';
  const minute = digitAt(s, i + 1) * 10 + digitAt(s, i + 2);
  if (minute >= 60) return 'minute out of range';
  i += 3;
  if (s[i] !== ':') return 'cannot parse second';
  if (!isDigitAt(s, i + 1) || !isDigitAt(s, i + 2)) return 'cannot parse second';
  const second = digitAt(s, i + 1) * 10 + digitAt(s, i + 2);
  if (second >= 60) return 'second out of range';
  i += 3;

  let nanosecond = 0;
  if ((s[i] === '.' || (go && s[i] === ',')) && isDigitAt(s, i + 1)) {
    let end = i + 1;
    let scale = 100_000_000;
    while (isDigitAt(s, end)) {
      if (scale >= 1) nanosecond += digitAt(s, end) * scale;
      scale /= 10;
      end++;
    }
    i = end;
  } else if (!go && s[i] === '.') return 'cannot parse fraction';

  let offsetSeconds = 0;
  if (s[i] === 'Z') i++;
  else {
    if (n - i < 6 || s[i + 3] !== ':') return 'cannot parse time zone offset';
    if (!isDigitAt(s, i + 1) || !isDigitAt(s, i + 2) || !isDigitAt(s, i + 4) || !isDigitAt(s, i + 5))
      return 'cannot parse time zone offset';
    const offsetHour = digitAt(s, i + 1) * 10 + digitAt(s, i + 2);
    const offsetMinute = digitAt(s, i + 4) * 10 + digitAt(s, i + 5);
    // Go's range test uses > rather than >=: offsets of 24 hours or 60 minutes parse there.
    if (offsetHour > (go ? 24 : 23)) return 'time zone offset hour out of range';
    if (offsetMinute > (go ? 60 : 59)) return 'time zone offset minute out of range';
    const sign = s[i];
    if (sign !== '+' && sign !== '-') return 'cannot parse time zone offset';
    offsetSeconds = (offsetHour * 60 + offsetMinute) * 60 * (sign === '-' ? -1 : 1);
    i += 6;
  }
  if (i !== n) return `extra text: ${JSON.stringify(s.slice(i))}`;
  if (day < 1 || day > daysInMonth(month, year)) return 'day out of range';
  out.year = year;
  out.month = month;
  out.day = day;
  out.hour = hour;
  out.minute = minute;
  out.second = second;
  out.nanosecond = nanosecond;
  out.offsetSeconds = offsetSeconds;
  return null;
}

/** Nanoseconds since 1970-01-01T00:00:00Z of scanned fields (no range limit). */
export function nanosOf(f: Rfc3339Fields): bigint {
  const unixSeconds =
    daysFromCivil(f.year, f.month, f.day) * SECONDS_PER_DAY +
    f.hour * 3600 +
    f.minute * 60 +
    f.second -
    f.offsetSeconds;
  return BigInt(unixSeconds) * 1_000_000_000n + BigInt(f.nanosecond);
}

export function emptyFields(): Rfc3339Fields {
  return { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, nanosecond: 0, offsetSeconds: 0 };
}

const scratch = emptyFields();

/** Whether `text` is an instant of the record dialect (every timestamp this tool reads). */
export function isRfc3339Instant(text: string): boolean {
  return scanRfc3339(text, 'record', scratch) === null;
}

/** Nanoseconds since 1970 of a record-dialect instant, or null when `text` is none. */
export function instantNanos(text: string): bigint | null {
  return scanRfc3339(text, 'record', scratch) === null ? nanosOf(scratch) : null;
}
