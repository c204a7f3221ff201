import { describe, expect, it } from '@jest/globals';
import { analyseCoverage, kindOf, symbolicDecisions, witnesses } from '../../src/coverage/analyse.js';
import { assignmentOf } from '../../src/coverage/concrete.js';
import { placeSignatures } from '../../src/coverage/covered.js';
import { addSignature, emptySignatures, recordSignature, signatureSpace } from '../../src/coverage/signature.js';
import type { AtomSpace } from '../../src/coverage/space.js';
import { evaluateReference } from '../../src/engine/reference.js';
import type { Policy } from '../../src/policy/schema.js';
import { options, policyOf } from './helpers.js';

/**
 * Lists of two calls or more (src/coverage/batchProfiles.ts, batchKinds.ts): the profiles are
 * exactly the bit vectors lists realise, and the lists an unchanged deny rule matches are left out
 * of the batch part, as both sides deny them.
 */

const RULES = `default_effect: deny
rules:
  - id: deny-prod-writes
    effect: deny
    conditions:
      - { field: tool, operator: in, values: [write_file, drop_table] }
      - { field: group, operator: not_in, values: [sre] }
  - id: deny-exports-contractors
    effect: deny
    conditions:
      - { field: tool, operator: in, values: [export_report] }
      - { field: attribute:employment, operator: in, values: [contractor] }
  - id: allow-reads
    effect: allow
    conditions:
      - { field: tool, operator: in, values: [read_file, search] }
  - id: allow-engineering
    effect: allow
    conditions:
      - { field: tool, operator: in, values: [read_file, search, write_file, drop_table] }
      - { field: group, operator: in, values: [engineering, sre] }
  - id: allow-reporting
    effect: allow
    conditions:
      - { field: tool, operator: in, values: [export_report, search] }
      - { field: group, operator: in, values: [analytics] }
`;

// The head widens the reads and narrows the reporting group; both deny rules stay as they are.
const base = policyOf(RULES);
const head = policyOf(
  RULES.replace('values: [read_file, search] }', 'values: [read_file, search, fetch_url] }').replace(
    'values: [analytics] }',
    'values: [analytics-leads] }',
  ),
);

const TOOLS = ['read_file', 'search', 'fetch_url', 'write_file', 'drop_table', 'export_report', 'other-tool'];
const CALLERS = [
  { groups: ['engineering'], attributes: { employment: 'staff' } },
  { groups: ['sre'], attributes: { employment: 'contractor' } },
  { groups: ['analytics'], attributes: { employment: 'contractor' } },
  { groups: ['analytics-leads'], attributes: { employment: 'staff' } },
];

function batchOf(caller: (typeof CALLERS)[number], tools: readonly string[]): unknown {
  return {
    request: {
      time: '2026-03-02T10:00:00Z',
      jsonrpc: { is_batch: true },
      mcp: { calls: tools.map((tool) => ({ method: 'tools/call', tool })) },
    },
    identity: { verified: true, attributes_resolved: true, subject: 'u-1', ...caller },
  };
}

/** Every list of two or three of the tools, each by every caller. */
function* lists(): Generator<unknown> {
  for (const caller of CALLERS)
    for (let i = 0; i < TOOLS.length; i++)
      for (let j = i; j < TOOLS.length; j++) {
        yield batchOf(caller, [TOOLS[i]!, TOOLS[j]!]);
        for (let k = j; k < TOOLS.length; k++) yield batchOf(caller, [TOOLS[i]!, TOOLS[j]!, TOOLS[k]!]);
      }
}

function quietedMatch(policy: Policy, input: unknown): boolean {
  const matched = evaluateReference(policy, input).matched_rule_ids;
  return matched.includes('deny-prod-writes') || matched.includes('deny-exports-contractors');
}

describe('lists of two calls or more', () => {
  const analysis = analyseCoverage(base, head, options('mcp'));
  const space = analysis.space as AtomSpace;
  const part = space.batch!;

  it('read the unchanged deny rules quietly and keep every quiet list in the universe', () => {
    expect(analysis.mode).toBe('exact');
    // Both deny rules are the same in both versions, and no edited constant is theirs.
    expect(space.calls.quieted.size).toBe(2);
    let quiet = 0;
    for (const input of lists()) {
      const a = assignmentOf(space, input);
      const value = (v: number): boolean => a.get(v) ?? false;
      expect(value(space.calls.quiet)).toBe(!quietedMatch(base, input));
      if (!value(space.calls.quiet)) continue;
      quiet++;
      expect(space.m.evaluate(part.universe, value)).toBe(true);
    }
    expect(quiet).toBeGreaterThan(100);
  });

  it('quiet a rule whose edit changes no meaning (a description, the order of its values)', () => {
    const reworded = policyOf(
      RULES.replace('values: [write_file, drop_table] }', 'values: [drop_table, write_file] }').replace(
            '  - id: deny-exports-contractors\n',
            '  - id: deny-exports-contractors\n    description: contractors export nothing\n',
          ),
    );
    const again = analyseCoverage(base, reworded, options('mcp'));
    expect(again.space!.calls.quieted.size).toBe(2);
    const changed = policyOf(RULES.replace('values: [sre] }', 'values: [sre, dba] }'));
    expect(analyseCoverage(base, changed, options('mcp')).space!.calls.quieted.size).toBe(1);
  });

  it('hold only profiles some list realises, with the calls that do', () => {
    for (const profile of part.profiles.profiles) {
      const cube = new Map<number, boolean>();
      space.calls.bits.forEach((bit, i) => {
        if (!space.calls.quieted.has(bit.variable)) cube.set(bit.variable, part.profiles.holds(profile, i));
      });
      const list = part.profiles.realise(cube);
      expect(list).not.toBeNull();
      expect(list!.calls.length).toBeGreaterThanOrEqual(2);
      space.calls.bits.forEach((bit, i) => {
        if (space.calls.quieted.has(bit.variable)) return;
        const each = list!.calls.map((call) => space.m.evaluate(bit.predicate, (v) => call.get(v) ?? false));
        const holds = bit.quantifier === 'exists' ? each.some(Boolean) : each.every(Boolean);
        expect(holds).toBe(part.profiles.holds(profile, i));
      });
    }
  });

  it('place no list an unchanged deny rule matches, and decide it as the reference does', () => {
    let left = 0;
    let placed = 0;
    for (const input of lists()) {
      const symbolic = symbolicDecisions(analysis, input);
      const want = { base: evaluateReference(base, input), head: evaluateReference(head, input) };
      expect(symbolic).toEqual(want);
      const kind = kindOf(analysis, input);
      if (quietedMatch(base, input)) {
        expect(want.base.allow || want.head.allow).toBe(false);
        expect(kind).toBeNull();
        left++;
        continue;
      }
      expect(kind !== null).toBe(want.base.allow !== want.head.allow);
      if (kind !== null) placed++;
    }
    expect([left > 0, placed > 0]).toEqual([true, true]);
  });

  it('give batch witnesses whose calls no unchanged deny rule matches for their caller', () => {
    const batchWitnesses = witnesses(analysis).filter((_, i) => analysis.kinds[i]!.batch);
    expect(batchWitnesses.length).toBeGreaterThan(0);
    for (const witness of batchWitnesses) {
      expect(quietedMatch(base, witness.input)).toBe(false);
      expect(kindOf(analysis, witness.input)).not.toBeNull();
    }
  });
});

describe('a list of two calls or more with unknowns', () => {
  // The quieted rule applies only outside batches; a batch's envelope says is_batch: true.
  const QUIET = `default_effect: deny
rules:
  - id: deny-x-alone
    effect: deny
    conditions:
      - { field: tool, operator: in, values: [x] }
      - { field: is_batch, operator: in, values: ["false"] }
  - id: allow-tools
    effect: allow
    conditions:
      - { field: tool, operator: in, values: [x, y] }
`;
  const widened = policyOf(QUIET.replace('values: [x, y] }', 'values: [x, y, z] }'));
  const narrow = policyOf(QUIET);

  it('is quiet when every completion the shape allows is, and covers its kind', () => {
    const analysis = analyseCoverage(narrow, widened, options('mcp'));
    expect(analysis.space!.calls.quieted.size).toBe(1);
    const input = batchOf(CALLERS[0]!, ['x', 'z']);
    const sig = signatureSpace(narrow, widened);
    const signatures = emptySignatures();
    const unknowns = { pointers: [['request', 'jsonrpc', 'is_batch']], unpaired: null };
    addSignature(signatures, recordSignature(sig, input, unknowns), 'r-1', 0);
    const placed = placeSignatures(analysis, sig, signatures);
    const covered = [...placed.kinds].filter(([, k]) => k.covered_by > 0).map(([key]) => key);
    // Under the MCP shape a list of two calls is a batch, so the unknown is_batch is true.
    expect(covered).toEqual([kindOf(analysis, input)!.key]);
    expect(covered[0]).toContain('| batch');
  });
});
