import { DAYS, clockMinutes, type Rule } from '../../policy/schema.js';
import { civilTime, parseRfc3339Nanos, type CivilTime } from '../../engine/timeBuiltins.js';
import { loadTimeZone, type TimeZone } from '../../time/timeZone.js';
import { isPlainObject } from './readSet.js';

/**
 * The request time matters to a decision only through whether it is present and, per active
 * window, whether it is open, computed with the very functions the wasm calls back into
 * (docs/decision-cache.md "Time"): the key keeps those, not the instant.
 */

export interface ActiveWindow {
  days: ReadonlySet<number>;
  zone: TimeZone;
  from: number;
  to: number;
}

/** Go's weekday numbering (0 = Sunday) of the policy's day names. */
const WEEKDAY_OF: Record<(typeof DAYS)[number], number> = {
  mon: 1,
  tue: 2,
  wed: 3,
  thu: 4,
  fri: 5,
  sat: 6,
  sun: 0,
};

type RuleWindow = NonNullable<Rule['active_window']>;

/** A window's identity: equal for windows that open at the same instants. */
export function windowId(window: RuleWindow): string {
  return JSON.stringify([
    DAYS.filter((d) => window.days.includes(d)),
    window.timezone,
    window.from,
    window.to,
  ]);
}

export function activeWindow(window: RuleWindow): ActiveWindow {
  const zone = loadTimeZone(window.timezone);
  // Validation rejects unknown zones; the check keeps this module honest on its own.
  if (!zone) throw new Error(`unknown time zone ${window.timezone}`);
  return {
    days: new Set(DAYS.filter((d) => window.days.includes(d)).map((d) => WEEKDAY_OF[d])),
    zone,
    from: clockMinutes(window.from),
    to: clockMinutes(window.to),
  };
}

/** `window_open(days, zone, from, to)` of generate.ts, on the civil-time functions the wasm uses. */
export function windowOpen(w: ActiveWindow, t: CivilTime): boolean {
  if (!w.days.has(t.weekday)) return false;
  const minute = t.hour * 60 + t.minute;
  if (w.from < w.to) return minute >= w.from && minute < w.to;
  if (w.from > w.to) return minute >= w.from || minute < w.to;
  return false;
}

/**
 * What a key keeps of the request time: `?` unknown, `-` absent, `+` present with no window to
 * judge, `w` present and judged (each window's bit in the caller's WindowBits).
 */
export type TimeState = '?' | '-' | '+' | 'w';

/** Per window (in the index's order), 1 when the time is in it. */
export type WindowBits = Uint8Array;

/**
 * The time's state for a key, filling `open` when there are windows to judge. null: the time
 * cannot be judged here (not a string, or unparsable), and the record is evaluated on its own.
 */
export function readTime(
  request: unknown,
  timeUnknown: boolean,
  windows: readonly ActiveWindow[],
  open: WindowBits,
): TimeState | null {
  const time = isPlainObject(request) && Object.hasOwn(request, 'time') ? request.time : undefined;
  if (timeUnknown) return '?';
  if (time === undefined) return '-';
  if (windows.length === 0) return '+';
  if (typeof time !== 'string') return null;
  let ns: bigint;
  try {
    ns = parseRfc3339Nanos(time);
  } catch {
    return null;
  }
  // Windows of one zone are adjacent (indexPolicies sorts them): one civil time per zone.
  let zone: TimeZone | null = null;
  let local: CivilTime | null = null;
  for (let i = 0; i < windows.length; i++) {
    const w = windows[i]!;
    if (w.zone !== zone) {
      zone = w.zone;
      local = civilTime(ns, zone);
    }
    open[i] = windowOpen(w, local!) ? 1 : 0;
  }
  return 'w';
}
