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
import { civilFromDays, daysFromCivil, SECONDS_PER_DAY } from '../time/calendar.js';
import { emptyFields, nanosOf, scanRfc3339 } from '../time/rfc3339.js';
import { loadTimeZone, type TimeZone } from '../time/timeZone.js';

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
const INSTANT = emptyFields();

/**
 * `time.parse_rfc3339_ns`: parses `value` exactly as Go's `time.Parse(time.RFC3339, value)` does
 * (the `go` dialect of time/rfc3339.ts) and returns nanoseconds since 1970. Throws a BuiltinError
 * for what Go rejects and for instants outside int64 nanoseconds.
 */
export function parseRfc3339Nanos(value: string): bigint {
  const fail = (reason: string): never => {
    throw new BuiltinError(
      'time.parse_rfc3339_ns',
      [value],
      `parsing time ${JSON.stringify(value)} as ${JSON.stringify(RFC3339_LAYOUT)}: ${reason}`,
    );
  };
  const problem = scanRfc3339(value, 'go', INSTANT);
  if (problem !== null) fail(problem);
  const ns = nanosOf(INSTANT);
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
