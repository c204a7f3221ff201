/**
 * `result.coverage` (report.ts CoverageSection) as a schema, with the invariants that tie its
 * counts together (docs/report.md "coverage"); reportSchema.ts checks it with the rest.
 */
import { z } from 'zod';
import type { PathSegment } from '../../document/path.js';

const WHOLE = 'must be a whole number ≥ 0';
const count = z.int(WHOLE).min(0, WHOLE);

const basisSchema = z.strictObject({
  by: z.enum(['missing_context', 'deny_rules', 'default', 'allow_rules', 'no_policy']),
  rules: z.array(z.string()),
});

const tallySchema = z.strictObject({ kinds: count, covered: count });

/** The section of one shape; a shard's classes carry their example's sample position. */
function sectionSchema(editSchema: z.ZodType) {
  return z.strictObject({
    mode: z.enum(['exact', 'capped', 'not_analysed']),
    shape: z.enum(['mcp', 'any']),
    time: z.strictObject({
      exact: z.boolean(),
      horizon: z.strictObject({ start: z.string(), days: z.int().positive() }).nullable(),
    }),
    records: z.strictObject({ placed: count, partial: count, outside_mcp_shape: count.nullable() }),
    kinds: count,
    newly_allowed: tallySchema,
    newly_denied: tallySchema,
    classes: z.array(
      z.strictObject({
        key: z.string(),
        direction: z.enum(['newly_allowed', 'newly_denied']),
        because: z.array(editSchema),
        joint: z.boolean(),
        base_by: basisSchema,
        head_by: basisSchema,
        covered_by: count,
        example: z.string().nullable(),
        witness: z.strictObject({ id: z.string(), description: z.string() }).nullable(),
        partial: z.strictObject({ example_position: count.nullable() }).optional(),
      }),
    ),
    classes_total: count,
    not_analysed: z.array(z.string()),
  });
}

/** A shard's section adds `partial: {any}`, the same section under `any` (or null). */
export function coverageSchema(editSchema: z.ZodType) {
  const section = sectionSchema(editSchema);
  return section.extend({ partial: z.strictObject({ any: section.nullable() }).optional() });
}

type Section = z.infer<ReturnType<typeof sectionSchema>> & { partial?: { any: Section | null } };

/** The counts agree: kinds by direction, covered within kinds, classes within the cap. */
export function coverageInvariants(
  c: Section,
  maxGroups: number,
  /** Whether the section is a shard's; by default, whether it has `partial` (`partial.any` is). */
  shard = c.partial !== undefined,
): { path: PathSegment[]; message: string }[] {
  const problems: { path: PathSegment[]; message: string }[] = [];
  const fail = (path: PathSegment[], message: string) => problems.push({ path, message });
  const byDirection = c.newly_allowed.kinds + c.newly_denied.kinds;
  if (c.kinds !== byDirection)
    fail(['kinds'], `is ${c.kinds}, but newly_allowed.kinds + newly_denied.kinds is ${byDirection}`);
  for (const direction of ['newly_allowed', 'newly_denied'] as const)
    if (c[direction].covered > c[direction].kinds)
      fail([direction, 'covered'], `is ${c[direction].covered}, more than kinds (${c[direction].kinds})`);
  if (c.classes_total !== c.kinds) fail(['classes_total'], `is ${c.classes_total}, but kinds is ${c.kinds}`);
  // A shard's section lists every class (merge re-caps them), each saying where its example is.
  if (shard && c.classes.length !== c.classes_total)
    fail(
      ['classes'],
      `lists ${c.classes.length}, but a shard's section lists every class (${c.classes_total})`,
    );
  if (!shard && c.classes.length > Math.min(c.classes_total, maxGroups))
    fail(
      ['classes'],
      `lists ${c.classes.length}, more than classes_total (${c.classes_total}) or meta.max_groups (${maxGroups})`,
    );
  c.classes.forEach((k, i) => {
    if ((k.covered_by === 0) !== (k.example === null))
      fail(['classes', i, 'example'], 'must name a sample record exactly when covered_by is not 0');
    if ((k.partial !== undefined) !== shard)
      fail(
        ['classes', i, 'partial'],
        shard ? 'is missing in a shard section' : 'only a shard section has it',
      );
    else if (k.partial !== undefined && (k.partial.example_position === null) !== (k.example === null))
      fail(['classes', i, 'partial', 'example_position'], 'must be given exactly when example is');
  });
  if (c.partial?.any)
    for (const p of coverageInvariants(c.partial.any, maxGroups, true))
      fail(['partial', 'any', ...p.path], p.message);
  return problems;
}
