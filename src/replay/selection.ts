import { readSampleItems, type SamplePlan } from '../traffic/sample.js';
import { compareRecency } from './report/changeOrder.js';
import { instantOf } from './evaluate/instant.js';
import { Heap } from './heap.js';

/**
 * `--since` / `--limit` (docs/traffic.md "Filtering"). `since` keeps records with occurred_at ≥ since;
 * `limit` keeps the N most recent of what is left, ties by request_id, untimed records ranking
 * after every timed one. Choosing the N most recent needs a first streaming pass that keeps only
 * N ids in a heap.
 */
export interface RecordFilter {
  /** Whether the record is replayed; counts records dropped for having no time under --since. */
  accepts(requestId: string, occurredAt: string | undefined): boolean;
  /** The same choice without counting anything: for a record another shard replays. */
  selects(requestId: string, occurredAt: string | undefined): boolean;
  excludedWithoutTime: number;
}

export async function buildRecordFilter(
  plan: SamplePlan,
  since: string | null,
  limit: number | null,
): Promise<RecordFilter> {
  const sinceNs = since === null ? null : instantOf(since);
  const passesSince = (occurredAt: string | undefined): boolean => {
    if (sinceNs === null) return true;
    if (occurredAt === undefined) return false;
    const t = instantOf(occurredAt);
    return t !== null && t >= sinceNs;
  };
  let chosen: Set<string> | null = null;
  if (limit !== null) {
    type Key = { id: string; time: string | null };
    // The root is the least recent kept record, the first to give way to a more recent one.
    const heap = new Heap<Key>((a, b) => compareRecency(a.time, a.id, b.time, b.id) > 0);
    for await (const batch of readSampleItems(plan)) {
      for (const item of batch) {
        if (item.kind !== 'record' || !passesSince(item.record.occurred_at)) continue;
        const key = { id: item.record.request_id, time: item.record.occurred_at ?? null };
        if (heap.size < limit) heap.push(key);
        else if (limit > 0 && compareRecency(key.time, key.id, heap.peek()!.time, heap.peek()!.id) < 0) {
          heap.pop();
          heap.push(key);
        }
      }
    }
    chosen = new Set(heap.toArray().map((k) => k.id));
  }
  const filter: RecordFilter = {
    excludedWithoutTime: 0,
    accepts(requestId, occurredAt) {
      if (sinceNs !== null && occurredAt === undefined) {
        filter.excludedWithoutTime++;
        return false;
      }
      return filter.selects(requestId, occurredAt);
    },
    selects(requestId, occurredAt) {
      if (!passesSince(occurredAt)) return false;
      return chosen === null || chosen.has(requestId);
    },
  };
  return filter;
}
