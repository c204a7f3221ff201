/**
 * The time builtins OPA's WebAssembly target leaves to the host, implemented to return exactly
 * what OPA's Go evaluator (v1.22.3, Go's `time` package) returns, plus the same functions as
 * plain TypeScript for the reference evaluator.
 *
 * Precision: opa-wasm hands builtin arguments over through `JSON.parse`, so a nanosecond
 * timestamp such as 1795000000123456789 arrives as the double 1795000000123456800. The parser
 * therefore returns its result to the wasm as raw JSON text (an ArrayBuffer, which opa-wasm
 * loads verbatim) and remembers double → exact integer, so the builtins that receive the
 * timestamp again recover the exact nanoseconds.
 */
import { loadTimeZone, type TimeZone } from './timeZone.js';

/** A builtin refused its arguments; OPA's Go evaluator fails the same call. */
export class BuiltinError extends Error {
  readonly builtin: string;
  readonly args: unknown[];
  constructor(builtin: string, args: unknown[], message: string) {
    super(`${builtin}: ${message}`);
    this.name = 'BuiltinError';
    this.builtin = builtin;
    this.args = args;
  }
}

const NS_PER_SECOND = 1_000_000_000n;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const SECONDS_PER_DAY = 86_400;

/** Go's `time.Weekday.String()`, indexed by days since Sunday. */
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** A wall-clock reading of an instant in a zone, the fields Go's Time.Date/Clock/Weekday give. */
export interface CivilTime {
  year: number;
  /** 1-12 */
  month: number;
  /** 1-31 */
  day: number;
  hour: number;
  minute: number;
  second: number;
  nanosecond: number;
  /** 0 = Sunday … 6 = Saturday, like Go's time.Weekday. */
  weekday: number;
}

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

const DAYS_BEFORE_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(month: number, year: number): number {
  if (month === 2 && isLeapYear(year)) return 29;
  return DAYS_BEFORE_MONTH[month - 1] ?? 0;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The proleptic Gregorian date `days` after 1970-01-01 (H. Hinnant's civil_from_days). */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return { year, month, day };
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/** Reads the instant `ns` (nanoseconds since 1970, UTC) on a wall clock in `zone`. */
export function civilTime(ns: bigint, zone: TimeZone): CivilTime {
  const seconds = floorDiv(ns, NS_PER_SECOND);
  const nanosecond = Number(ns - seconds * NS_PER_SECOND);
  const unixSeconds = Number(seconds);
  const local = unixSeconds + zone.offsetAt(unixSeconds);
  const days = Math.floor(local / SECONDS_PER_DAY);
  const secondOfDay = local - days * SECONDS_PER_DAY;
  const { year, month, day } = civilFromDays(days);
  return {
    year,
    month,
    day,
    hour: Math.floor(secondOfDay / 3600),
    minute: Math.floor((secondOfDay % 3600) / 60),
    second: secondOfDay % 60,
    nanosecond,
    // 1970-01-01 was a Thursday (4).
    weekday: (((days + 4) % 7) + 7) % 7,
  };
}

const RFC3339_LAYOUT = '2006-01-02T15:04:05Z07:00';

function isDigitAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 48 && c <= 57;
}

function digitAt(s: string, i: number): number {
  return s.charCodeAt(i) - 48;
}

/**
 * Go's `getnum`: one or two digits at `i` (exactly two when `fixed`). Returns the value and the
 * index after it, or undefined.
 */
function getNumber(s: string, i: number, fixed: boolean): [number, number] | undefined {
  if (!isDigitAt(s, i)) return undefined;
  if (!isDigitAt(s, i + 1)) return fixed ? undefined : [digitAt(s, i), i + 1];
  return [digitAt(s, i) * 10 + digitAt(s, i + 1), i + 2];
}

/**
 * Parses `value` exactly as Go's `time.Parse(time.RFC3339, value)` does and returns nanoseconds
 * since 1970 — `time.parse_rfc3339_ns`. Go accepts a little more than RFC 3339 (a one-digit hour,
 * a comma before the fraction, more than nine fraction digits, offsets up to ±24:60) and so does
 * this. Throws a BuiltinError for what Go rejects and for instants outside int64 nanoseconds.
 */
export function parseRfc3339Nanos(value: string): bigint {
  const fail = (reason: string): never => {
    throw new BuiltinError(
      'time.parse_rfc3339_ns',
      [value],
      `parsing time ${JSON.stringify(value)} as ${JSON.stringify(RFC3339_LAYOUT)}: ${reason}`,
    );
  };
  const s = value;
  const expect = (i: number, ch: string, what: string): number => {
    if (s[i] !== ch) fail(`cannot parse ${what}`);
    return i + 1;
  };
  // Year: exactly four digits.
  if (s.length < 4 || ![0, 1, 2, 3].every((k) => isDigitAt(s, k))) fail('cannot parse year');
  const year = digitAt(s, 0) * 1000 + digitAt(s, 1) * 100 + digitAt(s, 2) * 10 + digitAt(s, 3);
  let i = expect(4, '-', 'month');
  const month = getNumber(s, i, true) ?? fail('cannot parse month');
  if (month[0] < 1 || month[0] > 12) fail('month out of range');
  i = expect(month[1], '-', 'day');
  const day = getNumber(s, i, true) ?? fail('cannot parse day');
  i = expect(day[1], 'T', 'hour');
  const hour = getNumber(s, i, false) ?? fail('cannot parse hour');
  if (hour[0] >= 24) fail('hour out of range');
  i = expect(hour[1], ':', 'minute');
  const minute = getNumber(s, i, true) ?? fail('cannot parse minute');
  if (minute[0] >= 60) fail('minute out of range');
  i = expect(minute[1], ':', 'second');
  const second = getNumber(s, i, true) ?? fail('cannot parse second');
  if (second[0] >= 60) fail('second out of range');
  i = second[1];

  // Fraction: any number of digits after '.' or ','; digits past the ninth are ignored.
  let nanosecond = 0;
  if ((s[i] === '.' || s[i] === ',') && isDigitAt(s, i + 1)) {
    let end = i + 1;
    while (isDigitAt(s, end)) end++;
    const digits = s.slice(i + 1, Math.min(end, i + 10));
    nanosecond = Number(digits) * 10 ** (9 - digits.length);
    i = end;
  }

  let offsetSeconds = 0;
  if (s[i] === 'Z') {
    i++;
  } else {
    if (s.length - i < 6 || s[i + 3] !== ':') fail('cannot parse time zone offset');
    const oh = getNumber(s, i + 1, true);
    const om = getNumber(s, i + 4, true);
    if (oh === undefined || om === undefined) fail('cannot parse time zone offset');
    const offsetHour = oh?.[0] ?? 0;
    const offsetMinute = om?.[0] ?? 0;
    // Go's range test uses > rather than >=: offsets of 24 hours or 60 minutes parse.
    if (offsetHour > 24) fail('time zone offset hour out of range');
    if (offsetMinute > 60) fail('time zone offset minute out of range');
    const sign = s[i];
    if (sign !== '+' && sign !== '-') fail('cannot parse time zone offset');
    offsetSeconds = (offsetHour * 60 + offsetMinute) * 60 * (sign === '-' ? -1 : 1);
    i += 6;
  }
  if (i !== s.length) fail(`extra text: ${JSON.stringify(s.slice(i))}`);
  if (day[0] < 1 || day[0] > daysInMonth(month[0], year)) fail('day out of range');

  const unixSeconds =
    daysFromCivil(year, month[0], day[0]) * SECONDS_PER_DAY +
    hour[0] * 3600 +
    minute[0] * 60 +
    second[0] -
    offsetSeconds;
  const ns = BigInt(unixSeconds) * NS_PER_SECOND + BigInt(nanosecond);
  if (ns < INT64_MIN || ns > INT64_MAX) fail('time outside of valid range');
  return ns;
}

/** Loads a zone by OPA's naming or throws the BuiltinError OPA's `time.LoadLocation` causes. */
function zoneOrFail(builtin: string, args: unknown[], name: string): TimeZone {
  const zone = loadTimeZone(name);
  if (zone === undefined) throw new BuiltinError(builtin, args, `unknown time zone ${name}`);
  return zone;
}

/** The instant and zone of OPA's `tzTime` operand: `ns` or `[ns, tz]` or `[ns, tz, layout]`. */
function decodeInstant(
  builtin: string,
  args: unknown[],
  operand: unknown,
  exactOf: (n: number) => bigint | undefined,
): { ns: bigint; zone: TimeZone } {
  let nsOperand: unknown;
  let zone = zoneOrFail(builtin, args, 'UTC');
  if (Array.isArray(operand)) {
    if (operand.length === 0) {
      throw new BuiltinError(
        builtin,
        args,
        'operand 1 must be either number (ns) or [number (ns), string (tz)]',
      );
    }
    nsOperand = operand[0];
    if (typeof nsOperand !== 'number') {
      throw new BuiltinError(builtin, args, 'operand 1 must be number');
    }
    if (operand.length > 1) {
      const tz: unknown = operand[1];
      if (typeof tz !== 'string') throw new BuiltinError(builtin, args, 'operand 1 must be string');
      zone = zoneOrFail(builtin, args, tz);
    }
    if (operand.length > 2 && typeof operand[2] !== 'string') {
      throw new BuiltinError(builtin, args, 'operand 1 must be string');
    }
  } else if (typeof operand === 'number') {
    nsOperand = operand;
  } else {
    throw new BuiltinError(
      builtin,
      args,
      'operand 1 must be either number (ns) or [number (ns), string (tz)]',
    );
  }
  const n = nsOperand as number;
  const ns = exactOf(n) ?? (Number.isInteger(n) ? BigInt(n) : undefined);
  if (ns === undefined || ns < INT64_MIN || ns > INT64_MAX) {
    throw new BuiltinError(builtin, args, 'timestamp too big');
  }
  return { ns, zone };
}

function intOperand(builtin: string, args: unknown[], value: unknown, position: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new BuiltinError(builtin, args, `operand ${position} must be integer number`);
  }
  return value;
}

/**
 * Go's `t.AddDate(years, months, days)` for a UTC time: the date fields are added and then
 * normalized (month 13 → January of the next year, April 31 → May 1), the clock is kept.
 */
export function addDateUtc(ns: bigint, years: number, months: number, days: number): bigint {
  const seconds = floorDiv(ns, NS_PER_SECOND);
  const subSecond = ns - seconds * NS_PER_SECOND;
  const unixSeconds = Number(seconds);
  const dayNumber = Math.floor(unixSeconds / SECONDS_PER_DAY);
  const secondOfDay = unixSeconds - dayNumber * SECONDS_PER_DAY;
  const date = civilFromDays(dayNumber);
  const monthIndex = date.month - 1 + months;
  const year = date.year + years + Math.floor(monthIndex / 12);
  const month = (((monthIndex % 12) + 12) % 12) + 1;
  // daysFromCivil tolerates a day past the month's end: it counts on into the next month.
  const newDay = daysFromCivil(year, month, 1) + date.day - 1 + days;
  return BigInt(newDay * SECONDS_PER_DAY + secondOfDay) * NS_PER_SECOND + subSecond;
}

/** opa-wasm loads an ArrayBuffer result verbatim as JSON text: an exact integer survives. */
function integerAsJson(n: bigint): ArrayBuffer {
  const text = n.toString();
  const buffer = new ArrayBuffer(text.length);
  const bytes = new Uint8Array(buffer);
  for (let k = 0; k < text.length; k++) bytes[k] = text.charCodeAt(k);
  return buffer;
}

/** Custom builtins for `loadPolicy(wasm, memory, builtins)`, with the exact-timestamp memory. */
export interface TimeBuiltins {
  builtins: Record<string, (...args: unknown[]) => unknown>;
  /** Forgets remembered timestamps; call before each evaluation. */
  reset(): void;
}

/** More remembered timestamps than one evaluation makes; bounds memory if reset is forgotten. */
const MAX_REMEMBERED = 4096;

export function createTimeBuiltins(): TimeBuiltins {
  const exact = new Map<number, bigint>();
  const remember = (ns: bigint): ArrayBuffer => {
    if (exact.size >= MAX_REMEMBERED) exact.clear();
    exact.set(Number(ns), ns);
    return integerAsJson(ns);
  };
  const exactOf = (n: number): bigint | undefined => exact.get(n);
  const instant = (builtin: string, args: unknown[]) => decodeInstant(builtin, args, args[0], exactOf);

  const builtins: Record<string, (...args: unknown[]) => unknown> = {
    'time.parse_rfc3339_ns': (...args) => {
      const value = args[0];
      if (typeof value !== 'string') {
        throw new BuiltinError('time.parse_rfc3339_ns', args, 'operand 1 must be string');
      }
      return remember(parseRfc3339Nanos(value));
    },
    'time.clock': (...args) => {
      const { ns, zone } = instant('time.clock', args);
      const t = civilTime(ns, zone);
      return [t.hour, t.minute, t.second];
    },
    'time.date': (...args) => {
      const { ns, zone } = instant('time.date', args);
      const t = civilTime(ns, zone);
      return [t.year, t.month, t.day];
    },
    'time.weekday': (...args) => {
      const { ns, zone } = instant('time.weekday', args);
      return WEEKDAY_NAMES[civilTime(ns, zone).weekday];
    },
    'time.add_date': (...args) => {
      // Declared as a number operand: OPA's type checker never lets a [ns, tz] pair through.
      if (typeof args[0] !== 'number') {
        throw new BuiltinError('time.add_date', args, 'operand 1 must be number');
      }
      const { ns } = instant('time.add_date', args);
      const years = intOperand('time.add_date', args, args[1], 2);
      const months = intOperand('time.add_date', args, args[2], 3);
      const days = intOperand('time.add_date', args, args[3], 4);
      const result = addDateUtc(ns, years, months, days);
      if (result < INT64_MIN || result > INT64_MAX) {
        throw new BuiltinError('time.add_date', args, 'time outside of valid range');
      }
      return remember(result);
    },
  };
  return { builtins, reset: () => exact.clear() };
}
