import { compareStrings } from '../../canonical/compare.js';
import { SETTING_NAMES, type RuleDiff, type SettingName } from '../../policy/ruleDiff.js';
import {
  BASIS_DEFAULT,
  BASIS_MISSING_CONTEXT,
  type ChangeExplanation,
} from '../evaluate/changeExplanation.js';
import { changeGroup, compareRecency } from './changeOrder.js';
import { instantOf } from '../evaluate/instant.js';
import {
  DIRECTIONS,
  type BecauseEntry,
  type Change,
  type ChangeDirection,
  type ChangeGroup,
  type RuleChange,
  type SubjectCount,
  type TimedExample,
} from './report.js';

/**
 * Change groups (docs/explain.md "Change groups"): every change belongs to exactly one group,
 * keyed by direction, the head's matched rules, the base's matched rules, method and tools. The
 * groups are aggregated in memory, one entry per group and per distinct subject in it — at most
 * one of each per change — and summarised once at the end of the replay.
 */

export const DEFAULT_MAX_GROUPS = 50;
/** Shared by every group without base rules (never mutated). */
const NO_RULES: string[] = [];
export const MAX_TOP_SUBJECTS = 5;
export const MAX_GROUP_EXAMPLES = 3;

/** A group with everything it was built from (the Action's annotations read the subjects). */
export interface GroupTally {
  group: ChangeGroup;
  subjects: ReadonlyMap<string | null, number>;
}

interface Stamp {
  text: string;
  ns: bigint;
}

/** One group while changes are still arriving. */
class GroupAccumulator {
  count = 0;
  readonly subjects = new Map<string | null, number>();
  first: Stamp | null = null;
  last: Stamp | null = null;
  readonly examples: TimedExample[] = [];
  headBasis = 0;
  baseBasis = 0;
  readonly headMissing = new Set<string>();
  readonly baseMissing = new Set<string>();
  /** Filled when merging partial reports (their `because` is already computed). */
  readonly because = new Map<string, BecauseEntry>();

  constructor(
    readonly direction: ChangeDirection,
    readonly headRules: string[],
    readonly baseRules: string[],
    readonly method: string | null,
    readonly tools: string[],
  ) {}

  addSubject(subject: string | null, count: number): void {
    this.subjects.set(subject, (this.subjects.get(subject) ?? 0) + count);
  }

  /** Keeps the earliest and latest instant; equal instants keep the smaller text (any order gives the same). */
  addTime(text: string | null): void {
    const ns = instantOf(text);
    if (text === null || ns === null) return;
    const first = this.first;
    if (first === null || ns < first.ns || (ns === first.ns && text < first.text)) this.first = { text, ns };
    const last = this.last;
    if (last === null || ns > last.ns || (ns === last.ns && text < last.text)) this.last = { text, ns };
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
 * cost): rule ids hold no space or line break (docs/policy.md), and method and tools come
 * length-prefixed, so no two different keys share a text whatever the traffic holds.
 */
function groupKey(
  direction: ChangeDirection,
  headRules: readonly string[],
  baseRules: readonly string[],
  method: string | null,
  tools: readonly string[],
): string {
  let key = `${direction} ${headRules.join(' ')}\n${baseRules.join(' ')}\n${method === null ? '' : `${method.length}:${method}`}`;
  for (const tool of tools) key += `\n${tool.length}:${tool}`;
  return key;
}

export function directionOf(change: Pick<Change, 'current_decision' | 'draft_decision'>): ChangeDirection {
  return DIRECTIONS[changeGroup(change)]!;
}

export interface ChangeGroupOptions {
  /** The head's (the primary's) rule ids, by index. */
  headRules: readonly string[];
  /** The base's rule ids, by index; null without a base. */
  baseRules: readonly string[] | null;
  /** null in drift mode: there is no rule diff, and `because` is empty. */
  diff: RuleDiff | null;
  maxGroups: number;
  /** A shard partial report: every group, each with its `partial` data. */
  partial: boolean;
}

/** Collects the changes of one replay into groups, in any order. */
export class ChangeGroupCollector {
  private readonly groups = new Map<string, GroupAccumulator>();

  constructor(private readonly options: ChangeGroupOptions) {}

  add(change: Change, explain: ChangeExplanation | null): void {
    const direction = directionOf(change);
    const baseIds = this.options.baseRules;
    const baseRules =
      explain === null || baseIds === null || explain.base_matched.length === 0
        ? NO_RULES
        : explain.base_matched.map((i) => baseIds[i]!);
    const key = groupKey(direction, change.matched_rule_ids, baseRules, change.method, change.tools);
    let group = this.groups.get(key);
    if (group === undefined) {
      group = new GroupAccumulator(
        direction,
        change.matched_rule_ids,
        baseRules,
        change.method,
        change.tools,
      );
      this.groups.set(key, group);
    }
    group.count++;
    group.addSubject(change.subject, 1);
    group.addTime(change.occurred_at);
    group.addExample({ request_id: change.request_id, occurred_at: change.occurred_at });
    if (explain !== null) {
      group.headBasis |= explain.head_basis;
      group.baseBasis |= explain.base_basis;
      for (const i of explain.head_missing) group.headMissing.add(this.options.headRules[i]!);
      if (baseIds !== null) for (const i of explain.base_missing) group.baseMissing.add(baseIds[i]!);
    }
  }

  finish(): GroupSummary {
    const diff = this.options.diff;
    for (const group of this.groups.values()) {
      if (diff !== null) for (const entry of becauseOf(group, diff)) addBecause(group, entry);
    }
    return summarize([...this.groups.values()], this.options.maxGroups, this.options.partial);
  }
}

export interface GroupSummary {
  change_groups: ChangeGroup[];
  change_groups_total: number;
  /** Every group, in order, uncapped. */
  all: GroupTally[];
}

function summarize(groups: GroupAccumulator[], maxGroups: number, partial: boolean): GroupSummary {
  const all = groups.map((g) => ({ group: toGroup(g, partial), subjects: g.subjects })).sort(byGroupOrder);
  return {
    change_groups: (partial ? all : all.slice(0, maxGroups)).map((t) => t.group),
    change_groups_total: all.length,
    all,
  };
}

function byGroupOrder(a: GroupTally, b: GroupTally): number {
  return compareGroups(a.group, b.group);
}

/**
 * The order of docs/explain.md: direction in the danger order, then count (descending), then
 * the key — head_rules, then base_rules, then method, then tools. Lists compare element by
 * element in code-unit order (a list that is a prefix of another comes first); a null method
 * comes before any method.
 */
export function compareGroups(
  a: Pick<ChangeGroup, 'direction' | 'count' | 'head_rules' | 'base_rules' | 'method' | 'tools'>,
  b: Pick<ChangeGroup, 'direction' | 'count' | 'head_rules' | 'base_rules' | 'method' | 'tools'>,
): number {
  return (
    DIRECTIONS.indexOf(a.direction) - DIRECTIONS.indexOf(b.direction) ||
    b.count - a.count ||
    compareLists(a.head_rules, b.head_rules) ||
    compareLists(a.base_rules, b.base_rules) ||
    compareNullable(a.method, b.method) ||
    compareLists(a.tools, b.tools)
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
function compareSubjects(a: SubjectCount, b: SubjectCount): number {
  if (a.count !== b.count) return b.count - a.count;
  if (a.subject === b.subject) return 0;
  if (a.subject === null) return 1;
  if (b.subject === null) return -1;
  return compareStrings(a.subject, b.subject);
}

function toGroup(g: GroupAccumulator, partial: boolean): ChangeGroup {
  const subjects = [...g.subjects].map(([subject, count]) => ({ subject, count })).sort(compareSubjects);
  const group: ChangeGroup = {
    direction: g.direction,
    count: g.count,
    head_rules: g.headRules,
    base_rules: g.baseRules,
    method: g.method,
    tools: g.tools,
    subjects: { distinct: subjects.length, top: subjects.slice(0, MAX_TOP_SUBJECTS) },
    first_at: g.first?.text ?? null,
    last_at: g.last?.text ?? null,
    examples: g.examples.map((e) => e.request_id),
    because: [...g.because.values()].sort(compareBecause),
  };
  if (partial) group.partial = { subjects, examples: [...g.examples] };
  return group;
}

function addBecause(group: GroupAccumulator, entry: BecauseEntry): void {
  const id = 'rule' in entry ? `rule\0${entry.side}\0${entry.rule}` : `setting\0${entry.setting}`;
  group.because.set(id, entry);
}

/**
 * Rules first — the head's, then the base's, each by id in code-unit order — then settings in
 * the order of the policy document. A total order on the entries alone, so a merge of shards
 * lists them exactly as one run does.
 */
function compareBecause(a: BecauseEntry, b: BecauseEntry): number {
  const aRule = 'rule' in a;
  const bRule = 'rule' in b;
  if (aRule && bRule) {
    if (a.side !== b.side) return a.side === 'head' ? -1 : 1;
    return compareStrings(a.rule, b.rule);
  }
  if (aRule !== bRule) return aRule ? -1 : 1;
  const aName = (a as { setting: SettingName }).setting;
  const bName = (b as { setting: SettingName }).setting;
  return SETTING_NAMES.indexOf(aName) - SETTING_NAMES.indexOf(bName);
}

/** How the rule diff names each rule's edit; a description-only edit explains nothing. */
function ruleChanges(diff: RuleDiff): Map<string, RuleChange> {
  const changes = new Map<string, RuleChange>();
  for (const id of diff.added) changes.set(id, 'added');
  for (const id of diff.removed) changes.set(id, 'removed');
  for (const m of diff.modified) if (m.what.some((w) => w !== 'description')) changes.set(m.id, 'modified');
  return changes;
}

const ruleChangeCache = new WeakMap<RuleDiff, Map<string, RuleChange>>();

/**
 * The edits that explain a group (docs/explain.md "because"): its head rules that were added or
 * modified, its base rules that were removed or modified, each changed setting a side's decision
 * rested on, and — where a side's decision came from missing context while `on_missing_context`
 * stayed the same — the edited rules that lacked the context on that side.
 */
function becauseOf(group: GroupAccumulator, diff: RuleDiff): BecauseEntry[] {
  let changes = ruleChangeCache.get(diff);
  if (changes === undefined) {
    changes = ruleChanges(diff);
    ruleChangeCache.set(diff, changes);
  }
  const out: BecauseEntry[] = [];
  const rule = (id: string, side: 'head' | 'base') => {
    const change = changes.get(id);
    if (change !== undefined) out.push({ rule: id, change, side });
  };
  for (const id of group.headRules) rule(id, 'head');
  for (const id of group.baseRules) rule(id, 'base');
  const basis = group.headBasis | group.baseBasis;
  const setting = (name: SettingName) => diff.settings.find((s) => s.name === name);
  const defaultEffect = setting('default_effect');
  if (defaultEffect && (basis & BASIS_DEFAULT) !== 0)
    out.push({ setting: 'default_effect', from: defaultEffect.from, to: defaultEffect.to });
  const missing = setting('on_missing_context');
  if (missing) {
    if ((basis & BASIS_MISSING_CONTEXT) !== 0)
      out.push({ setting: 'on_missing_context', from: missing.from, to: missing.to });
  } else {
    for (const id of group.headMissing) rule(id, 'head');
    for (const id of group.baseMissing) rule(id, 'base');
  }
  return out;
}

/**
 * The groups of shard partial reports merged into the groups one run over the whole sample
 * produces: counts and subject counts add up, first/last times and examples combine by the same
 * rules as within a run, and `because` is the union (each shard's is computed the same way).
 */
export function mergeChangeGroups(
  partials: readonly (readonly ChangeGroup[])[],
  maxGroups: number,
): { change_groups: ChangeGroup[]; change_groups_total: number } {
  const groups = new Map<string, GroupAccumulator>();
  for (const list of partials) {
    for (const g of list) {
      if (!g.partial) throw new Error('a change group of a shard report lacks its partial data');
      const key = groupKey(g.direction, g.head_rules, g.base_rules, g.method, g.tools);
      let group = groups.get(key);
      if (group === undefined) {
        group = new GroupAccumulator(g.direction, g.head_rules, g.base_rules, g.method, g.tools);
        groups.set(key, group);
      }
      group.count += g.count;
      for (const s of g.partial.subjects) group.addSubject(s.subject, s.count);
      group.addTime(g.first_at);
      group.addTime(g.last_at);
      for (const e of g.partial.examples) group.addExample(e);
      for (const entry of g.because) addBecause(group, entry);
    }
  }
  const { change_groups, change_groups_total } = summarize([...groups.values()], maxGroups, false);
  return { change_groups, change_groups_total };
}
