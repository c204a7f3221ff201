/**
 * The replay report (report.ts) as a schema, with the invariants every report this tool writes
 * holds: what `merge` checks in each partial report before it adds anything up, since a partial
 * is a file anyone can edit (an `evaluated` of -5 would merge into counts that contradict each
 * other). A new result field goes here — its shape, and any invariant tying it to the others — and
 * into merge.ts, which combines it: the schema is strict, so a partial carrying a field this
 * version does not know is refused rather than silently dropped from the merge.
 */
import { z } from 'zod';
import { formatPath, type PathSegment } from '../../document/path.js';
import { UNEVALUABLE_REASONS } from '../../unknowns/reasons.js';
import { RULE_PARTS, SETTING_NAMES } from '../../policy/ruleDiff.js';
import { DIRECTIONS, LOST_DIRECTIONS, MAX_MALFORMED_EXAMPLES, type ReplayReport } from './report.js';
import { boundedList } from '../../text/listing.js';
import { coverageInvariants, coverageSchema } from './coverageSchema.js';

const WHOLE = 'must be a whole number ≥ 0';
const count = z.int(WHOLE).min(0, WHOLE);
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in lowercase hex');

const policyRef = z.strictObject({ path: z.string(), ref: z.string().nullable().optional(), sha256 });

export const metaSchema = z.strictObject({
  tool: z.literal('policy-replay'),
  version: z.string(),
  opa_version: z.string(),
  head: policyRef.nullable(),
  base: policyRef.nullable(),
  traffic: z.strictObject({
    path: z.string(),
    sha256: z.union([sha256, z.literal('')]),
    format: z.enum(['records', 'opa-decision-log']),
    files: z.array(z.strictObject({ path: z.string(), sha256, count: count.nullable() })),
  }),
  skipped: z.strictObject({ non_decision: count, other_path: count }),
  since: z.string().nullable(),
  limit: count.nullable(),
  status: z.enum(['changed', 'added', 'deleted', 'drift']),
  excluded_without_time: count,
  max_changes: count,
  max_groups: count,
  unevaluable_mode: z.enum(['precise', 'static']),
  shard: z.strictObject({ index: z.int().positive(), count: z.int().positive() }).optional(),
  attribution: z
    .strictObject({
      method: z.enum(['counterfactual', 'syntactic']),
      edits: count,
      max_edits: count,
    })
    .optional(),
});

export const errorSchema = z.strictObject({
  file: z.string(),
  path: z.string(),
  line: z.int('must be a whole number ≥ 1').min(1, 'must be a whole number ≥ 1'),
  column: z.int('must be a whole number ≥ 1').min(1, 'must be a whole number ≥ 1'),
  message: z.string(),
});

const changeSchema = z.strictObject({
  request_id: z.string().min(1),
  occurred_at: z.string().nullable(),
  subject: z.string().nullable(),
  method: z.string().nullable(),
  tools: z.array(z.string()),
  current_decision: z.enum(['allow', 'deny', 'unknown']),
  draft_decision: z.enum(['allow', 'deny']),
  matched_rule_ids: z.array(z.string()),
});

const reasonSchema = z.enum(UNEVALUABLE_REASONS);

const line = z.int('must be a whole number ≥ 1').min(1, 'must be a whole number ≥ 1').nullable();
const operator = z.enum(['in', 'not_in']);
const effect = z.enum(['allow', 'deny']);

/** One entry of a modified rule's `changes` (src/policy/ruleChanges.ts). */
const ruleValueChangeSchema = z.union([
  z.strictObject({
    field: z.string(),
    op: operator,
    added: z.array(z.string()),
    removed: z.array(z.string()),
  }),
  z.strictObject({ field: z.string(), from_op: operator, to_op: operator }),
  z.strictObject({
    field: z.string(),
    op: operator,
    value: z.array(z.string()).min(1),
    change: z.enum(['added', 'removed']),
  }),
  z.strictObject({ effect: z.strictObject({ from: effect, to: effect }) }),
  z.strictObject({
    active_window: z.strictObject({ from: z.string().nullable(), to: z.string().nullable() }),
  }),
]);

const ruleDiffSchema = z
  .strictObject({
    added: z.array(z.string()),
    added_rules: z.array(z.strictObject({ id: z.string(), effect, summary: z.string(), line })),
    removed: z.array(z.string()),
    removed_rules: z.array(z.strictObject({ id: z.string(), effect, summary: z.string() })),
    modified: z.array(
      z.strictObject({
        id: z.string(),
        what: z.array(z.enum(RULE_PARTS)).min(1),
        line,
        changes: z.array(ruleValueChangeSchema),
      }),
    ),
    reordered: z.boolean(),
    settings: z.array(
      z.strictObject({
        name: z.enum(SETTING_NAMES),
        from: z.string().nullable(),
        to: z.string().nullable(),
        line,
      }),
    ),
  })
  .refine(
    (d) => sameIds(d.added, d.added_rules) && sameIds(d.removed, d.removed_rules),
    'added_rules and removed_rules must list the ids of added and removed, in their order',
  );

function sameIds(ids: readonly string[], rules: readonly { id: string }[]): boolean {
  return ids.length === rules.length && ids.every((id, i) => rules[i]!.id === id);
}

const subjectCountSchema = z.strictObject({ subject: z.string().nullable(), count: z.int().positive() });

const editSchema = z.union([
  z.strictObject({ rule: z.string(), change: z.enum(['added', 'removed', 'modified']) }),
  z.strictObject({ setting: z.enum(SETTING_NAMES), from: z.string().nullable(), to: z.string().nullable() }),
]);

function groupSchema<D extends readonly [string, ...string[]]>(directions: D) {
  return z.strictObject({
    direction: z.enum(directions),
    count: z.int().positive(),
    head_rules: z.array(z.string()),
    base_rules: z.array(z.string()),
    method: z.string().nullable(),
    tools: z.array(z.string()),
    subjects: z.strictObject({ distinct: z.int().positive(), top: z.array(subjectCountSchema) }),
    first_at: z.string().nullable(),
    last_at: z.string().nullable(),
    examples: z.array(z.string()),
    because: z.array(editSchema),
    joint: z.boolean(),
    partial: z
      .strictObject({
        subjects: z.array(subjectCountSchema),
        examples: z.array(z.strictObject({ request_id: z.string(), occurred_at: z.string().nullable() })),
      })
      .optional(),
  });
}

const changeGroupSchema = groupSchema(DIRECTIONS);

const byEditSchema = z.strictObject({
  edits: z.array(editSchema),
  joint: z.boolean(),
  newly_allowed: count,
  newly_denied: count,
  unknown_to_allow: count,
  unknown_to_deny: count,
  top: z.strictObject({
    calls: z.array(
      z.strictObject({
        method: z.string().nullable(),
        tools: z.array(z.string()),
        count: z.int().positive(),
      }),
    ),
    subjects: z.array(subjectCountSchema),
  }),
});

const newlyUnevaluableSchema = z.strictObject({
  from_allow: count,
  from_deny: count,
  groups: z.array(groupSchema(LOST_DIRECTIONS)),
  groups_total: count,
});

/** The fidelity section is the fidelity module's; merge reads its per-level record counts. */
const fidelitySchema = z.looseObject({ records_by_level: z.record(z.string(), count) });

const resultSchema = z.strictObject({
  evaluated: count,
  allowed: count,
  denied: count,
  unevaluable: count,
  unevaluable_by_reading: count,
  unevaluable_reasons: z.array(reasonSchema),
  unevaluable_by_reason: z.partialRecord(
    reasonSchema,
    z.int('must be a whole number ≥ 1').min(1, 'must be a whole number ≥ 1'),
  ),
  base_counts: z.strictObject({ allowed: count, denied: count, unevaluable: count }).nullable(),
  changes: z.array(changeSchema),
  changes_total: count,
  newly_allowed: count,
  newly_denied: count,
  from_unknown: count,
  newly_unevaluable: newlyUnevaluableSchema.nullable(),
  rule_hits: z.record(z.string(), count),
  malformed: z.strictObject({
    count,
    // A line, or an index for an element of a decision log's JSON array (docs/decision-logs.md).
    examples: z.array(
      z
        .strictObject({
          file: z.string().optional(),
          line: z.int().positive().optional(),
          index: z.int().min(0).optional(),
          reason: z.string(),
        })
        .refine((e) => (e.line === undefined) !== (e.index === undefined), 'must have a line or an index'),
    ),
  }),
  recorded_mismatch: count,
  rule_diff: ruleDiffSchema.nullable(),
  by_edit: z.array(byEditSchema).nullable(),
  change_groups: z.array(changeGroupSchema),
  change_groups_total: count,
  sample_window: z.strictObject({ first_at: z.string().nullable(), last_at: z.string().nullable() }),
  fidelity: fidelitySchema.optional(),
  coverage: coverageSchema(editSchema).nullable().optional(),
});

type Result = z.infer<typeof resultSchema>;

/** The invariants of the replay result (docs/report.md), each as a check with its message. */
function resultInvariants(
  r: Result,
  maxChanges: number,
  maxGroups: number,
): { path: PathSegment[]; message: string }[] {
  const problems: { path: PathSegment[]; message: string }[] = [];
  const fail = (path: PathSegment[], message: string) => problems.push({ path, message });
  if (r.evaluated !== r.allowed + r.denied + r.unevaluable)
    fail(
      ['evaluated'],
      `is ${r.evaluated}, but allowed + denied + unevaluable is ${r.allowed + r.denied + r.unevaluable}`,
    );
  const split = r.newly_allowed + r.newly_denied + r.from_unknown;
  if (r.changes_total !== split)
    fail(
      ['changes_total'],
      `is ${r.changes_total}, but newly_allowed + newly_denied + from_unknown is ${split}`,
    );
  if (r.changes.length > r.changes_total)
    fail(['changes'], `lists ${r.changes.length} changes, more than changes_total (${r.changes_total})`);
  if (r.changes.length > maxChanges)
    fail(['changes'], `lists ${r.changes.length} changes, more than meta.max_changes (${maxChanges})`);
  r.changes.forEach((c, i) => {
    if (c.current_decision === c.draft_decision)
      fail(['changes', i], `is no change: current and draft decision are both ${c.draft_decision}`);
  });
  // Precise unevaluable records are a subset of those the static rule would call unevaluable.
  if (r.unevaluable_by_reading < r.unevaluable || r.unevaluable_by_reading > r.evaluated)
    fail(
      ['unevaluable_by_reading'],
      `is ${r.unevaluable_by_reading}, outside unevaluable (${r.unevaluable}) … evaluated (${r.evaluated})`,
    );
  const reasons = Object.keys(r.unevaluable_by_reason).sort();
  if (JSON.stringify(reasons) !== JSON.stringify(r.unevaluable_reasons))
    fail(['unevaluable_reasons'], 'must be the sorted keys of unevaluable_by_reason');
  for (const [reason, n] of Object.entries(r.unevaluable_by_reason)) {
    if (n > r.unevaluable)
      fail(['unevaluable_by_reason', reason], `is ${n}, more than unevaluable (${r.unevaluable})`);
  }
  if (r.unevaluable > 0 && reasons.length === 0)
    fail(['unevaluable_reasons'], `is empty, but ${r.unevaluable} records are unevaluable`);
  const scoreable = r.allowed + r.denied;
  for (const [rule, hits] of Object.entries(r.rule_hits)) {
    if (hits > scoreable)
      fail(['rule_hits', rule], `is ${hits}, more than the ${scoreable} scoreable records`);
  }
  if (r.recorded_mismatch > r.evaluated)
    fail(['recorded_mismatch'], `is ${r.recorded_mismatch}, more than evaluated (${r.evaluated})`);
  const grouped = r.change_groups.reduce((sum, g) => sum + g.count, 0);
  if (r.change_groups.length > r.change_groups_total)
    fail(
      ['change_groups'],
      `lists ${r.change_groups.length} groups, more than change_groups_total (${r.change_groups_total})`,
    );
  if (grouped > r.changes_total)
    fail(['change_groups'], `count ${grouped} changes, more than changes_total (${r.changes_total})`);
  if (r.change_groups.length === r.change_groups_total && grouped !== r.changes_total)
    fail(['change_groups'], `count ${grouped} changes, but changes_total is ${r.changes_total}`);
  // A shard report carries every group (merge re-caps them); a whole report at most max_groups.
  const partial = r.change_groups.some((g) => g.partial !== undefined);
  if (!partial && r.change_groups.length > maxGroups)
    fail(
      ['change_groups'],
      `lists ${r.change_groups.length} groups, more than meta.max_groups (${maxGroups})`,
    );
  problems.push(...reviewInvariants(r, maxGroups));
  if (r.coverage)
    for (const p of coverageInvariants(r.coverage, maxGroups))
      problems.push({ path: ['coverage', ...p.path], message: p.message });
  const { count: malformed, examples } = r.malformed;
  if (examples.length > Math.min(malformed, MAX_MALFORMED_EXAMPLES))
    fail(
      ['malformed', 'examples'],
      `lists ${examples.length}, more than count (${malformed}) or ${MAX_MALFORMED_EXAMPLES}`,
    );
  return problems;
}

/** The invariants of docs/review.md's fields: by_edit, newly_unevaluable, base_counts. */
function reviewInvariants(r: Result, maxGroups: number): { path: PathSegment[]; message: string }[] {
  const problems: { path: PathSegment[]; message: string }[] = [];
  const fail = (path: PathSegment[], message: string) => problems.push({ path, message });
  if (r.by_edit !== null) {
    const rows = r.by_edit.reduce(
      (sum, row) => sum + row.newly_allowed + row.newly_denied + row.unknown_to_allow + row.unknown_to_deny,
      0,
    );
    if (rows !== r.changes_total)
      fail(['by_edit'], `counts ${rows} changes, but changes_total is ${r.changes_total}`);
  }
  const lost = r.newly_unevaluable;
  if (lost !== null) {
    const grouped = lost.groups.reduce((sum, g) => sum + g.count, 0);
    const total = lost.from_allow + lost.from_deny;
    if (
      lost.groups.length > lost.groups_total ||
      (lost.groups.length === lost.groups_total && grouped !== total)
    )
      fail(
        ['newly_unevaluable', 'groups'],
        `count ${grouped} requests in ${lost.groups.length} of ${lost.groups_total} groups, but from_allow + from_deny is ${total}`,
      );
    const partial = lost.groups.some((g) => g.partial !== undefined);
    if (!partial && lost.groups.length > maxGroups)
      fail(
        ['newly_unevaluable', 'groups'],
        `lists ${lost.groups.length} groups, more than meta.max_groups (${maxGroups})`,
      );
  }
  const base = r.base_counts;
  if (base !== null && base.allowed + base.denied + base.unevaluable !== r.evaluated)
    fail(
      ['base_counts'],
      `add up to ${base.allowed + base.denied + base.unevaluable}, but evaluated is ${r.evaluated}`,
    );
  return problems;
}

const reportSchema = z
  .strictObject({ meta: metaSchema, errors: z.array(errorSchema), result: resultSchema.nullable() })
  .superRefine((report, ctx) => {
    const shard = report.meta.shard;
    if (shard && shard.index > shard.count)
      ctx.addIssue({
        code: 'custom',
        path: ['meta', 'shard', 'index'],
        message: `is more than count (${shard.count})`,
      });
    if ((report.result === null) !== report.errors.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['result'],
        message:
          report.result === null ? 'is null, but errors is empty' : 'is present, but errors lists problems',
      });
    if (report.result === null) return;
    for (const p of resultInvariants(report.result, report.meta.max_changes, report.meta.max_groups))
      ctx.addIssue({ code: 'custom', path: ['result', ...p.path], message: p.message });
  });

export type ReportCheck = { ok: true; report: ReplayReport } | { ok: false; problems: string[] };

/**
 * Checks a parsed JSON value against the report's schema and invariants; every problem, as
 * `path: message`. A valid value is returned as it is (zod's copy would reorder the keys of the
 * open fidelity section, and the merged report must be byte-identical to a single run's).
 */
export function checkReport(value: unknown): ReportCheck {
  const parsed = reportSchema.safeParse(value);
  if (parsed.success) return { ok: true, report: value as ReplayReport };
  const problems = parsed.error.issues.map((issue) => {
    const path = issue.path.filter((s): s is PathSegment => typeof s !== 'symbol');
    const where = path.length === 0 ? '(report)' : formatPath(path);
    const message =
      issue.code === 'unrecognized_keys'
        ? `unknown key${issue.keys.length > 1 ? 's' : ''} ${boundedList(issue.keys.map((k) => JSON.stringify(k)))} (a report of another version?)`
        : issue.message;
    return `${where}: ${message}`;
  });
  return { ok: false, problems };
}
