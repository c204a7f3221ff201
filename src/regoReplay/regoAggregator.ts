/**
 * The in-order half of a Rego replay (docs/rego.md "The report"): consumes each event's outcome in
 * sample order and keeps what depends on order or on other events — a repeated decision id (the
 * first stays, a repeat is malformed), the buckets, the capped change list, the groups, `by_edit`,
 * the base's counts, the window and the evaluation counts. Pure: the sides were evaluated before.
 */
import {
  classifyPair,
  lostDecision,
  NO_BASE,
  sideDecision,
  type PairClass,
  type RegoChangeKind,
  type SideEvaluation,
} from '../regoPolicy/classify.js';
import type { DecisionMapping } from '../regoPolicy/decisionMapping.js';
import type { Route } from '../regoPolicy/sideEvaluation.js';
import type { Because } from '../regoPolicy/regoBecause.js';
import { RequestIdTable } from '../traffic/requestIdTable.js';
import { compareRevision } from '../replay/drift.js';
import { compareRecency, TopChanges } from '../replay/report/changeOrder.js';
import { keepFirstExamples, type MalformedExample } from '../replay/report/report.js';
import { ChangeSetDigest } from '../replay/report/changeSetDigest.js';
import {
  REGO_LOST_DIRECTIONS,
  directionOrder,
  type DirectionCounts,
  compareEditRows,
  type RegoByEditRow,
  type RegoChangeRow,
  type RegoDecision,
  type RegoEditEntry,
  type RegoLostDirection,
  type RegoRevisionRow,
  type RegoResult,
} from './regoReport.js';
import { GroupTallies } from './regoGroups.js';
import { TimeSpan } from '../replay/report/timeSpan.js';

/** Differences kept per change row (docs/rego.md "Classification"). */
export const MAX_DIFFERENCES = 3;

export interface EvaluatedSide {
  evaluation: SideEvaluation;
  route: Route;
}

/** One event of the sample, evaluated. */
export interface RegoEventOutcome {
  kind: 'event';
  /** Where it is (traffic/sample.ts positions) and how the report names that place. */
  position: number;
  where: MalformedExample;
  requestId: string;
  occurredAt: string | null;
  /** Compare: the base's evaluation (null: no base). Drift: the recorded result (null: hidden). */
  base: EvaluatedSide | null;
  head: EvaluatedSide;
  /** The logged result (null: erased, masked or undefined as logged), for `recorded_mismatch`. */
  recorded: SideEvaluation | null;
  /** The base (drift: the recorded result) against the head, classified once where it was evaluated. */
  pair: PairClass | null;
  /** The causes of a change, when the change has edits to revert. */
  because: Because | null;
  /** The event's replay-runtime manifest id, when the run reads one. */
  manifestId?: string | null;
  /** Drift: the policy revision the service decided with (null: none recorded). */
  revision?: string | null;
}

export interface RegoMalformedOutcome {
  kind: 'malformed';
  position: number;
  where: MalformedExample;
}

export type RegoOutcome = RegoEventOutcome | RegoMalformedOutcome;

export interface RegoAggregatorOptions {
  mode: 'compare' | 'drift';
  mapping: DecisionMapping;
  hasBase: boolean;
  edits: readonly RegoEditEntry[] | null;
  maxChanges: number;
  maxGroups: number;
  wholeInput: { base: boolean; head: boolean };
  /** The manifests given (their ids): replayed events are counted by the one they carry, else under null. */
  manifests?: ReadonlySet<string> | null;
  /** A shard's partial report (`--shard`): every kept change and every group, with its examples' times, for merge. */
  partial?: boolean;
  /** The malformed reason of an event whose decision id an earlier one had (at position `first`). */
  duplicateReason: (id: string, first: number) => string;
}

/** A change's causes as the report names them, and the key they group by. */
interface Causes {
  because: RegoEditEntry[];
  joint: boolean;
  key: string;
}

const NO_CAUSES: Causes = { because: [], joint: false, key: JSON.stringify([[], false]) };

const emptyCounts = (): DirectionCounts => ({
  newly_allowed: 0,
  unknown_to_allow: 0,
  undefined_to_defined: 0,
  newly_denied: 0,
  unknown_to_deny: 0,
  defined_to_undefined: 0,
  error: 0,
  result_changed: 0,
});

/** A bucket's decision: an unevaluable side is `unknown`, whatever the mapping. */
function decisionOf(mapping: DecisionMapping, side: SideEvaluation): RegoDecision {
  return sideDecision(mapping, side);
}

/** The head's bucket reason: why a request is neither allowed nor denied. */
function unevaluableReason(side: SideEvaluation, decision: RegoDecision): string | null {
  if (side.kind === 'unevaluable') return side.reason.replace(/:.*$/, '');
  if (decision === 'error') return 'evaluation_error';
  if (decision === 'none') return 'no_decision';
  return null;
}

export class RegoAggregator {
  private readonly counts = { evaluated: 0, allowed: 0, denied: 0, unevaluable: 0 };
  private readonly byReason = new Map<string, number>();
  private readonly directions = emptyCounts();
  private changesTotal = 0;
  /**
   * Changes kept: the `maxChanges` most recent of each direction (as for rule documents: timeless
   * ones last, then by id), cut to `maxChanges` in danger order at the end.
   */
  private readonly kept = new Map<RegoChangeKind, TopChanges<RegoChangeRow>>();
  private readonly groups: GroupTallies<RegoChangeKind>;
  private readonly lostGroups = new GroupTallies<RegoLostDirection>(REGO_LOST_DIRECTIONS);
  private readonly byEdit = new Map<string, RegoByEditRow>();
  private readonly baseCounts = { allowed: 0, denied: 0, unevaluable: 0 };
  private readonly lost = { from_allow: 0, from_deny: 0 };
  /** The instants as logged, ordered by their value (of equal instants, the smaller text). */
  private readonly window = new TimeSpan();
  private readonly malformed = { count: 0, examples: [] as MalformedExample[] };
  private readonly ids = new RequestIdTable();
  private readonly causes = new WeakMap<Because, Causes>();
  private recordedMismatch = 0;
  /** Drift: by policy revision (null: none recorded), the events replayed and the drifts among them. */
  private readonly revisions = new Map<string | null, { records: number; drift: number }>();
  /** Every change, committed to for the impact digest an acceptance binds to (docs/review.md). */
  readonly changeSet = new ChangeSetDigest();
  /** Replayed events by the manifest id they carry (null: none of the manifests given). */
  readonly manifestCounts = new Map<string | null, number>();
  private withoutRecorded = 0;
  private readonly evaluation = {
    partial: { base: 0, head: 0 },
    partial_unevaluable: { base: 0, head: 0 },
    nd: new Map<string, number>(),
    unread: new Map<string, number>(),
  };

  constructor(private readonly options: RegoAggregatorOptions) {
    this.groups = new GroupTallies(directionOrder(options.mode));
  }

  add(outcome: RegoOutcome): void {
    if (outcome.kind === 'malformed') return this.addMalformed(outcome.where);
    const first = this.ids.claim(outcome.requestId, outcome.position);
    if (first !== undefined)
      return this.addMalformed({
        ...outcome.where,
        reason: this.options.duplicateReason(outcome.requestId, first),
      });
    this.addEvent(outcome);
  }

  private addMalformed(where: MalformedExample): void {
    this.malformed.count++;
    keepFirstExamples(this.malformed.examples, where);
  }

  private addEvent(o: RegoEventOutcome): void {
    const { mapping, mode } = this.options;
    this.counts.evaluated++;
    this.window.add(o.occurredAt);
    if (this.options.manifests) {
      const id = o.manifestId != null && this.options.manifests.has(o.manifestId) ? o.manifestId : null;
      this.manifestCounts.set(id, (this.manifestCounts.get(id) ?? 0) + 1);
    }
    this.noteRoute('head', o.head);
    const head = decisionOf(mapping, o.head.evaluation);
    const reason = unevaluableReason(o.head.evaluation, head);
    if (head === 'allow') this.counts.allowed++;
    else if (head === 'deny') this.counts.denied++;
    else {
      this.counts.unevaluable++;
      this.byReason.set(reason!, (this.byReason.get(reason!) ?? 0) + 1);
    }
    // As for rule documents: the base in Git against what the service logged (a head, being new,
    // is expected to differ from it).
    if (
      mode === 'compare' &&
      o.recorded !== null &&
      o.base !== null &&
      o.base.evaluation.kind !== 'unevaluable'
    ) {
      const pair = classifyPair(mapping, o.recorded, o.base.evaluation);
      if (pair.kind === 'changed') this.recordedMismatch++;
    }
    if (mode === 'drift' && o.base === null) {
      this.withoutRecorded++;
      return;
    }
    // Compare without a base (a new policy): every request the head decides is a change from unknown.
    if (mode === 'compare' && o.base !== null) this.noteBase(o.base);
    const pair = o.pair ?? classifyPair(mapping, o.base?.evaluation ?? NO_BASE, o.head.evaluation);
    if (mode === 'drift' && o.head.evaluation.kind !== 'unevaluable') {
      const revision = this.revisions.get(o.revision ?? null) ?? { records: 0, drift: 0 };
      revision.records++;
      if (pair.kind === 'changed') revision.drift++;
      this.revisions.set(o.revision ?? null, revision);
    }
    if (mode === 'compare' && o.base !== null && pair.kind === 'unevaluable') this.addLost(o);
    if (pair.kind !== 'changed') return;
    this.addChange(o, pair.change, pair.differences, head);
  }

  /** A request the base decides and the head cannot: grouped as a change is, with its causes. */
  private addLost(o: RegoEventOutcome): void {
    const before = lostDecision(this.options.mapping, o.base!.evaluation, o.head.evaluation);
    if (before === null) return;
    this.lost[before === 'allow' ? 'from_allow' : 'from_deny']++;
    // What the head can no longer judge is part of what the change does (the impact digest).
    this.changeSet.add(o.requestId, before, 'unevaluable');
    const { because, joint, key } = this.causesOf(o);
    const direction = before === 'allow' ? 'allow_to_unknown' : 'deny_to_unknown';
    this.lostGroups.add(
      { direction, because, joint },
      [{ id: o.requestId, at: o.occurredAt }],
      1,
      undefined,
      key,
    );
  }

  /**
   * An outcome's causes as the report names edits, with their key. Memoised by the cause set: a
   * syntactic one is shared by every change and can name hundreds of edits (a new bundle's rules).
   */
  private causesOf(o: RegoEventOutcome): Causes {
    const { edits } = this.options;
    if (o.because === null || edits === null) return NO_CAUSES;
    let causes = this.causes.get(o.because);
    if (causes === undefined) {
      const because = o.because.edits.map((i) => edits[i]!);
      causes = { because, joint: o.because.joint, key: JSON.stringify([because, o.because.joint]) };
      this.causes.set(o.because, causes);
    }
    return causes;
  }

  private noteBase(base: EvaluatedSide): void {
    this.noteRoute('base', base);
    const d = decisionOf(this.options.mapping, base.evaluation);
    if (d === 'allow') this.baseCounts.allowed++;
    else if (d === 'deny') this.baseCounts.denied++;
    else this.baseCounts.unevaluable++;
  }

  private noteRoute(side: 'base' | 'head', evaluated: EvaluatedSide): void {
    const e = evaluated.evaluation;
    if (evaluated.route === 'partial') {
      this.evaluation.partial[side]++;
      if (e.kind === 'unevaluable' && e.reason === 'input_not_recorded')
        this.evaluation.partial_unevaluable[side]++;
    }
    if (e.kind === 'unevaluable' && e.reason === 'input_not_recorded')
      for (const p of e.pointers ?? []) countPointer(this.evaluation.unread, p);
    if (e.kind === 'unevaluable' && e.reason.startsWith('nd_builtin_not_recorded')) {
      const name = e.reason.replace(/^nd_builtin_not_recorded:\s*/, '');
      this.evaluation.nd.set(name, (this.evaluation.nd.get(name) ?? 0) + 1);
    }
  }

  private addChange(
    o: RegoEventOutcome,
    change: RegoChangeKind,
    differences: RegoChangeRow['differences'],
    head: RegoDecision,
  ): void {
    const { mapping, edits, maxChanges } = this.options;
    this.changesTotal++;
    this.directions[change]++;
    const { because, joint, key } = this.causesOf(o);
    const kept = this.kept.get(change) ?? new TopChanges(maxChanges, compareRowRecency);
    this.kept.set(change, kept);
    const row: RegoChangeRow = {
      request_id: o.requestId,
      occurred_at: o.occurredAt,
      change,
      current_decision: decisionOf(mapping, o.base?.evaluation ?? NO_BASE),
      draft_decision: head,
      differences: differences.slice(0, MAX_DIFFERENCES),
      errors: { base: o.base === null ? null : errorOf(o.base.evaluation), head: errorOf(o.head.evaluation) },
      because,
      joint,
    };
    kept.offer(row);
    this.changeSet.add(o.requestId, row.current_decision, `${row.draft_decision} ${change}`);
    this.groups.add(
      { direction: change, because, joint },
      [{ id: o.requestId, at: o.occurredAt }],
      1,
      undefined,
      key,
    );
    if (edits !== null) this.addToEditRow(change, because, joint, key);
  }

  private addToEditRow(change: RegoChangeKind, because: RegoEditEntry[], joint: boolean, key: string): void {
    let row = this.byEdit.get(key);
    if (row === undefined) {
      row = { edits: because, joint, ...emptyCounts() };
      this.byEdit.set(key, row);
    }
    row[change]++;
  }

  finish(): RegoResult {
    const { mode, edits, maxChanges, maxGroups, hasBase, wholeInput } = this.options;
    const changes = this.keptChanges().slice(0, maxChanges);
    const groups = this.groups.partials();
    const lost = this.lostGroups.partials();
    const compare = mode === 'compare';
    const reasons = [...this.byReason.keys()].sort();
    return {
      ...this.counts,
      unevaluable_reasons: reasons,
      unevaluable_by_reason: Object.fromEntries(reasons.map((r) => [r, this.byReason.get(r)!])),
      changes,
      changes_total: this.changesTotal,
      ...this.directions,
      from_unknown: this.directions.unknown_to_allow + this.directions.unknown_to_deny,
      edits: compare && edits !== null ? [...edits] : null,
      change_groups: groups.slice(0, maxGroups).map((p) => p.group),
      change_groups_total: groups.length,
      by_edit: compare && edits !== null ? this.editRows() : null,
      newly_unevaluable: compare
        ? {
            ...this.lost,
            groups: lost.slice(0, maxGroups).map((p) => p.group),
            groups_total: lost.length,
          }
        : null,
      base_counts: compare && hasBase ? { ...this.baseCounts } : null,
      sample_window: this.window.toJSON(),
      malformed: { count: this.malformed.count, examples: [...this.malformed.examples] },
      recorded_mismatch: this.recordedMismatch,
      without_recorded_result: mode === 'drift' ? this.withoutRecorded : null,
      policy_revisions: mode === 'drift' ? revisionRows(this.revisions) : null,
      ...(this.options.partial === true
        ? { partial: { changes: this.keptChanges(), groups, lost_groups: lost } }
        : {}),
      evaluation: {
        partial: { ...this.evaluation.partial },
        partial_unevaluable: { ...this.evaluation.partial_unevaluable },
        whole_input: { ...wholeInput },
        nd_builtin_not_recorded: Object.fromEntries(
          [...this.evaluation.nd.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        ),
        input_not_recorded: cappedPointers(
          Object.fromEntries(
            [...this.evaluation.unread.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
          ),
        ),
      },
    };
  }

  /** Every direction's kept changes, in danger order (drift's own order in drift). */
  private keptChanges(): RegoChangeRow[] {
    return directionOrder(this.options.mode).flatMap((d) => this.kept.get(d)?.items ?? []);
  }

  /** Rows by cause set (`compareEditRows`). */
  private editRows(): RegoByEditRow[] {
    return [...this.byEdit.values()].sort(compareEditRows);
  }
}

/** The drift by policy revision, most drifts first, then by revision (none last). */
export function revisionRows(
  revisions: ReadonlyMap<string | null, { records: number; drift: number }>,
): RegoRevisionRow[] {
  return [...revisions.entries()]
    .map(([revision, c]) => ({ revision, records: c.records, drift: c.drift }))
    .sort((a, b) => b.drift - a.drift || compareRevision(a.revision, b.revision));
}

function errorOf(side: SideEvaluation): string | null {
  return side.kind === 'error' ? side.message : null;
}

/** As for rule documents: the most recent first, timeless ones last, then by id. */
export const compareRowRecency = (a: RegoChangeRow, b: RegoChangeRow): number =>
  compareRecency(a.occurred_at, a.request_id, b.occurred_at, b.request_id);

/** Pointers past the first 100 (by text) are counted together: a log's pointers are not bounded. */
export const OTHER_POINTERS = '(other pointers)';
const MAX_POINTERS = 100;

/** Counts a pointer, keeping the first MAX_POINTERS by text and the rest under OTHER_POINTERS. */
function countPointer(counts: Map<string, number>, pointer: string): void {
  const known = counts.get(pointer);
  if (known !== undefined) return void counts.set(pointer, known + 1);
  const kept = [...counts.keys()].filter((p) => p !== OTHER_POINTERS);
  const other = () => counts.set(OTHER_POINTERS, (counts.get(OTHER_POINTERS) ?? 0) + 1);
  if (kept.length < MAX_POINTERS) return void counts.set(pointer, 1);
  const last = kept.reduce((a, b) => (a > b ? a : b));
  if (pointer > last) return void other();
  counts.set(OTHER_POINTERS, (counts.get(OTHER_POINTERS) ?? 0) + counts.get(last)!);
  counts.delete(last);
  counts.set(pointer, 1);
}

export function cappedPointers(counts: Record<string, number>): Record<string, number> {
  const entries = Object.entries(counts).filter(([p]) => p !== OTHER_POINTERS);
  const other = (counts[OTHER_POINTERS] ?? 0) + entries.slice(MAX_POINTERS).reduce((n, [, c]) => n + c, 0);
  return Object.fromEntries([
    ...entries.slice(0, MAX_POINTERS),
    ...(other > 0 ? [[OTHER_POINTERS, other]] : []),
  ]);
}
