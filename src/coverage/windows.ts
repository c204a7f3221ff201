/**
 * Which combinations of window memberships a request time can realise (docs/coverage.md "Time").
 *
 * Each distinct window W of either policy is one atom, "the request time is inside W". Not every
 * vector of memberships is realisable (two windows of one zone on disjoint hours are never both
 * in force), so the realisable vectors are enumerated over a stated horizon: every instant from
 * `start` (inclusive) for `days` days. Within the horizon this is exact: a window's membership
 * (docs/policy.md "Windows", the reference's `inForce`, here `insideAt`) depends only on the local weekday and the
 * local minute of the day in its zone, so it can change only where, in some zone, the local clock
 * reaches 00:00 or a window's `from` or `to`, or where the zone's offset changes. Those instants
 * are the candidates: every local day of the horizon, every boundary minute, under every offset
 * the zone takes in the horizon (a candidate under the wrong offset is a harmless extra sample),
 * plus each offset transition and `start` itself. Between two consecutive candidates every
 * membership is constant, so evaluating each candidate finds every realisable vector. Outside
 * the horizon nothing is claimed: a vector that only a time before `start` or after the horizon
 * realises is not reported.
 */
import type { ActiveWindow, Day } from '../policy/schema.js';
import { clockMinutes } from '../policy/schema.js';
import { loadTimeZone, type TimeZone } from '../time/timeZone.js';

export const MIN_HORIZON_DAYS = 366;

export interface TimeHorizon {
  /** The first instant, RFC 3339 (the sample's first record, or any chosen start). */
  start: string;
  /** Days from `start`; at least MIN_HORIZON_DAYS. */
  days: number;
}

/** One realisable membership vector and the earliest instant of the horizon that realises it. */
export interface WindowVector {
  inside: readonly boolean[];
  instant: string;
}

const DAY = 86_400;
/**
 * Offsets are sampled this often, then each change is bisected to its second. Two transitions
 * closer than this that cancel out would be missed; the time-zone database has none such.
 */
const STEP = 6 * 3_600;

/** From `start` (unix seconds) on, until the next segment, the zone's offset is `offset`. */
interface Segment {
  start: number;
  offset: number;
}

/** Offsets per zone and horizon, computed once: reading the zone database is the slow part. */
const segmentMemo = new Map<string, Segment[]>();

/** The zone's offsets over [from, to), each change at its exact second. */
function segmentsOf(name: string, zone: TimeZone, from: number, to: number): Segment[] {
  const key = `${name} ${from} ${to}`;
  const known = segmentMemo.get(key);
  if (known !== undefined) return known;
  const segments: Segment[] = [{ start: -Infinity, offset: zone.offsetAt(from - DAY) }];
  let previous = segments[0]!.offset;
  for (let t = from - DAY + STEP; t < to + DAY + STEP; t += STEP) {
    const offset = zone.offsetAt(t);
    if (offset === previous) continue;
    // Bisect the step for the first second of the new offset.
    let lo = t - STEP;
    let hi = t;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (zone.offsetAt(mid) === previous) lo = mid;
      else hi = mid;
    }
    segments.push({ start: hi, offset });
    previous = offset;
  }
  if (segmentMemo.size > 1_000) segmentMemo.clear();
  segmentMemo.set(key, segments);
  return segments;
}

/** Candidate instants (unix seconds) where some membership of a window in the zone can change. */
function zoneCandidates(segments: readonly Segment[], windows: readonly ActiveWindow[], from: number, to: number): number[] {
  const offsets = new Set(segments.map((s) => s.offset));
  const minutes = new Set<number>([0]);
  for (const w of windows) {
    minutes.add(clockMinutes(w.from));
    minutes.add(clockMinutes(w.to));
  }
  const candidates = segments.slice(1).map((s) => s.start);
  // Local days from one before the horizon to one after, so that every offset is covered.
  const firstDay = Math.floor(from / DAY) - 1;
  const lastDay = Math.floor(to / DAY) + 1;
  for (let day = firstDay; day <= lastDay; day++) {
    for (const minute of minutes) {
      for (const offset of offsets) candidates.push(day * DAY + minute * 60 - offset);
    }
  }
  return candidates;
}

function isoOf(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}

/** Days by Go's weekday number (0 = Sunday), as reference.ts reads them. */
const DAY_BY_WEEKDAY: readonly Day[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/**
 * The reference's `inForce` for an instant of whole seconds in a loaded zone, the same rule
 * without writing and parsing an RFC 3339 string (the sweep below evaluates thousands); the unit
 * suite holds the two equal.
 */
export function insideAt(window: ActiveWindow, zone: TimeZone, seconds: number): boolean {
  return insideLocal(window, seconds + zone.offsetAt(seconds));
}

/** Membership at a local time (unix seconds plus the offset in force). */
function insideLocal(window: ActiveWindow, local: number): boolean {
  const days = Math.floor(local / DAY);
  if (!window.days.includes(DAY_BY_WEEKDAY[(((days + 4) % 7) + 7) % 7]!)) return false;
  const minute = Math.floor((local - days * DAY) / 60);
  const from = clockMinutes(window.from);
  const to = clockMinutes(window.to);
  return from < to ? from <= minute && minute < to : minute >= from || minute < to;
}

/**
 * Every membership vector of `windows` some instant of the horizon realises, in order of their
 * earliest instant, with that instant. A sweep over the candidates in time order: at each, only
 * the windows of the zones the candidate belongs to can change. Throws for an unknown zone (the
 * policies are validated, so that is a bug).
 */
export function realisableWindowVectors(windows: readonly ActiveWindow[], horizon: TimeHorizon): WindowVector[] {
  if (windows.length === 0) return [{ inside: [], instant: horizon.start }];
  if (!(horizon.days >= MIN_HORIZON_DAYS)) throw new Error(`the horizon must be at least ${MIN_HORIZON_DAYS} days`);
  const from = Math.floor(Date.parse(horizon.start) / 1000);
  if (!Number.isFinite(from)) throw new Error(`not an instant: ${horizon.start}`);
  const to = from + horizon.days * DAY;
  const zones = new Map<string, { segments: Segment[]; members: number[] }>();
  windows.forEach((w, i) => {
    const entry = zones.get(w.timezone);
    if (entry !== undefined) entry.members.push(i);
    else {
      const zone = loadTimeZone(w.timezone);
      if (zone === undefined) throw new Error(`unknown time zone ${w.timezone}`);
      zones.set(w.timezone, { segments: segmentsOf(w.timezone, zone, from, to), members: [i] });
    }
  });
  const changes = new Map<number, Set<string>>();
  for (const [name, { segments, members }] of zones) {
    const zoneWindows = members.map((i) => windows[i]!);
    for (const c of zoneCandidates(segments, zoneWindows, from, to)) {
      if (c > from && c < to) changes.set(c, (changes.get(c) ?? new Set()).add(name));
    }
  }
  const offsetAt = (segments: readonly Segment[], t: number): number => {
    let i = segments.length - 1;
    while (segments[i]!.start > t) i--;
    return segments[i]!.offset;
  };
  const update = (name: string, t: number): void => {
    const { segments, members } = zones.get(name)!;
    const local = t + offsetAt(segments, t);
    for (const i of members) inside[i] = insideLocal(windows[i]!, local);
  };
  const inside = windows.map(() => false);
  for (const name of zones.keys()) update(name, from);
  const found = new Map<string, WindowVector>();
  const record = (at: number): void => {
    const key = inside.map((b) => (b ? '1' : '0')).join('');
    if (!found.has(key)) found.set(key, { inside: [...inside], instant: isoOf(at) });
  };
  record(from);
  for (const c of [...changes.keys()].sort((a, b) => a - b)) {
    for (const name of changes.get(c)!) update(name, c);
    record(c);
  }
  return [...found.values()];
}
