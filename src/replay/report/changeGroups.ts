import { compareStrings } from '../../canonical/compare.js';
import type { RuleDiff } from '../../policy/ruleDiff.js';
import type { Edit } from '../../policy/edits.js';
import type { ChangeExplanation } from '../evaluate/changeExplanation.js';
import { changeGroup, compareRecency } from './changeOrder.js';
import { TimeSpan } from './timeSpan.js';
import { syntacticBecause } from './syntacticBecause.js';
import {
  DIRECTIONS,
  LOST_DIRECTIONS,
  type Change,
  type ChangeDirection,
  type ChangeGroup,
  type RequestGroup,
  type GroupDirection,
  type SubjectCount,
  type TimedExample,
} from './report.js';

/**
 * Change groups (docs/explain.md "Change groups"): every change belongs to exactly one group,
 * keyed by direction, the head's matched rules, the base's matched rules, method, tools and its
 * cause set (docs/review.md), so every request of a group has exactly the group's `because`. The
 * requests the head can no longer judge are grouped the same way, apart (LOST_DIRECTIONS). The
 * groups are aggregated in memory, one entry per group and per distinct subject in it, and
 * summarised once at the end of the replay.
 */

export const DEFAULT_MAX_GROUPS = 50;
/** Shared by every group without base rules (never mutated). */
const NO_RULES: string[] = [];
export const MAX_TOP_SUBJECTS = 5;
export const MAX_GROUP_EXAMPLES = 3;

/** A group with everything it was built from (the Action's annotations and `by_edit` read the subjects). */
export interface GroupTally<G extends RequestGroup = ChangeGroup> {
  group: G;
  subjects: ReadonlyMap<string | null, number>;
}

/** A cause set as the report writes it. */
interface CauseSet {
  because: Edit[];
  joint: boolean;
}

/** One group while requests are still arriving. */
class GroupAccumulator {
  count = 0;
  readonly subjects = new Map<string | null, number>();
  readonly span = new TimeSpan();
  readonly examples: TimedExample[] = [];
  basis = 0;
  readonly missing = new Set<string>();

  constructor(
    readonly direction: GroupDirection,
    readonly headRules: string[],
    readonly baseRules: string[],
    readonly method: string | null,
    readonly tools: string[],
    /** null: attributed syntactically, at the end (syntacticBecause). */
    readonly cause: CauseSet | null,
  ) {}

  addSubject(subject: string | null, count: number): void {
    this.subjects.set(subject, (this.subjects.get(subject) ?? 0) + count);
  }

  /** Keeps the first MAX_GROUP_EXAMPLES in the change order (within a direction: by recency). */
  addExample(example: TimedExample): void {
    const examples = this.examples;
    const before = (a: TimedExample, b: TimedExample) =>
      compareRecency(a.occurred_at, a.request_id, b.occurred_at, b.request_id);
    if (examples.length === MAX_GROUP_EXAMPLES && before(example, examples[examples.length - 1]!) >= 0)
      return;
    let at = examples.length;
    while (at > 0 && before(examples[at - 1]!, example) > 0) at--;
    examples.splice(at, 0, example);
    if (examples.length > MAX_GROUP_EXAMPLES) examples.pop();
  }
}

/**
 * The text that identifies a group, built per change, so cheaply (a third of JSON.stringify's
 * cost): rule ids hold no space or line break (docs/policy.md), method and tools come
 * length-prefixed, and the cause set is a list of numbers, so no two different keys share a text
 * whatever the traffic holds.
 */
function groupKey(
  direction: GroupDirection,
  headRules: readonly string[],
  baseRules: readonly string[],
  method: string | null,
  tools: readonly string[],
  cause: string,
): string {
  let key = `${direction} ${headRules.join(' ')}\n${baseRules.join(' ')}\n${cause}\n${method === null ? '' : `${method.length}:${method}`}`;
  for (const tool of tools) key += `\n${tool.length}:${tool}`;
  return key;
}

export function directionOf(change: Pick<Change, 'current_decision' | 'draft_decision'>): ChangeDirection {
  return DIRECTIONS[changeGroup(change)]!;
}

/** A request a group counts: a change, or one the head can no longer judge. */
export interface GroupedRequest<D extends GroupDirection = GroupDirection> {
  direction: D;
  request_id: string;
  occurred_at: string | null;
  subject: string | null;
  method: string | null;
  tools: string[];
  /** The head's matched rules ([] when the head cannot judge it). */
  matched_rule_ids: string[];
}

export interface ChangeGroupOptions {
  /** The head's (the primary's) rule ids, by index. */
  headRules: readonly string[];
  /** The base's rule ids, by index; null without a base. */
  baseRules: readonly string[] | null;
  /** null in drift mode: there is no rule diff, and `because` is empty. */
  diff: RuleDiff | null;
  /**
   * The replay's edits when it attributes counterfactually (explanations carry indices into it);
   * null: `because` is syntactic.
   */
  edits: readonly Edit[] | null;
  maxGroups: number;
  /** A shard partial report: every group, each with its `partial` data. */
  partial: boolean;
}

/** Collects the grouped requests of one replay, in any order. */
export class ChangeGroupCollector<D extends GroupDirection = ChangeDirection> {
  private readonly groups = new Map<string, GroupAccumulator>();
  /** Cause sets by their key, shared by the groups that have them. */
  private readonly causes = new Map<string, CauseSet>();

  constructor(private readonly options: ChangeGroupOptions) {}

  add(request: GroupedRequest<D>, explain: ChangeExplanation | null): void {
    const baseIds = this.options.baseRules;
    const baseRules =
      explain === null || baseIds === null || explain.base_matched.length === 0
        ? NO_RULES
        : explain.base_matched.map((i) => baseIds[i]!);
    const edits = this.options.edits;
    const causeKey =
      edits === null || explain === null ? '' : `${explain.joint ? '+' : ''}${explain.causes.join(',')}`;
    const { direction, matched_rule_ids: headRules, method, tools } = request;
    const key = groupKey(direction, headRules, baseRules, method, tools, causeKey);
    let group = this.groups.get(key);
    if (group === undefined) {
      const cause = edits === null || explain === null ? null : this.causeSet(causeKey, explain, edits);
      group = new GroupAccumulator(direction, headRules, baseRules, method, tools, cause);
      this.groups.set(key, group);
    }
    group.count++;
    group.addSubject(request.subject, 1);
    group.span.add(request.occurred_at);
    group.addExample({ request_id: request.request_id, occurred_at: request.occurred_at });
    if (explain !== null) {
      group.basis |= explain.head_basis | explain.base_basis;
      for (const i of explain.head_missing) group.missing.add(this.options.headRules[i]!);
      if (baseIds !== null) for (const i of explain.base_missing) group.missing.add(baseIds[i]!);
    }
  }

  private causeSet(key: string, explain: ChangeExplanation, edits: readonly Edit[]): CauseSet {
    let cause = this.causes.get(key);
    if (cause === undefined) {
      cause = { because: explain.causes.map((i) => edits[i]!), joint: explain.joint };
      this.causes.set(key, cause);
    }
    return cause;
  }

  finish(): GroupSummary<RequestGroup<D>> {
    return summarize<RequestGroup<D>>(
      [...this.groups.values()],
      this.options.diff,
      this.options.maxGroups,
      this.options.partial,
    );
  }
}

export interface GroupSummary<G extends RequestGroup = ChangeGroup> {
  groups: G[];
  total: number;
  /** Every group, in order, uncapped. */
  all: GroupTally<G>[];
}

function summarize<G extends RequestGroup>(
  groups: GroupAccumulator[],
  diff: RuleDiff | null,
  maxGroups: number,
  partial: boolean,
): GroupSummary<G> {
  // Each collector (and each merge) only ever holds groups of its own directions.
  const all = groups
    .map((g) => ({ group: toGroup(g, diff, partial) as G, subjects: g.subjects }))
    .sort((a, b) => compareGroups(a.group, b.group));
  return { groups: (partial ? all : all.slice(0, maxGroups)).map((t) => t.group), total: all.length, all };
}

const DIRECTION_ORDER: readonly GroupDirection[] = [...DIRECTIONS, ...LOST_DIRECTIONS];

type GroupOrderKey = Pick<
  RequestGroup,
  'direction' | 'count' | 'head_rules' | 'base_rules' | 'method' | 'tools' | 'because' | 'joint'
>;

/**
 * The order of docs/explain.md: direction in the danger order, then count (descending), then
 * the key — head_rules, then base_rules, then method, then tools, then the cause set (its JSON
 * text, joint sets after the others). Lists compare element by element in code-unit order (a
 * list that is a prefix of another comes first); a null method comes before any method.
 */
export function compareGroups(a: GroupOrderKey, b: GroupOrderKey): number {
  return (
    DIRECTION_ORDER.indexOf(a.direction) - DIRECTION_ORDER.indexOf(b.direction) ||
    b.count - a.count ||
    compareLists(a.head_rules, b.head_rules) ||
    compareLists(a.base_rules, b.base_rules) ||
    compareNullable(a.method, b.method) ||
    compareLists(a.tools, b.tools) ||
    Number(a.joint ?? false) - Number(b.joint ?? false) ||
    compareStrings(JSON.stringify(a.because), JSON.stringify(b.because))
  );
}

function compareLists(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < a.length && i < b.length; i++) {
    const order = compareStrings(a[i]!, b[i]!);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

function compareNullable(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return compareStrings(a, b);
}

/** By count (descending), then name in code-unit order; the null subject after every name. */
export function compareSubjects(a: SubjectCount, b: SubjectCount): number {
  if (a.count !== b.count) return b.count - a.count;
  if (a.subject === b.subject) return 0;
  if (a.subject === null) return 1;
  if (b.subject === null) return -1;
  return compareStrings(a.subject, b.subject);
}

function toGroup(g: GroupAccumulator, diff: RuleDiff | null, partial: boolean): RequestGroup {
  const subjects = [...g.subjects].map(([subject, count]) => ({ subject, count })).sort(compareSubjects);
  const cause: CauseSet = g.cause ?? {
    because:
      diff === null
        ? []
        : syntacticBecause(
            { headRules: g.headRules, baseRules: g.baseRules, basis: g.basis, missing: g.missing },
            diff,
          ),
    joint: false,
  };
  const group: RequestGroup = {
    direction: g.direction,
    count: g.count,
    head_rules: g.headRules,
    base_rules: g.baseRules,
    method: g.method,
    tools: g.tools,
    subjects: { distinct: subjects.length, top: subjects.slice(0, MAX_TOP_SUBJECTS) },
    ...g.span.toJSON(),
    examples: g.examples.map((e) => e.request_id),
    because: cause.because,
    joint: cause.joint,
  };
  if (partial) group.partial = { subjects, examples: [...g.examples] };
  return group;
}

/**
 * The groups of shard partial reports merged into the groups one run over the whole sample
 * produces: counts and subject counts add up, first/last times and examples combine by the same
 * rules as within a run; a group's cause set is part of its key, so it carries over as it is.
 */
export function mergeChangeGroups<G extends RequestGroup>(
  partials: readonly (readonly G[])[],
  maxGroups: number,
): GroupSummary<G> {
  const groups = new Map<string, GroupAccumulator>();
  for (const list of partials) {
    for (const g of list) {
      if (!g.partial) throw new Error('a change group of a shard report lacks its partial data');
      const cause = { because: g.because, joint: g.joint ?? false };
      const key = groupKey(g.direction, g.head_rules, g.base_rules, g.method, g.tools, JSON.stringify(cause));
      let group = groups.get(key);
      if (group === undefined) {
        group = new GroupAccumulator(g.direction, g.head_rules, g.base_rules, g.method, g.tools, cause);
        groups.set(key, group);
      }
      group.count += g.count;
      for (const s of g.partial.subjects) group.addSubject(s.subject, s.count);
      group.span.add(g.first_at);
      group.span.add(g.last_at);
      for (const e of g.partial.examples) group.addExample(e);
    }
  }
  return summarize<G>([...groups.values()], null, maxGroups, false);
}
