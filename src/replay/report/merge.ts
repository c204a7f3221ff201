import { compareChanges } from './changeOrder.js';
import { mergeChangeGroups } from './changeGroups.js';
import {
  compareExamples,
  MAX_MALFORMED_EXAMPLES,
  type NewlyUnevaluable,
  type ReplayReport,
  type ReplayResult,
  type ReportMeta,
} from './report.js';
import { byEditRows } from './byEdit.js';
import { TimeSpan } from './timeSpan.js';
import { boundedList } from '../../text/listing.js';
import { MergeError } from './mergeError.js';
import { mergeCoverage } from './coverageMerge.js';

export { MergeError };

type Counted = Record<string, number>;

function sumInto(target: Counted, source: Counted): void {
  for (const [key, value] of Object.entries(source)) target[key] = (target[key] ?? 0) + value;
}

/**
 * Combines the partial reports of `replay --shard K/N` (K = 1..N, each once) into the report one
 * run over the whole sample produces, byte for byte: every count is a sum, every shard kept its
 * own first max_changes changes in the global order, so the first max_changes of their union are
 * the global ones, and the same holds for the first malformed examples by line. Change groups
 * come uncapped with every subject's count (docs/explain.md), so they merge exactly too.
 * `maxGroups` re-caps the groups (default: the partials' meta.max_groups).
 */
export function mergeReports(
  partials: readonly ReplayReport[],
  options: { maxGroups?: number } = {},
): ReplayReport {
  const { meta, errors, results } = shardsOfOneRun(partials, options);
  if (results === null) return { meta, errors, result: null };
  checkShardGroups(results);
  const result = mergedResult(results, meta);
  const fidelity = mergedFidelity(results);
  if (fidelity !== undefined) result.fidelity = fidelity;
  const coverage = mergeCoverage(
    results.map((r) => r.coverage),
    meta.max_groups,
  );
  if (coverage !== undefined) result.coverage = coverage;
  return { meta, errors, result };
}

/** Every shard of one `--shard` count, each once. */
export function checkShards(partials: readonly { meta: ReportMeta }[]): void {
  if (partials.length === 0) throw new MergeError('nothing to merge');
  const count = partials[0]!.meta.shard?.count;
  if (count === undefined) throw new MergeError('the first report is not a shard (no meta.shard)');
  const seen = new Set<number>();
  for (const p of partials) {
    if (!p.meta.shard || p.meta.shard.count !== count)
      throw new MergeError('the reports come from different --shard counts');
    if (seen.has(p.meta.shard.index))
      throw new MergeError(`shard ${p.meta.shard.index}/${count} appears twice`);
    seen.add(p.meta.shard.index);
  }
  if (seen.size !== count) {
    const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
    throw new MergeError(`missing shard(s) ${boundedList(missing.map((i) => `${i}/${count}`))}`);
  }
}

/**
 * Each shard counts its own excluded records and skipped lines; everything else (the sample's
 * files and their element counts included) is the whole sample's and must agree.
 */
export function checkSameRun(partials: readonly { meta: ReportMeta }[]): void {
  const strip = (r: { meta: ReportMeta }) => {
    const { shard: _shard, excluded_without_time: _excluded, skipped: _skipped, ...rest } = r.meta;
    return JSON.stringify(rest);
  };
  const reference = strip(partials[0]!);
  if (partials.some((p) => strip(p) !== reference)) {
    const modes = [...new Set(partials.map((p) => p.meta.unevaluable_mode))];
    if (modes.length > 1)
      throw new MergeError(
        `the reports judge unevaluable differently (--unevaluable ${modes.join(' and ')})`,
      );
    throw new MergeError('the reports replay different policies, traffic or options (meta differs)');
  }
}

/** The first shard's meta without `shard`, with the per-shard counts summed. */
export function mergedMeta<M extends ReportMeta>(
  partials: readonly { meta: M }[],
  options: { maxGroups?: number },
): M {
  const { shard: _shard, ...firstMeta } = partials[0]!.meta;
  return {
    ...(firstMeta as M),
    skipped: {
      non_decision: partials.reduce((s, p) => s + p.meta.skipped.non_decision, 0),
      other_path: partials.reduce((s, p) => s + p.meta.skipped.other_path, 0),
    },
    max_groups: options.maxGroups ?? firstMeta.max_groups,
    excluded_without_time: partials.reduce((s, p) => s + p.meta.excluded_without_time, 0),
  };
}

function checkShardGroups(results: readonly ReplayResult[]): void {
  if (results.some((r) => !Array.isArray(r.change_groups) || r.change_groups.some((g) => !g.partial))) {
    throw new MergeError(
      'a report carries no shard change groups (made by another version, or not with --shard)',
    );
  }
}

type SummedKey =
  | 'evaluated'
  | 'allowed'
  | 'denied'
  | 'unevaluable'
  | 'unevaluable_by_reading'
  | 'changes_total'
  | 'newly_allowed'
  | 'newly_denied'
  | 'from_unknown'
  | 'recorded_mismatch';

/** The counts summed, the first changes and examples of the union, the groups merged. */
function mergedResult(results: readonly ReplayResult[], meta: ReplayReport['meta']): ReplayResult {
  const first = results[0]!;
  const groups = mergeChangeGroups(
    results.map((r) => r.change_groups),
    meta.max_groups,
  );
  const lost = first.newly_unevaluable === null ? null : mergedLost(results, meta.max_groups);
  const window = new TimeSpan();
  for (const r of results) {
    window.add(r.sample_window.first_at);
    window.add(r.sample_window.last_at);
  }
  const byReason: Counted = {};
  const ruleHits: Counted = Object.fromEntries(Object.keys(first.rule_hits).map((k) => [k, 0]));
  for (const r of results) {
    sumInto(byReason, r.unevaluable_by_reason as Counted);
    sumInto(ruleHits, r.rule_hits);
  }
  const reasons = Object.keys(byReason).sort() as ReplayResult['unevaluable_reasons'];
  const sum = (key: SummedKey) => results.reduce((s, r) => s + r[key], 0);
  return {
    evaluated: sum('evaluated'),
    allowed: sum('allowed'),
    denied: sum('denied'),
    unevaluable: sum('unevaluable'),
    unevaluable_by_reading: sum('unevaluable_by_reading'),
    unevaluable_reasons: reasons,
    unevaluable_by_reason: Object.fromEntries(reasons.map((r) => [r, byReason[r]!])),
    base_counts: first.base_counts === null ? null : summedBaseCounts(results),
    changes: results
      .flatMap((r) => r.changes)
      .sort(compareChanges)
      .slice(0, meta.max_changes),
    changes_total: sum('changes_total'),
    newly_allowed: sum('newly_allowed'),
    newly_denied: sum('newly_denied'),
    from_unknown: sum('from_unknown'),
    newly_unevaluable: lost,
    rule_diff: first.rule_diff,
    by_edit: first.rule_diff === null ? null : byEditRows(groups.all, first.rule_diff),
    change_groups: groups.groups,
    change_groups_total: groups.total,
    rule_hits: ruleHits,
    malformed: mergedMalformed(results),
    recorded_mismatch: sum('recorded_mismatch'),
    sample_window: window.toJSON(),
  };
}

function summedBaseCounts(results: readonly ReplayResult[]): NonNullable<ReplayResult['base_counts']> {
  const out = { allowed: 0, denied: 0, unevaluable: 0 };
  for (const r of results) {
    const counts = r.base_counts;
    if (counts === null) throw new MergeError('some reports count the base and some do not');
    out.allowed += counts.allowed;
    out.denied += counts.denied;
    out.unevaluable += counts.unevaluable;
  }
  return out;
}

function mergedLost(results: readonly ReplayResult[], maxGroups: number): NewlyUnevaluable {
  const parts = results.map((r) => {
    if (r.newly_unevaluable === null)
      throw new MergeError('some reports count newly unevaluable requests and some do not');
    return r.newly_unevaluable;
  });
  const groups = mergeChangeGroups(
    parts.map((p) => p.groups),
    maxGroups,
  );
  return {
    from_allow: parts.reduce((s, p) => s + p.from_allow, 0),
    from_deny: parts.reduce((s, p) => s + p.from_deny, 0),
    groups: groups.groups,
    groups_total: groups.total,
  };
}

/** Every shard joined the same manifests, or none did: anything else would sum unlike counts. */
/** The shards' malformed elements: every count, and the first examples in sample order. */
export function mergedMalformed(
  results: readonly { malformed: ReplayResult['malformed'] }[],
): ReplayResult['malformed'] {
  return {
    count: results.reduce((s, r) => s + r.malformed.count, 0),
    examples: results
      .flatMap((r) => r.malformed.examples)
      .sort(compareExamples)
      .slice(0, MAX_MALFORMED_EXAMPLES),
  };
}

/**
 * The shards' fidelity sections as one: the manifests are every shard's, only the records counted
 * by level are each shard's own. Undefined when the run had no manifests.
 */
export function mergedFidelity(results: readonly { fidelity?: object }[]): object | undefined {
  const first = results[0]!;
  const fidelityShape = (r: { fidelity?: object }) => {
    if (!r.fidelity) return null;
    const { records_by_level: _records, ...rest } = r.fidelity as { records_by_level: unknown };
    return JSON.stringify(rest);
  };
  if (results.some((r) => fidelityShape(r) !== fidelityShape(first))) {
    throw new MergeError('the reports were made with different manifests (or some without --manifests)');
  }
  if (!first.fidelity) return undefined;
  const fidelities = results.map((r) => r.fidelity as { records_by_level: Counted });
  const records: Counted = Object.fromEntries(
    Object.keys(fidelities[0]!.records_by_level).map((k) => [k, 0]),
  );
  for (const f of fidelities) sumInto(records, f.records_by_level);
  return { ...first.fidelity, records_by_level: records };
}

/** Every shard of one run, each once, with the same meta: the merged meta and the results (null: no result). */
export function shardsOfOneRun<M extends ReportMeta, E, R>(
  partials: readonly { meta: M; errors: E; result: R | null }[],
  options: { maxGroups?: number },
): { meta: M; errors: E; results: R[] | null } {
  checkShards(partials);
  checkSameRun(partials);
  const meta = mergedMeta(partials, options);
  const errors = partials[0]!.errors;
  if (partials.some((p) => p.result === null)) return { meta, errors, results: null };
  return { meta, errors, results: partials.map((p) => p.result!) };
}
