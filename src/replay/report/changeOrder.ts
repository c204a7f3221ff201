import type { Change } from './report.js';
import { instantOf } from '../evaluate/instant.js';

/**
 * docs/report.md's order, most dangerous first: deny→allow, unknown→allow, allow→deny, unknown→deny;
 * within a group most recent occurred_at first (as instants, not strings), untimed last, then
 * request_id.
 */
export function changeGroup(change: Pick<Change, 'current_decision' | 'draft_decision'>): number {
  if (change.draft_decision === 'allow') return change.current_decision === 'deny' ? 0 : 1;
  return change.current_decision === 'allow' ? 2 : 3;
}

export function compareChanges(a: Change, b: Change): number {
  const group = changeGroup(a) - changeGroup(b);
  if (group !== 0) return group;
  return compareRecency(a.occurred_at, a.request_id, b.occurred_at, b.request_id);
}

/**
 * Drift's order (docs/drift.md "Order"): recorded allow, now denied first — an exposure
 * the live gateway already let through — then recorded deny, now allowed, then the unknowns.
 */
const DRIFT_RANK = [1, 2, 0, 3] as const;

export function driftGroup(change: Pick<Change, 'current_decision' | 'draft_decision'>): number {
  return DRIFT_RANK[changeGroup(change) as 0 | 1 | 2 | 3];
}

export function compareDrifts(a: Change, b: Change): number {
  const group = driftGroup(a) - driftGroup(b);
  if (group !== 0) return group;
  return compareRecency(a.occurred_at, a.request_id, b.occurred_at, b.request_id);
}

/** Most recent first, untimed last, then request_id (code-unit order). */
export function compareRecency(aTime: string | null, aId: string, bTime: string | null, bId: string): number {
  const ta = instantOf(aTime);
  const tb = instantOf(bTime);
  if (ta !== null && tb !== null && ta !== tb) return ta > tb ? -1 : 1;
  if (ta === null && tb !== null) return 1;
  if (ta !== null && tb === null) return -1;
  return aId < bId ? -1 : aId > bId ? 1 : 0;
}

/**
 * Keeps the first `capacity` changes in order while counting every one offered, in memory
 * bounded by the cap (a sorted array; caps are small, and an insert is a binary search).
 */
export class TopChanges<T = Change> {
  readonly items: T[] = [];
  constructor(
    readonly capacity: number,
    private readonly compare: (a: T, b: T) => number,
  ) {}

  offer(change: T): void {
    if (this.capacity === 0) return;
    const items = this.items;
    if (items.length === this.capacity && this.compare(change, items[items.length - 1]!) >= 0) return;
    let lo = 0;
    let hi = items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(items[mid]!, change) <= 0) lo = mid + 1;
      else hi = mid;
    }
    items.splice(lo, 0, change);
    if (items.length > this.capacity) items.pop();
  }
}
