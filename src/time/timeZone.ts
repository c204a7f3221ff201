/**
 * UTC offsets of IANA time zones, read from the runtime's time-zone database (ICU, through
 * `Intl.DateTimeFormat`). Formatting a date with Intl costs microseconds, far too slow to do for
 * every replayed record, so each zone memoizes its offset per UTC hour: an hour without a
 * transition stores one offset, an hour with one stores the exact second of the transition.
 */

/** A zone whose offsets can be looked up. Obtain one with {@link loadTimeZone}. */
export interface TimeZone {
  /** The name it was loaded by. */
  readonly name: string;
  /** Seconds east of UTC in force at `unixSeconds` (an integer count of seconds since 1970). */
  offsetAt(unixSeconds: number): number;
}

const HOUR = 3600;
/** Memoized hours per zone before the memo starts over (a replay sample spans far fewer). */
const MAX_MEMO_HOURS = 200_000;

/** One memoized UTC hour: the offset is `before` until `transition`, `after` from it on. */
interface HourOffsets {
  transition: number;
  before: number;
  after: number;
}

class FixedOffsetZone implements TimeZone {
  constructor(
    readonly name: string,
    private readonly offset: number,
  ) {}
  offsetAt(): number {
    return this.offset;
  }
}

class IntlZone implements TimeZone {
  private readonly formatter: Intl.DateTimeFormat;
  private readonly memo = new Map<number, HourOffsets>();

  constructor(
    readonly name: string,
    ianaName: string,
  ) {
    this.formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: ianaName,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  }

  offsetAt(unixSeconds: number): number {
    const hour = Math.floor(unixSeconds / HOUR);
    let entry = this.memo.get(hour);
    if (entry === undefined) {
      entry = this.scanHour(hour * HOUR);
      if (this.memo.size >= MAX_MEMO_HOURS) this.memo.clear();
      this.memo.set(hour, entry);
    }
    return unixSeconds < entry.transition ? entry.before : entry.after;
  }

  /**
   * Finds the offsets of one UTC hour. Time-zone transitions fall on whole seconds, and no zone
   * has ever had two in one hour, so comparing both ends and bisecting finds the exact second.
   */
  private scanHour(start: number): HourOffsets {
    const last = start + HOUR - 1;
    const before = this.query(start);
    const after = this.query(last);
    if (before === after) return { transition: start, before, after };
    let lo = start; // offset(lo) === before
    let hi = last; // offset(hi) === after
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (this.query(mid) === before) lo = mid;
      else hi = mid;
    }
    return { transition: hi, before, after };
  }

  /** The offset straight from the database: local wall-clock seconds minus UTC seconds. */
  private query(unixSeconds: number): number {
    const parts = this.formatter.formatToParts(new Date(unixSeconds * 1000));
    let year = 0;
    let month = 0;
    let day = 0;
    let hour = 0;
    let minute = 0;
    let second = 0;
    let bc = false;
    for (const part of parts) {
      switch (part.type) {
        case 'year':
          year = Number(part.value);
          break;
        case 'month':
          month = Number(part.value);
          break;
        case 'day':
          day = Number(part.value);
          break;
        case 'hour':
          hour = Number(part.value);
          break;
        case 'minute':
          minute = Number(part.value);
          break;
        case 'second':
          second = Number(part.value);
          break;
        case 'era':
          bc = part.value.startsWith('B');
          break;
        default:
          break;
      }
    }
    const astronomicalYear = bc ? 1 - year : year;
    const wall = new Date(0);
    // setUTCFullYear, unlike Date.UTC, does not map years 0-99 onto 1900-1999.
    wall.setUTCFullYear(astronomicalYear, month - 1, day);
    wall.setUTCHours(hour, minute, second, 0);
    return wall.getTime() / 1000 - unixSeconds;
  }
}

const UTC_ZONE: TimeZone = new FixedOffsetZone('UTC', 0);
const zones = new Map<string, TimeZone | null>();

/**
 * Whether a name looks like an IANA zone name the way Go's `time.LoadLocation` requires: tz
 * database names are case-sensitive and every path segment starts with an upper-case letter
 * (`Europe/London`, `Etc/GMT+5`, `EST5EDT`), while Intl would also accept `europe/london`.
 */
function hasIanaShape(name: string): boolean {
  if (name.length === 0 || name.length > 255) return false;
  if (name.includes('..') || name.startsWith('/') || name.includes('\\')) return false;
  return name.split('/').every((segment) => /^[A-Z][A-Za-z0-9_+-]*$/.test(segment));
}

/**
 * Ids ICU accepts that the tz database does not hold: Java's legacy three-letter ids, the SystemV
 * names and two names the database has dropped. OPA's Go evaluator reports each as an unknown
 * zone (its tzdata is the database's), so they are unknown here too: a window in `PST` would
 * never be in force at the gateway. Every name of the database is known to ICU, so this list is
 * the whole difference (checked against OPA in __tests__/engine/timeBuiltins.test.ts).
 */
const ICU_ONLY_IDS = new Set([
  ...'ACT AET AGT ART AST BET BST CAT CNT CST CTT EAT ECT IET IST JST MIT NET NST PLT PNT PRT PST SST VST'.split(
    ' ',
  ),
  ...'AST4 AST4ADT CST6 CST6CDT EST5 EST5EDT HST10 MST7 MST7MDT PST8 PST8PDT YST9 YST9YDT'
    .split(' ')
    .map((id) => `SystemV/${id}`),
  'Canada/East-Saskatchewan',
  'US/Pacific-New',
]);

/** The Intl name Intl canonicalizes `name` to, or undefined when Intl does not know it. */
function intlCanonicalName(name: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * Loads a zone the way OPA's time builtins name zones: `""` and `"UTC"` are UTC, `"Local"` is the
 * process's zone, anything else must be an IANA name the database knows (exact case). Returns
 * undefined for an unknown name.
 */
export function loadTimeZone(name: string): TimeZone | undefined {
  const cached = zones.get(name);
  if (cached !== undefined) return cached ?? undefined;
  let zone: TimeZone | null = null;
  if (name === '' || name === 'UTC') {
    zone = UTC_ZONE;
  } else if (name === 'Local') {
    const local = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    zone = new IntlZone(name, local);
  } else if (hasIanaShape(name) && !ICU_ONLY_IDS.has(name)) {
    const canonical = intlCanonicalName(name);
    // Intl matches names case-insensitively; a canonical name that differs only in case means
    // the caller's spelling is not the database's, which Go rejects.
    const caseMismatch =
      canonical !== undefined && canonical !== name && canonical.toLowerCase() === name.toLowerCase();
    if (canonical !== undefined && !caseMismatch) zone = new IntlZone(name, name);
  }
  zones.set(name, zone);
  return zone ?? undefined;
}

/**
 * Whether `name` is a zone a policy window may use: a known IANA name. Unlike the builtins'
 * naming, `""` and `"Local"` are not accepted (they are not zone names and `Local` depends on
 * the machine).
 */
export function isKnownTimeZone(name: string): boolean {
  if (name === '' || name === 'Local') return false;
  return loadTimeZone(name) !== undefined;
}
