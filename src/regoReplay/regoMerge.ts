/**
 * `merge` of a Rego replay's shards (docs/rego.md "The command"): the partial reports of
 * `replay --shard K/N` combined into the report one run over the whole sample gives, byte for
 * byte. Counts are sums; each shard kept the most recent changes of every direction and every group
 * with its examples' times (`result.partial`), so the most recent of their union are the run's.
 * Pure.
 */
import { TopChanges } from '../replay/report/changeOrder.js';
import { mergedFidelity, mergedMalformed, MergeError, shardsOfOneRun } from '../replay/report/merge.js';
import { cappedPointers, compareRowRecency, revisionRows } from './regoAggregator.js';
import { mergedGroups } from './regoGroups.js';
import { TimeSpan } from '../replay/report/timeSpan.js';
import {
  REGO_DIRECTIONS,
  REGO_LOST_DIRECTIONS,
  compareEditRows,
  type RegoByEditRow,
  type RegoChangeRow,
  type RegoReport,
  type RegoResult,
  type RegoRevisionRow,
} from './regoReport.js';

type Counted = Record<string, number>;

function sum(into: Counted, from: Counted): Counted {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
  return into;
}

export function mergeRegoReports(
  partials: readonly RegoReport[],
  options: { maxGroups?: number } = {},
): RegoReport {
  const { meta, errors, results } = shardsOfOneRun(partials, options);
  if (results === null) return { meta, errors, result: null };
  if (results.some((r) => r.partial === undefined))
    throw new MergeError(
      'a report carries no shard changes and groups (made by another version, or not with --shard)',
    );
  if (results.some((r) => JSON.stringify(r.edits) !== JSON.stringify(results[0]!.edits)))
    throw new MergeError('the reports replay different changes (their edits differ)');
  return { meta, errors, result: mergedResult(results, meta.max_changes, meta.max_groups) };
}

function mergedResult(results: readonly RegoResult[], maxChanges: number, maxGroups: number): RegoResult {
  const first = results[0]!;
  const total = <K extends keyof RegoResult>(key: K): number =>
    results.reduce((s, r) => s + (r[key] as number), 0);
  const byReason = results.reduce<Counted>((acc, r) => sum(acc, r.unevaluable_by_reason), {});
  const reasons = Object.keys(byReason).sort();
  const groups = mergedGroups(
    results.map((r) => r.partial!.groups),
    REGO_DIRECTIONS,
  );
  const lost = mergedGroups(
    results.map((r) => r.partial!.lost_groups),
    REGO_LOST_DIRECTIONS,
  );
  const nullable = <T extends object>(pick: (r: RegoResult) => T | null): T | null =>
    pick(first) === null
      ? null
      : (results.reduce<Counted>((acc, r) => sum(acc, pick(r) as Counted), {}) as T);
  const result: RegoResult = {
    evaluated: total('evaluated'),
    allowed: total('allowed'),
    denied: total('denied'),
    unevaluable: total('unevaluable'),
    unevaluable_reasons: reasons,
    unevaluable_by_reason: Object.fromEntries(reasons.map((r) => [r, byReason[r]!])),
    changes: mergedChanges(results, maxChanges),
    changes_total: total('changes_total'),
    ...(Object.fromEntries(REGO_DIRECTIONS.map((d) => [d, total(d)])) as Record<
      (typeof REGO_DIRECTIONS)[number],
      number
    >),
    from_unknown: total('from_unknown'),
    edits: first.edits,
    change_groups: groups.slice(0, maxGroups),
    change_groups_total: groups.length,
    by_edit: first.by_edit === null ? null : mergedEditRows(results),
    newly_unevaluable:
      first.newly_unevaluable === null
        ? null
        : {
            from_allow: results.reduce((n, r) => n + r.newly_unevaluable!.from_allow, 0),
            from_deny: results.reduce((n, r) => n + r.newly_unevaluable!.from_deny, 0),
            groups: lost.slice(0, maxGroups),
            groups_total: lost.length,
          },
    base_counts: nullable((r) => r.base_counts),
    sample_window: spanOf(results.flatMap((r) => [r.sample_window.first_at, r.sample_window.last_at])),
    malformed: mergedMalformed(results),
    recorded_mismatch: total('recorded_mismatch'),
    without_recorded_result: first.without_recorded_result === null ? null : total('without_recorded_result'),
    policy_revisions: first.policy_revisions === null ? null : mergedRevisions(results),
    evaluation: {
      partial: nullable((r) => r.evaluation.partial)!,
      partial_unevaluable: nullable((r) => r.evaluation.partial_unevaluable)!,
      whole_input: first.evaluation.whole_input,
      nd_builtin_not_recorded: sortedKeys(
        results.reduce<Counted>((acc, r) => sum(acc, r.evaluation.nd_builtin_not_recorded), {}),
      ),
      input_not_recorded: cappedPointers(
        sortedKeys(results.reduce<Counted>((acc, r) => sum(acc, r.evaluation.input_not_recorded), {})),
      ),
    },
  };
  const fidelity = mergedFidelity(results);
  if (fidelity !== undefined) result.fidelity = fidelity;
  return result;
}

/** The earliest and latest of some instants, as one run's TimeSpan keeps them. */
function spanOf(instants: readonly (string | null)[]): { first_at: string | null; last_at: string | null } {
  const span = new TimeSpan();
  for (const at of instants) span.add(at);
  return span.toJSON();
}

const sortedKeys = (counts: Counted): Counted =>
  Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** Per direction the most recent changes (the shards' kept ones hold them), in danger order, cut to the cap. */
function mergedChanges(results: readonly RegoResult[], maxChanges: number): RegoChangeRow[] {
  const all = results.flatMap((r) => r.partial!.changes);
  return REGO_DIRECTIONS.flatMap((d) => {
    const kept = new TopChanges(maxChanges, compareRowRecency);
    for (const row of all) if (row.change === d) kept.offer(row);
    return kept.items;
  }).slice(0, maxChanges);
}

function mergedEditRows(results: readonly RegoResult[]): RegoByEditRow[] {
  const rows = new Map<string, RegoByEditRow>();
  for (const r of results)
    for (const row of r.by_edit ?? []) {
      const key = JSON.stringify([row.edits, row.joint]);
      const known = rows.get(key) ?? { ...row, ...Object.fromEntries(REGO_DIRECTIONS.map((d) => [d, 0])) };
      for (const d of REGO_DIRECTIONS) known[d] += row[d];
      rows.set(key, known);
    }
  return [...rows.values()].sort(compareEditRows);
}

function mergedRevisions(results: readonly RegoResult[]): RegoRevisionRow[] {
  const byRevision = new Map<string | null, { records: number; drift: number }>();
  for (const r of results)
    for (const row of r.policy_revisions ?? []) {
      const known = byRevision.get(row.revision) ?? { records: 0, drift: 0 };
      known.records += row.records;
      known.drift += row.drift;
      byRevision.set(row.revision, known);
    }
  return revisionRows(byRevision);
}
