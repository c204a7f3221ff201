/**
 * The Rego replay report (regoReport.ts) as a schema, with the invariants every report this tool
 * writes holds: what `merge` checks in each partial report before it adds anything up (a partial is
 * a file anyone can edit). Strict: a field this version does not know is refused, not dropped.
 */
import { z } from 'zod';
import { formatPath, type PathSegment } from '../document/path.js';
import { errorSchema, metaSchema } from '../replay/report/reportSchema.js';
import { MAX_MALFORMED_EXAMPLES } from '../replay/report/report.js';
import { REGO_DIRECTIONS, REGO_LOST_DIRECTIONS, type RegoReport } from './regoReport.js';

const WHOLE = 'must be a whole number ≥ 0';
const count = z.int(WHOLE).min(0, WHOLE);
const direction = z.enum(REGO_DIRECTIONS);
const decision = z.enum(['allow', 'deny', 'unknown', 'error', 'none']);
const instant = z.string().nullable();
const edit = z.union([
  z.strictObject({
    kind: z.literal('rule'),
    ref: z.string(),
    change: z.enum(['added', 'removed', 'modified']),
    file: z.string(),
    line: count,
  }),
  z.strictObject({
    kind: z.literal('data'),
    pointer: z.string(),
    change: z.enum(['added', 'removed', 'modified']),
  }),
]);
const directionCounts = Object.fromEntries(REGO_DIRECTIONS.map((d) => [d, count])) as Record<
  (typeof REGO_DIRECTIONS)[number],
  typeof count
>;
const changeRow = z.strictObject({
  request_id: z.string(),
  occurred_at: instant,
  change: direction,
  current_decision: decision,
  draft_decision: decision,
  differences: z
    .array(z.strictObject({ pointer: z.string(), base: z.string().nullable(), head: z.string().nullable() }))
    .max(3),
  errors: z.strictObject({ base: z.string().nullable(), head: z.string().nullable() }),
  because: z.array(edit),
  joint: z.boolean(),
});
const groupOf = <D extends z.ZodType>(directions: D) =>
  z.strictObject({
    direction: directions,
    because: z.array(edit),
    joint: z.boolean(),
    count,
    first_at: instant,
    last_at: instant,
    examples: z.array(z.string()).max(3),
  });
const group = groupOf(direction);
const lostGroup = groupOf(z.enum(REGO_LOST_DIRECTIONS));
const partialGroups = <G extends z.ZodType>(g: G) =>
  z.array(z.strictObject({ group: g, examples_at: z.array(instant).max(3) }));
const sides = z.strictObject({ base: count, head: count });

const resultSchema = z.strictObject({
  evaluated: count,
  allowed: count,
  denied: count,
  unevaluable: count,
  unevaluable_reasons: z.array(z.string()),
  unevaluable_by_reason: z.record(z.string(), count),
  changes: z.array(changeRow),
  changes_total: count,
  ...directionCounts,
  from_unknown: count,
  edits: z.array(edit).nullable(),
  change_groups: z.array(group),
  change_groups_total: count,
  by_edit: z
    .array(z.strictObject({ edits: z.array(edit), joint: z.boolean(), ...directionCounts }))
    .nullable(),
  newly_unevaluable: z
    .strictObject({ from_allow: count, from_deny: count, groups: z.array(lostGroup), groups_total: count })
    .nullable(),
  base_counts: z.strictObject({ allowed: count, denied: count, unevaluable: count }).nullable(),
  sample_window: z.strictObject({ first_at: instant, last_at: instant }),
  malformed: z.strictObject({
    count,
    examples: z
      .array(
        z.strictObject({
          file: z.string().optional(),
          line: count.optional(),
          index: count.optional(),
          reason: z.string(),
        }),
      )
      .max(MAX_MALFORMED_EXAMPLES),
  }),
  recorded_mismatch: count,
  without_recorded_result: count.nullable(),
  policy_revisions: z
    .array(z.strictObject({ revision: z.string().nullable(), records: count, drift: count }))
    .nullable(),
  partial: z
    .strictObject({
      changes: z.array(changeRow),
      groups: partialGroups(group),
      lost_groups: partialGroups(lostGroup),
    })
    .optional(),
  evaluation: z.strictObject({
    partial: sides,
    partial_unevaluable: sides,
    whole_input: z.strictObject({ base: z.boolean(), head: z.boolean() }),
    nd_builtin_not_recorded: z.record(z.string(), count),
    input_not_recorded: z.record(z.string(), count),
  }),
  fidelity: z.looseObject({ records_by_level: z.record(z.string(), count) }).optional(),
});

type Result = z.infer<typeof resultSchema>;

/** The counts that must agree with each other. */
function invariants(r: Result, ctx: z.RefinementCtx): void {
  const problem = (path: PathSegment[], message: string) =>
    ctx.addIssue({ code: 'custom', path: ['result', ...path], message });
  if (r.allowed + r.denied + r.unevaluable !== r.evaluated)
    problem(['evaluated'], 'is not allowed + denied + unevaluable');
  if (REGO_DIRECTIONS.reduce((n, d) => n + r[d], 0) !== r.changes_total)
    problem(['changes_total'], 'is not the sum of the directions');
  if (r.unknown_to_allow + r.unknown_to_deny !== r.from_unknown)
    problem(['from_unknown'], 'is not unknown_to_allow + unknown_to_deny');
  if (r.changes.length > r.changes_total) problem(['changes'], 'lists more than changes_total');
  if (r.malformed.examples.length > r.malformed.count)
    problem(['malformed', 'examples'], 'lists more than count');
  if (r.partial !== undefined) {
    if (r.partial.groups.reduce((n, g) => n + g.group.count, 0) !== r.changes_total)
      problem(['partial', 'groups'], 'do not add up to changes_total');
    for (const d of REGO_DIRECTIONS)
      if (r.partial.changes.filter((c) => c.change === d).length > r[d])
        problem(['partial', 'changes'], `list more ${d} than its count`);
    for (const key of ['groups', 'lost_groups'] as const)
      for (const [i, g] of r.partial[key].entries())
        if (g.examples_at.length !== g.group.examples.length)
          problem(['partial', key, i, 'examples_at'], 'is not one per example');
    const lost = r.newly_unevaluable;
    if (
      lost !== null &&
      r.partial.lost_groups.reduce((n, g) => n + g.group.count, 0) !== lost.from_allow + lost.from_deny
    )
      problem(['partial', 'lost_groups'], 'do not add up to newly_unevaluable');
  }
}

const regoReportSchema = z.strictObject({
  meta: metaSchema.extend({
    policy_kind: z.literal('rego'),
    rego: z.strictObject({
      decision_path: z.string(),
      mapping: z.union([
        z.strictObject({ kind: z.literal('boolean') }),
        z.strictObject({ kind: z.literal('field'), field: z.string() }),
        z.strictObject({ kind: z.literal('deny-when-nonempty') }),
      ]),
      rego_version: z.strictObject({
        base: z.enum(['v0', 'v1']).nullable(),
        head: z.enum(['v0', 'v1']).nullable(),
      }),
      engine_version: z.string(),
    }),
  }),
  errors: z.array(errorSchema),
  result: resultSchema.superRefine(invariants).nullable(),
});

export type RegoReportCheck = { ok: true; report: RegoReport } | { ok: false; problems: string[] };

export function checkRegoReport(value: unknown): RegoReportCheck {
  const parsed = regoReportSchema.safeParse(value);
  if (parsed.success) return { ok: true, report: value as RegoReport };
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => {
      const path = issue.path.filter((s): s is PathSegment => typeof s !== 'symbol');
      return `${path.length === 0 ? '(report)' : formatPath(path)}: ${issue.message}`;
    }),
  };
}
