/**
 * The groups of a Rego replay (docs/rego.md "The report", as docs/explain.md groups changes): one
 * per direction and cause set, counted, with the first and last time and the three most recent
 * examples in the change order; ordered by direction, count, then the causes' text. The same tally
 * serves the changes, the requests the head can no longer judge, and a shard's merge. Pure.
 */
import { compareRecency, TopChanges } from '../replay/report/changeOrder.js';
import { TimeSpan } from '../replay/report/timeSpan.js';
import type { RegoGroup } from './regoReport.js';

/** Examples kept per group. */
export const MAX_GROUP_EXAMPLES = 3;

/** A group's example: its id, and its time for the change order examples follow. */
interface GroupExample {
  id: string;
  at: string | null;
}

/** A group with its examples' times, one per example: what a shard's partial report carries. */
export interface GroupPartial<D extends string> {
  group: RegoGroup<D>;
  examples_at: (string | null)[];
}

/** As the changes are: the most recent first, timeless ones last, then by id. */
const compareExamples = (a: GroupExample, b: GroupExample): number => compareRecency(a.at, a.id, b.at, b.id);

/** As for rule documents: direction in the given order, then most requests, then the key (the causes' text). */
function compareGroups<D extends string>(a: RegoGroup<D>, b: RegoGroup<D>, order: readonly D[]): number {
  const [x, y] = [JSON.stringify([a.because, a.joint]), JSON.stringify([b.because, b.joint])];
  return (
    order.indexOf(a.direction) - order.indexOf(b.direction) ||
    b.count - a.count ||
    (x < y ? -1 : x > y ? 1 : 0)
  );
}

interface Tally<D extends string> {
  group: Pick<RegoGroup<D>, 'direction' | 'because' | 'joint' | 'count'>;
  /** Of equal instants the smaller text: any order of adding (a shard merge's too) gives one span. */
  span: TimeSpan;
  examples: TopChanges<GroupExample>;
}

export class GroupTallies<D extends string> {
  private readonly tallies = new Map<string, Tally<D>>();

  constructor(private readonly order: readonly D[]) {}

  /** One request of a group (a shard's group at once, with `count` requests and its examples). */
  add(
    group: Pick<RegoGroup<D>, 'direction' | 'because' | 'joint'>,
    examples: readonly GroupExample[],
    count = 1,
    span: { first_at: string | null; last_at: string | null } = {
      first_at: examples[0]?.at ?? null,
      last_at: examples[0]?.at ?? null,
    },
    /** The cause set's key (`JSON.stringify([because, joint])`), when the caller has it already. */
    causes: string = JSON.stringify([group.because, group.joint]),
  ): void {
    const key = `${group.direction}\u0000${causes}`;
    let tally = this.tallies.get(key);
    if (tally === undefined) {
      tally = {
        group: { direction: group.direction, because: group.because, joint: group.joint, count: 0 },
        span: new TimeSpan(),
        examples: new TopChanges(MAX_GROUP_EXAMPLES, compareExamples),
      };
      this.tallies.set(key, tally);
    }
    tally.group.count += count;
    tally.span.add(span.first_at);
    if (span.last_at !== span.first_at) tally.span.add(span.last_at);
    for (const e of examples) tally.examples.offer(e);
  }

  /** Every group, in order, with its examples' times. */
  partials(): GroupPartial<D>[] {
    return [...this.tallies.values()]
      .map((t) => ({
        group: { ...t.group, ...t.span.toJSON(), examples: t.examples.items.map((e) => e.id) },
        examples_at: t.examples.items.map((e) => e.at),
      }))
      .sort((a, b) => compareGroups(a.group, b.group, this.order));
  }

  /** Every group, in order. */
  groups(): RegoGroup<D>[] {
    return this.partials().map((p) => p.group);
  }
}

/** Shards' groups merged: the one run's groups (counts summed, the most recent examples of all). */
export function mergedGroups<D extends string>(
  shards: readonly (readonly GroupPartial<D>[])[],
  order: readonly D[],
): RegoGroup<D>[] {
  const tallies = new GroupTallies(order);
  for (const shard of shards)
    for (const { group, examples_at } of shard)
      tallies.add(
        group,
        group.examples.map((id, i) => ({ id, at: examples_at[i] ?? null })),
        group.count,
        group,
      );
  return tallies.groups();
}
