import { describe, it, expect, afterAll } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { parse } from 'yaml';
import type { Policy } from '../../src/policy/schema.js';
import { editsOf, type Edit } from '../../src/policy/edits.js';
import { ruleDiff } from '../../src/policy/ruleDiff.js';
import { withEditApplied, withEditReverted } from '../../src/policy/variants.js';
import type { ReplayResult } from '../../src/replay/report/report.js';
import { policyYaml, repoRoot, run, tempDir, writeJsonl } from '../replay/helpers.js';
import { SIZES } from '../support/sizes.js';

/**
 * docs/review.md "Which edit caused each change": `because` must be exactly the counterfactual
 * cause set of every change and of every request the head can no longer judge. The oracle
 * compiles each single-edit variant (the head with one edit reverted, the base with one edit
 * applied) with OPA and replays the sample through it with the normal replay; the product
 * judges variants with the reference evaluator instead, so the two are independent. Requests are
 * compared by group key (direction, head rules, method, tools, cause set) and count, which are
 * equal exactly when every request has its cause set. PROPERTY_SEED reproduces a failure.
 */
const SEED = Number(process.env.PROPERTY_SEED ?? 20261202);
const tmp = tempDir('attribution-');
afterAll(() => tmp.cleanup());

type Truth = 'allow' | 'deny' | 'unknown';

/** Every record's decision under `policy`: a new policy's replay lists each scoreable record as a change. */
async function decisionsOf(policy: Policy, trafficPath: string): Promise<Map<string, Truth>> {
  const report = await run({ head: policyYaml(policy), base: null, trafficPath, maxChanges: 100_000 });
  expect(report.errors).toEqual([]);
  const r = report.result!;
  expect(r.changes.length).toBe(r.changes_total);
  return new Map(r.changes.map((c) => [c.request_id, c.draft_decision]));
}

const truthOf = (decisions: Map<string, Truth>, id: string): Truth => decisions.get(id) ?? 'unknown';

/** The spec's three steps, on decisions the oracle replayed. */
function expectedCauses(
  id: string,
  head: Truth,
  edits: readonly Edit[],
  reverted: Map<string, Truth>[],
  applied: Map<string, Truth>[],
): { because: Edit[]; joint: boolean } {
  const butFor = edits.filter((_, i) => truthOf(reverted[i]!, id) !== head);
  if (butFor.length > 0) return { because: butFor, joint: false };
  const sufficient = edits.filter((_, i) => truthOf(applied[i]!, id) === head);
  if (sufficient.length > 0) return { because: sufficient, joint: false };
  return { because: [...edits], joint: true };
}

interface Keyed {
  direction: string;
  head_rules: string[];
  method: string | null;
  tools: string[];
  because: Edit[];
  joint: boolean;
  count: number;
}

function tally(groups: readonly Keyed[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const g of groups) {
    const key = JSON.stringify([g.direction, g.head_rules, g.method, g.tools, g.because, g.joint]);
    out[key] = (out[key] ?? 0) + g.count;
  }
  return out;
}

/**
 * Checks a whole report against the oracle. `records` gives each request's method and tools as
 * the report shows them (from the head's own change rows and the newly unevaluable groups).
 */
async function checkAgainstOracle(base: Policy, head: Policy, trafficPath: string, r: ReplayResult) {
  const edits = editsOf(ruleDiff(base, head));
  const [baseDecisions, headDecisions, reverted, applied] = await Promise.all([
    decisionsOf(base, trafficPath),
    decisionsOf(head, trafficPath),
    Promise.all(edits.map((e) => decisionsOf(withEditReverted(head, base, e), trafficPath))),
    Promise.all(edits.map((e) => decisionsOf(withEditApplied(base, head, e), trafficPath))),
  ]);
  const expected: Keyed[] = [];
  for (const c of r.changes) {
    const causes = expectedCauses(c.request_id, c.draft_decision, edits, reverted, applied);
    const direction =
      c.current_decision === 'unknown'
        ? `unknown_to_${c.draft_decision}`
        : c.draft_decision === 'allow'
          ? 'newly_allowed'
          : 'newly_denied';
    expected.push({
      direction,
      head_rules: c.matched_rule_ids,
      method: c.method,
      tools: c.tools,
      ...causes,
      count: 1,
    });
  }
  expect(r.changes.length).toBe(r.changes_total);
  expect(tally(r.change_groups)).toEqual(tally(expected));
  // The requests the head can no longer judge: their count by the oracle, and their causes.
  const lost = [...baseDecisions].filter(([id]) => truthOf(headDecisions, id) === 'unknown');
  const fromAllow = lost.filter(([, d]) => d === 'allow').length;
  expect(r.newly_unevaluable).toMatchObject({ from_allow: fromAllow, from_deny: lost.length - fromAllow });
  const lostCauses: Record<string, number> = {};
  for (const [id, d] of lost) {
    const key = JSON.stringify([`${d}_to_unknown`, expectedCauses(id, 'unknown', edits, reverted, applied)]);
    lostCauses[key] = (lostCauses[key] ?? 0) + 1;
  }
  const reported: Record<string, number> = {};
  for (const g of r.newly_unevaluable!.groups) {
    const key = JSON.stringify([g.direction, { because: g.because, joint: g.joint }]);
    reported[key] = (reported[key] ?? 0) + g.count;
  }
  expect(reported).toEqual(lostCauses);
  return { changes: r.changes_total, lost: lost.length, edits: edits.length };
}

describe('counterfactual because against replayed single-edit variants', () => {
  it('the example: every change and every newly unevaluable request has exactly its cause set', async () => {
    const example = join(repoRoot, 'fixtures/example');
    const base = parse(readFileSync(join(example, 'policies/base.yaml'), 'utf8')) as Policy;
    const head = parse(readFileSync(join(example, 'policies/head.yaml'), 'utf8')) as Policy;
    const traffic = tmp.file('example.jsonl');
    writeJsonl(
      traffic,
      gunzipSync(readFileSync(join(example, 'traffic/sample.jsonl.gz')))
        .toString('utf8')
        .split('\n')
        .filter((l) => l !== ''),
    );
    const report = await run({
      head: policyYaml(head),
      base: policyYaml(base),
      trafficPath: traffic,
      maxChanges: 100_000,
    });
    expect(report.meta.attribution).toEqual({ method: 'counterfactual', edits: 6, max_edits: 64 });
    const seen = await checkAgainstOracle(base, head, traffic, report.result!);
    expect(seen).toEqual({ changes: 636, lost: 32, edits: 6 });
    // by_edit: one row per cause set, summing to changes_total, no request counted twice.
    const rows = report.result!.by_edit!;
    const sum = rows.reduce(
      (s, x) => s + x.newly_allowed + x.newly_denied + x.unknown_to_allow + x.unknown_to_deny,
      0,
    );
    expect(sum).toBe(636);
    expect(rows.map((x) => x.edits.map((e) => ('rule' in e ? e.rule : e.setting)).join(' + '))).toEqual([
      'allow-read-tools',
      'allow-reporting',
      'allow-deploys-office-hours',
      'on_missing_context',
      'deny-contractor-exports + allow-finance-exports',
      'allow-finance-exports',
    ]);
  }, 600_000);

  const TOOLS = ['read_file', 'write_file', 'run_shell'];
  const cond = (field: string, values: string[], operator: 'in' | 'not_in' = 'in') => ({
    field,
    operator,
    values,
  });
  const conditionArb = fc.oneof(
    fc
      .record({
        tool: fc.subarray(TOOLS, { minLength: 1 }),
        op: fc.constantFrom('in' as const, 'not_in' as const),
      })
      .map((c) => cond('tool', c.tool, c.op)),
    fc.subarray(['alice', 'bob'], { minLength: 1 }).map((v) => cond('subject', v)),
    fc.constantFrom('admin', 'reader').map((v) => cond('claim:role', [v])),
    fc.constantFrom('ops', 'dev').map((v) => cond('group', [v])),
  );
  const ruleArb = fc
    .record({
      effect: fc.constantFrom('allow' as const, 'deny' as const),
      conditions: fc.array(conditionArb, { minLength: 1, maxLength: 2 }),
      windowed: fc.boolean(),
    })
    .map(({ effect, conditions, windowed }) => ({
      effect,
      conditions,
      ...(windowed
        ? {
            active_window: {
              days: ['mon', 'tue', 'wed', 'thu', 'fri'],
              from: '09:00',
              to: '17:00',
              timezone: 'UTC',
            },
          }
        : {}),
    }));
  const pairArb = fc
    .record({
      rules: fc.array(ruleArb, { minLength: 1, maxLength: 3 }),
      fate: fc.array(fc.constantFrom('keep', 'drop', 'edit'), { minLength: 3, maxLength: 3 }),
      edited: fc.array(ruleArb, { minLength: 3, maxLength: 3 }),
      added: fc.array(ruleArb, { maxLength: 2 }),
      defaults: fc.tuple(
        fc.constantFrom('allow' as const, 'deny' as const),
        fc.constantFrom('allow' as const, 'deny' as const),
      ),
      missing: fc.tuple(
        fc.constantFrom('deny' as const, 'ignore' as const),
        fc.constantFrom('deny' as const, 'ignore' as const),
      ),
    })
    .map(({ rules, fate, edited, added, defaults, missing }) => {
      const baseRules = rules.map((r, i) => ({ id: `r${i}`, ...r }));
      const headRules = baseRules.flatMap((r, i) =>
        fate[i] === 'drop' ? [] : fate[i] === 'edit' ? [{ id: r.id, ...edited[i]! }] : [r],
      );
      headRules.push(...added.map((r, i) => ({ id: `new${i}`, ...r })));
      const base = {
        default_effect: defaults[0],
        on_missing_context: missing[0],
        rules: baseRules,
      } as Policy;
      const head = {
        default_effect: defaults[1],
        on_missing_context: missing[1],
        rules: headRules,
      } as Policy;
      return { base, head };
    });
  const recordArb = fc.record({
    tools: fc.array(fc.constantFrom(...TOOLS), { minLength: 1, maxLength: 2 }),
    subject: fc.constantFrom('alice', 'bob', null),
    role: fc.constantFrom('admin', 'reader', null),
    groups: fc.subarray(['ops', 'dev']),
    verified: fc.constantFrom(true, true, true, false),
    hour: fc.integer({ min: 0, max: 23 }),
    lost: fc.constantFrom('none', 'none', 'claims', 'time'),
  });

  it('generated policy pairs, with records the policies cannot always judge', async () => {
    const seen = { changes: 0, lost: 0, runs: 0 };
    await fc.assert(
      fc.asyncProperty(
        pairArb,
        fc.array(recordArb, { minLength: 30, maxLength: 60 }),
        async (pair, drawn) => {
          const records = drawn.map((d, i) => ({
            request_id: `q${i}`,
            occurred_at: `2026-11-27T${String(d.hour).padStart(2, '0')}:00:00Z`,
            input: {
              request: {
                time: `2026-11-27T${String(d.hour).padStart(2, '0')}:00:00Z`,
                mcp: { calls: d.tools.map((tool) => ({ method: 'tools/call', tool })) },
              },
              identity: {
                verified: d.verified,
                attributes_resolved: true,
                groups: d.groups,
                ...(d.subject === null ? {} : { subject: d.subject }),
                claims: d.role === null ? {} : { role: d.role },
              },
            },
            ...(d.lost === 'claims' ? { unavailable: ['identity.claims'] } : {}),
            ...(d.lost === 'time' ? { unavailable: ['request.time'] } : {}),
          }));
          const traffic = writeJsonl(tmp.file(`pair-${seen.runs++}.jsonl`), records);
          const report = await run({
            head: policyYaml(pair.head),
            base: policyYaml(pair.base),
            trafficPath: traffic,
            maxChanges: 100_000,
          });
          expect(report.errors).toEqual([]);
          const counted = await checkAgainstOracle(pair.base, pair.head, traffic, report.result!);
          seen.changes += counted.changes;
          seen.lost += counted.lost;
        },
      ),
      { seed: SEED, numRuns: SIZES.attribution.pairs },
    );
    // Not vacuous: the pairs changed decisions, and some the head could no longer judge.
    expect(seen.changes).toBeGreaterThan(SIZES.attribution.pairs * 5);
    expect(seen.lost).toBeGreaterThan(0);
  }, 900_000);
});
