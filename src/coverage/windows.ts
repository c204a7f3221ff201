/**
 * Which combinations of window memberships a request time can realise (docs/coverage.md "Time").
 *
 * Each distinct window W of either policy is one atom, "the request time is inside W". Not every
 * vector of memberships is realisable (two windows of one zone on disjoint hours are never both
 * in force), so the realisable vectors are enumerated over a stated horizon: every instant from
 * `start` (inclusive) for `days` days. Within the horizon this is exact: a window's membership
 * (docs/policy.md "Windows", the reference's `inForce`) depends only on the local weekday and the
 * local minute of the day in its zone, so it can change only where, in some zone, the local clock
 * reaches 00:00 or a window's `from` or `to`, or where the zone's offset changes. Those instants
 * are the candidates: every local day of the horizon, every boundary minute, under every offset
 * the zone takes in the horizon (a candidate under the wrong offset is a harmless extra sample),
 * plus each offset transition and `start` itself. Between two consecutive candidates every
 * membership is constant, so evaluating each candidate finds every realisable vector. Outside
 * the horizon nothing is claimed: a vector that only a time before `start` or after the horizon
 * realises is not reported.
 */
import type { ActiveWindow } from '../policy/schema.js';
import { clockMinutes } from '../policy/schema.js';
import { inForce } from '../engine/reference.js';
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

/** The offsets a zone takes over [from, to) (seconds), and the exact instants they change. */
function offsetsOf(zone: TimeZone, from: number, to: number): { offsets: Set<number>; transitions: number[] } {
  const offsets = new Set<number>();
  const transitions: number[] = [];
  let previous = zone.offsetAt(from);
  offsets.add(previous);
  for (let t = from + STEP; t < to + STEP; t += STEP) {
    const offset = zone.offsetAt(t);
    if (offset !== previous) {
      // Bisect the step for the first second of the new offset.
      let lo = t - STEP;
      let hi = t;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (zone.offsetAt(mid) === previous) lo = mid;
        else hi = mid;
      }
      transitions.push(hi);
      offsets.add(offset);
      previous = offset;
    }
  }
  return { offsets, transitions };
}

/** Candidate instants (unix seconds) where some membership of a window in `zone` can change. */
function zoneCandidates(zone: TimeZone, windows: readonly ActiveWindow[], from: number, to: number): number[] {
  const { offsets, transitions } = offsetsOf(zone, from, to);
  const minutes = new Set<number>([0]);
  for (const w of windows) {
    minutes.add(clockMinutes(w.from));
    minutes.add(clockMinutes(w.to));
  }
  const candidates = [...transitions];
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

/**
 * Every membership vector of `windows` some instant of the horizon realises, in order of their
 * earliest instant. Throws for an unknown zone (the policies are validated, so that is a bug).
 */
export function realisableWindowVectors(windows: readonly ActiveWindow[], horizon: TimeHorizon): WindowVector[] {
  if (windows.length === 0) return [{ inside: [], instant: horizon.start }];
  if (!(horizon.days >= MIN_HORIZON_DAYS)) throw new Error(`the horizon must be at least ${MIN_HORIZON_DAYS} days`);
  const from = Math.floor(Date.parse(horizon.start) / 1000);
  if (!Number.isFinite(from)) throw new Error(`not an instant: ${horizon.start}`);
  const to = from + horizon.days * DAY;
  const candidates = new Set<number>([from]);
  const byZone = new Map<string, ActiveWindow[]>();
  for (const w of windows) byZone.set(w.timezone, [...(byZone.get(w.timezone) ?? []), w]);
  for (const [name, zoneWindows] of byZone) {
    const zone = loadTimeZone(name);
    if (zone === undefined) throw new Error(`unknown time zone ${name}`);
    for (const c of zoneCandidates(zone, zoneWindows, from, to)) if (c >= from && c < to) candidates.add(c);
  }
  const found = new Map<string, WindowVector>();
  for (const c of [...candidates].sort((a, b) => a - b)) {
    const instant = isoOf(c);
    const inside = windows.map((w) => inForce(w, instant));
    const key = inside.map((b) => (b ? '1' : '0')).join('');
    if (!found.has(key)) found.set(key, { inside, instant });
  }
  return [...found.values()];
}
