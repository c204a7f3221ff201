import type { Policy } from '../policy/schema.js';
import {
  DecisionPathGuard,
  fileIndexOf,
  mixedSampleError,
  positionOf,
  positionText,
  sampleDuplicateReason,
  type SamplePlan,
} from '../traffic/sample.js';
import { UNEVALUABLE_REASONS, type UnevaluableReason } from '../unknowns/reasons.js';
import { RequestIdTable } from '../traffic/requestIdTable.js';
import { TopChanges, compareChanges, compareDrifts } from './report/changeOrder.js';
import type { ChangeSetDigest } from './report/changeSetDigest.js';
import type { ChangeGroupCollector } from './report/changeGroups.js';
import { directionOf, type GroupTally } from './report/changeGroups.js';
import { byEditRows } from './report/byEdit.js';
import { TimeSpan } from './report/timeSpan.js';
import { keepFirstExamples, type Change, type LostDirection, type ReplayResult } from './report/report.js';
import {
  decisionPair,
  VERDICT_ALLOW,
  VERDICT_UNEVALUABLE,
  type ElementOutcome,
  type OutcomeConfig,
  type RecordOutcome,
} from './evaluate/recordOutcome.js';
import { inShard } from './evaluate/shard.js';
import { ownString } from './workers/outcomeCodec.js';
import type { RecordFilter } from './selection.js';
import { addSignature, emptySignatures, type SampleSignatures } from '../coverage/signature.js';

/**
 * The base could not evaluate a record the head evaluated (a trap, a builtin failure, its memory
 * limit): the record is readable, so it is not malformed, and the change cannot be judged against
 * a base that has no decision for it. The replay fails, whatever `fail-on` says (docs/security.md
 * "What a pull request is judged on").
 */
export class BaseEvaluationError extends Error {
  override readonly name = 'BaseEvaluationError';
  constructor(
    readonly position: string,
    readonly failure: string,
  ) {
    super(
      `the base version could not evaluate the record on ${position}, which the head evaluated, ` +
        `so the change cannot be judged against it: ${failure}`,
    );
  }
}

/** Lines skipped by a decision-log sample (docs/decision-logs.md "What the report adds"). */
export interface SkippedCounts {
  non_decision: number;
  other_path: number;
}

/** What the aggregation of a replay's outcomes yields (replay.ts adds how it ran). */
export interface AggregateOutcome {
  result: ReplayResult;
  /**
   * manifest_id → replayed records carrying it, for the ids of `ReplayOptions.manifestIds`;
   * records without one of them are under `null` (none at all when no ids were given).
   */
  manifestIds: Map<string | null, number>;
  /** Drift mode: scoreable records without a recorded_decision. */
  withoutRecordedDecision: number;
  /** Drift mode: policy_revision (null: none recorded) → replayed records and drifts among them. */
  revisions: Map<string | null, { records: number; drift: number }>;
  skipped: SkippedCounts;
  /** Per file of the plan: the non-blank lines or array elements read from it. */
  fileCounts: number[];
  /** Every change group, uncapped, with its subjects (the Action's annotations read them). */
  groups: GroupTally[];
  /**
   * The set of every change, not only the listed ones (changeSetDigest.ts): the impact digest's;
   * null unless asked for (ReplayOptions.digestChanges).
   */
  changeSetDigest: string | null;
  /**
   * The replayed records by coverage signature, in order of first appearance (docs/coverage.md
   * "In the report"); null unless asked for (OutcomeConfig.signatures).
   */
  signatures: SampleSignatures | null;
  /**
   * The earliest occurred_at of every record the run selects (repeated ids, --since and --limit
   * applied), whichever shard replays it and whether or not it evaluates: the coverage horizon's
   * start, the same in every shard. null when signatures were not asked for, or none has a time.
   */
  horizonStart: string | null;
}

/**
 * The in-order half of the replay: consumes outcomes in file order and keeps everything that
 * depends on order or on other records — repeated ids (the first stays, a repeat is malformed),
 * --shard, --since/--limit, the counters, rule hits, the capped change list, malformed examples,
 * manifest ids and revisions.
 */
export class ReplayAggregator {
  private readonly counts = { evaluated: 0, allowed: 0, denied: 0, unevaluable: 0 };
  private unevaluableByReading = 0;
  private readonly byReason = new Array<number>(UNEVALUABLE_REASONS.length).fill(0);
  /** Per index of the primary's rules. */
  private readonly ruleCounts: number[];
  private readonly ruleIds: string[];
  private readonly top: TopChanges;
  private readonly split = { changes_total: 0, newly_allowed: 0, newly_denied: 0, from_unknown: 0 };
  /** Examples by position (`line`); finish() says where each is, as the report does. */
  private readonly malformed = { count: 0, examples: [] as { line: number; reason: string }[] };
  private readonly manifestIds = new Map<string | null, number>();
  private readonly revisions = new Map<string | null, { records: number; drift: number }>();
  /** Line of the first replayable record of each request_id. */
  private readonly firstLineOf = new RequestIdTable();
  private recordedMismatch = 0;
  private withoutRecordedDecision = 0;
  private readonly skipped: SkippedCounts = { non_decision: 0, other_path: 0 };
  private readonly fileCounts: number[];
  private readonly paths = new DecisionPathGuard();
  /** The base's verdicts of the evaluated records (docs/review.md "Base | head | Δ"). */
  private readonly baseCounts = { allowed: 0, denied: 0, unevaluable: 0 };
  private readonly lost = { from_allow: 0, from_deny: 0 };
  private readonly window = new TimeSpan();
  private readonly groups: ChangeGroupCollector;
  private readonly lostGroups: ChangeGroupCollector<LostDirection>;
  private readonly countedManifests: ReadonlySet<string> | undefined;
  private readonly changeSet: ChangeSetDigest | null;
  private readonly signatures: SampleSignatures | null;
  private readonly selected = new TimeSpan();

  constructor(
    private readonly config: OutcomeConfig,
    primary: Policy,
    private readonly filter: RecordFilter,
    maxChanges: number,
    private readonly plan: SamplePlan,
    collectors: {
      changes: ChangeGroupCollector;
      lost: ChangeGroupCollector<LostDirection>;
      /** The manifest ids whose records are counted (ReplayOptions.manifestIds). */
      manifests: ReadonlySet<string> | undefined;
      changeSet: ChangeSetDigest | null;
    },
  ) {
    this.ruleIds = primary.rules.map((r) => r.id);
    this.ruleCounts = this.ruleIds.map(() => 0);
    this.top = new TopChanges(maxChanges, config.mode === 'drift' ? compareDrifts : compareChanges);
    this.fileCounts = plan.files.map(() => 0);
    this.groups = collectors.changes;
    this.lostGroups = collectors.lost;
    this.countedManifests = collectors.manifests;
    this.changeSet = collectors.changeSet;
    this.signatures = config.signatures === true ? emptySignatures() : null;
  }

  /** Whether the base's decisions are counted: a compare of two versions. */
  private get compares(): boolean {
    return this.config.mode === 'compare' && this.config.hasHead && this.config.hasBase;
  }

  add(o: ElementOutcome): void {
    if (!this.admits(o)) return;
    this.count(o);
    // A new signature and its first id outlive the run their text came from.
    if (this.signatures !== null && o.signature !== null)
      addSignature(this.signatures, o.signature, o.request_id, o.line, ownString);
    const revision = this.config.mode === 'drift' ? this.revisionOf(o) : undefined;
    if (revision && o.primary !== VERDICT_UNEVALUABLE && o.recorded_decision === null) {
      this.withoutRecordedDecision++;
      return;
    }
    this.noteChange(o, revision);
  }

  /**
   * Whether `o` is a record this run counts: whole-sample facts are noted first (every shard
   * counts every file's elements and refuses the same samples), then what is not a record, a
   * repeated id, another shard's record, or one --since/--limit drop is noted or passed over.
   */
  private admits(o: ElementOutcome): o is RecordOutcome {
    const shard = this.config.shard ?? undefined;
    this.fileCounts[fileIndexOf(o.line)]!++;
    if (o.kind === 'mixed') throw mixedSampleError(this.plan, o.line);
    if (o.kind === 'skipped') {
      if (inShard(shard, undefined, o.line)) {
        if (o.otherPath) this.skipped.other_path++;
        else this.skipped.non_decision++;
      }
      return false;
    }
    this.paths.note(o.decision_path ?? null);
    if (o.kind === 'malformed') {
      if (inShard(shard, o.request_id, o.line)) this.noteMalformed(o.line, o.reason);
      return false;
    }
    const first = this.firstLineOf.claim(o.request_id, o.line);
    if (first !== undefined) {
      if (inShard(shard, o.request_id, o.line))
        this.noteMalformed(o.line, sampleDuplicateReason(this.plan, o.request_id, first));
      return false;
    }
    // Every shard sees every record's time, so all start the coverage horizon at the same one.
    if (this.signatures !== null && this.filter.selects(o.request_id, o.occurred_at ?? undefined))
      this.selected.add(o.occurred_at);
    if (!inShard(shard, o.request_id, o.line)) return false;
    if (!this.filter.accepts(o.request_id, o.occurred_at ?? undefined)) return false;
    // The evaluator skips exactly what the two checks above drop.
    if (!o.evaluated) throw new Error(`record on line ${o.line} was kept but not evaluated`);
    if (o.error !== null) {
      if (o.baseFailed) throw new BaseEvaluationError(positionText(this.plan, o.line), o.error);
      this.noteMalformed(o.line, o.error);
      return false;
    }
    return true;
  }

  /** The counters of an evaluated record: manifests, verdicts, reasons, rule hits, mismatches. */
  private count(o: RecordOutcome): void {
    const counts = this.counts;
    counts.evaluated++;
    const known = this.countedManifests;
    if (known !== undefined) {
      const id = o.manifest_id !== null && known.has(o.manifest_id) ? o.manifest_id : null;
      const count = this.manifestIds.get(id);
      // A new key outlives the run its text came from: stored as a string of its own.
      if (count === undefined) this.manifestIds.set(id === null ? null : ownString(id), 1);
      else this.manifestIds.set(id, count + 1);
    }
    if (o.byReading) this.unevaluableByReading++;
    this.window.add(o.occurred_at);
    if (this.compares) {
      if (o.base === null || o.base === VERDICT_UNEVALUABLE) this.baseCounts.unevaluable++;
      else if (o.base === VERDICT_ALLOW) this.baseCounts.allowed++;
      else this.baseCounts.denied++;
    }
    if (o.primary === VERDICT_UNEVALUABLE) {
      counts.unevaluable++;
      for (let i = 0; i < UNEVALUABLE_REASONS.length; i++)
        if ((o.reasons & (1 << i)) !== 0) this.byReason[i]!++;
    } else {
      if (o.primary === VERDICT_ALLOW) counts.allowed++;
      else counts.denied++;
      for (const index of o.matched!) this.ruleCounts[index]!++;
    }
    if (o.recorded_decision !== null && o.base !== null) {
      if ((o.base === VERDICT_ALLOW ? 'allow' : 'deny') !== o.recorded_decision) this.recordedMismatch++;
    }
  }

  /** Drift mode: the record's policy revision, with this record counted. */
  private revisionOf(o: RecordOutcome): { records: number; drift: number } {
    let revision = this.revisions.get(o.policy_revision);
    if (!revision) {
      const key = o.policy_revision === null ? null : ownString(o.policy_revision);
      this.revisions.set(key, (revision = { records: 0, drift: 0 }));
    }
    revision.records++;
    return revision;
  }

  /** A record the two sides decide differently: counted by direction, listed, grouped. */
  private noteChange(o: RecordOutcome, revision: { records: number; drift: number } | undefined): void {
    const pair = decisionPair(this.config, o.primary, o.base, o.recorded_decision);
    if (pair === null || pair.current === pair.draft) {
      if (o.change !== null && this.compares && o.primary === VERDICT_UNEVALUABLE) this.noteLost(o);
      return;
    }
    const split = this.split;
    split.changes_total++;
    if (pair.current === 'unknown') split.from_unknown++;
    else if (pair.draft === 'allow') split.newly_allowed++;
    else split.newly_denied++;
    if (revision) revision.drift++;
    const detail = o.change;
    if (detail === null) throw new Error(`change on line ${o.line} came without its details`);
    const change: Change = {
      request_id: o.request_id,
      occurred_at: o.occurred_at,
      subject: detail.subject,
      method: detail.method,
      tools: detail.tools,
      current_decision: pair.current,
      draft_decision: pair.draft,
      matched_rule_ids: o.matched!.map((i) => this.ruleIds[i]!),
    };
    this.top.offer(change);
    this.changeSet?.add(change.request_id, pair.current, pair.draft);
    this.groups.add({ ...change, direction: directionOf(change) }, detail.explain);
  }

  /** A record the base decides and the head cannot (docs/review.md): counted and grouped apart. */
  private noteLost(o: RecordOutcome): void {
    const fromAllow = o.base === VERDICT_ALLOW;
    // What the head can no longer judge is part of what the change does (the impact digest).
    this.changeSet?.add(o.request_id, fromAllow ? 'allow' : 'deny', 'unevaluable');
    if (fromAllow) this.lost.from_allow++;
    else this.lost.from_deny++;
    const detail = o.change!;
    this.lostGroups.add(
      {
        direction: fromAllow ? 'allow_to_unknown' : 'deny_to_unknown',
        request_id: o.request_id,
        occurred_at: o.occurred_at,
        subject: detail.subject,
        method: detail.method,
        tools: detail.tools,
        matched_rule_ids: [],
      },
      detail.explain,
    );
  }

  finish(diff: ReplayResult['rule_diff']): AggregateOutcome {
    const byReason = new Map<UnevaluableReason, number>();
    UNEVALUABLE_REASONS.forEach((reason, i) => {
      if (this.byReason[i]! > 0) byReason.set(reason, this.byReason[i]!);
    });
    const ruleHits = new Map<string, number>(this.ruleIds.map((id) => [id, 0]));
    this.ruleIds.forEach((id, i) => ruleHits.set(id, ruleHits.get(id)! + this.ruleCounts[i]!));
    // UNEVALUABLE_REASONS is sorted, so the reasons come out sorted.
    const reasons = [...byReason.keys()];
    const groups = this.groups.finish();
    const lost = this.lostGroups.finish();
    const compare = this.config.mode === 'compare';
    const result: ReplayResult = {
      ...this.counts,
      unevaluable_by_reading: this.unevaluableByReading,
      unevaluable_reasons: reasons,
      unevaluable_by_reason: Object.fromEntries(reasons.map((r) => [r, byReason.get(r)!])),
      base_counts: this.compares ? { ...this.baseCounts } : null,
      changes: this.top.items,
      changes_total: this.split.changes_total,
      newly_allowed: this.split.newly_allowed,
      newly_denied: this.split.newly_denied,
      from_unknown: this.split.from_unknown,
      newly_unevaluable: compare ? { ...this.lost, groups: lost.groups, groups_total: lost.total } : null,
      rule_diff: diff,
      by_edit: diff === null ? null : byEditRows(groups.all, diff),
      change_groups: groups.groups,
      change_groups_total: groups.total,
      rule_hits: Object.fromEntries(ruleHits),
      malformed: {
        count: this.malformed.count,
        examples: this.malformed.examples.map((e) => ({
          ...positionOf(this.plan, e.line),
          reason: e.reason,
        })),
      },
      recorded_mismatch: this.recordedMismatch,
      sample_window: this.window.toJSON(),
    };
    return {
      result,
      manifestIds: this.manifestIds,
      withoutRecordedDecision: this.withoutRecordedDecision,
      revisions: this.revisions,
      skipped: this.skipped,
      fileCounts: this.fileCounts,
      groups: groups.all,
      changeSetDigest: this.changeSet?.digest() ?? null,
      signatures: this.signatures,
      horizonStart: this.selected.toJSON().first_at,
    };
  }

  private noteMalformed(line: number, reason: string): void {
    this.malformed.count++;
    keepFirstExamples(this.malformed.examples, { line, reason });
  }
}
