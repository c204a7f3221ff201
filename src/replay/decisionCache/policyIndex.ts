import type { Policy, Rule } from '../../policy/schema.js';
import { classifyField } from '../../policy/fields.js';
import { addPath, keyNodes, requestPath, type ReadSet, type ReadTree } from './readSet.js';
import { LeafSets, type ValueLeaf } from './valueClasses.js';
import { activeWindow, windowId, type ActiveWindow } from './windows.js';

/**
 * The policies taken apart once into what a key reads: the read set, the value leaves, and each
 * distinct rule body as the AND of its parts (docs/decision-cache.md "The folded key"). Built by
 * a pure function; nothing here changes after indexPolicies returns (every field is readonly).
 */

/**
 * One condition as a conjunction tests it: the set `set` of leaf `leaf`, `in` or `not_in`. The leaf
 * indexes the call leaves (callRules) or the set leaves (leafRules).
 */
export interface SetTest {
  readonly leaf: number;
  readonly set: number;
  readonly negate: boolean;
}

/** An is_batch or unparsable_calls condition: `boolean_in`/`number_in` of the generated Rego. */
export interface ExactTest {
  /** Its leaf, an index into `exactLeaves`. */
  readonly leaf: number;
  /** The JSON type the value must have for `in` or `not_in` to hold at all. */
  readonly type: 'boolean' | 'number';
  readonly values: ReadonlySet<boolean | number>;
  readonly negate: boolean;
}

/** A rule's body as a folded key judges it: its parts, each an index (-1: the rule has none). */
export interface RuleBody {
  /** Into `windows`. */
  readonly window: number;
  /** Into `leafRules`: the conjunction of its request and caller set conditions. */
  readonly leafRule: number;
  /** Into `callRules`: some call satisfies it (deny) or every call of a non-empty batch (allow). */
  readonly callRule: number;
  readonly deny: boolean;
  /** Its call conditions read two or more call fields (an unpaired batch's deny part differs). */
  readonly combined: boolean;
  readonly exact: readonly ExactTest[];
}

/** A request or caller leaf, and where its mask bit is (KeyMask.request / KeyMask.identity). */
export interface RootedLeaf {
  readonly leaf: ValueLeaf;
  readonly root: 'request' | 'identity';
  /** Its index in requestLeaves or identityLeaves. */
  readonly index: number;
}

export interface PolicyIndex {
  readonly reads: ReadSet;
  /** Sorted by zone, so a key converts the time once per zone. */
  readonly windows: readonly ActiveWindow[];
  readonly requestLeaves: readonly ValueLeaf[];
  readonly identityLeaves: readonly ValueLeaf[];
  readonly callLeaves: readonly ValueLeaf[];
  /** The request and caller leaves compared with value sets (not is_batch, unparsable_calls, flags). */
  readonly setLeaves: readonly RootedLeaf[];
  /** The other request and caller leaves: is_batch, unparsable_calls, the context flags. */
  readonly exactLeaves: readonly RootedLeaf[];
  /** The context flags (identity.verified, identity.attributes_resolved): kept in a folded key. */
  readonly contextFlags: readonly RootedLeaf[];
  /** Each distinct conjunction of request and caller set conditions some rule has. */
  readonly leafRules: readonly (readonly SetTest[])[];
  /** Each distinct conjunction of call conditions some rule has. */
  readonly callRules: readonly (readonly SetTest[])[];
  /** Each distinct rule body of the policies. */
  readonly ruleBodies: readonly RuleBody[];
}

interface CallTestText {
  field: string;
  values: string[];
  negate: boolean;
}
interface LeafTestText {
  path: string[];
  values: string[];
  negate: boolean;
}
interface ExactTestText {
  path: string[];
  values: (boolean | number)[];
  negate: boolean;
}
/** A rule body by the ids of its conjunctions and window (numbered once all are collected). */
interface BodyText {
  window: string | null;
  leaf: string | null;
  call: string | null;
  deny: boolean;
  combined: boolean;
  exact: ExactTestText[];
}

/** What indexPolicies gathers from the rules before numbering it. */
interface Gathered {
  request: ReadTree;
  identity: ReadTree;
  callFields: Set<string>;
  requestSets: LeafSets;
  identitySets: LeafSets;
  callSets: LeafSets;
  windows: Map<string, ActiveWindow>;
  callRules: Map<string, CallTestText[]>;
  leafRules: Map<string, LeafTestText[]>;
  bodies: BodyText[];
}

/** What every generated module reads whatever its rules (generate.ts HELPERS). */
function gatheredHelpers(): Gathered {
  const g: Gathered = {
    request: new Map(),
    identity: new Map(),
    callFields: new Set(),
    requestSets: new LeafSets(),
    identitySets: new LeafSets(),
    callSets: new LeafSets(),
    windows: new Map(),
    callRules: new Map(),
    leafRules: new Map(),
    bodies: [],
  };
  // The context flags: `verified == true`, `attributes_resolved == true`.
  g.identitySets.add(['verified'], true, []);
  g.identitySets.add(['attributes_resolved'], true, []);
  addPath(g.identity, ['verified']);
  addPath(g.identity, ['attributes_resolved']);
  addPath(g.request, ['time']);
  // `calls` is read whatever the policy's fields (count(calls) > 0 in allow rules); it is
  // projected on its own (projectInput), below an `mcp` object read in part.
  g.request.set('mcp', new Map());
  return g;
}

function exactTestsOf(rule: Rule): ExactTestText[] {
  return rule.conditions.flatMap((condition) => {
    const kind = classifyField(condition.field);
    if (kind.kind !== 'is_batch' && kind.kind !== 'unparsable_calls') return [];
    const values = condition.values.map((v) => (kind.kind === 'is_batch' ? v === 'true' : Number(v)));
    return [{ path: requestPath(kind)!, values, negate: condition.operator === 'not_in' }];
  });
}

function gatherRule(g: Gathered, rule: Rule): void {
  const callTests: CallTestText[] = [];
  const leafTests: LeafTestText[] = [];
  for (const condition of rule.conditions) {
    const kind = classifyField(condition.field);
    const negate = condition.operator === 'not_in';
    if (kind.kind === 'call') {
      g.callFields.add(kind.name);
      g.callSets.add([kind.name], false, condition.values);
      callTests.push({ field: kind.name, values: condition.values, negate });
      continue;
    }
    const path = requestPath(kind)!;
    addPath(path[0] === 'request' ? g.request : g.identity, path.slice(1));
    const exact = kind.kind === 'is_batch' || kind.kind === 'unparsable_calls';
    (path[0] === 'request' ? g.requestSets : g.identitySets).add(path.slice(1), exact, condition.values);
    if (!exact) leafTests.push({ path, values: condition.values, negate });
  }
  const callId = callTests.length > 0 ? JSON.stringify(callTests) : null;
  const leafId = leafTests.length > 0 ? JSON.stringify(leafTests) : null;
  if (callId !== null) g.callRules.set(callId, callTests);
  if (leafId !== null) g.leafRules.set(leafId, leafTests);
  const window = rule.active_window;
  const id = window ? windowId(window) : null;
  g.bodies.push({
    window: id,
    leaf: leafId,
    call: callId,
    deny: rule.effect === 'deny',
    combined: new Set(callTests.map((t) => t.field)).size >= 2,
    exact: exactTestsOf(rule),
  });
  if (window && !g.windows.has(id!)) g.windows.set(id!, activeWindow(window));
}

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function rooted(root: 'request' | 'identity', leaves: readonly ValueLeaf[]): RootedLeaf[] {
  return leaves.map((leaf, index) => ({ leaf, root, index }));
}

function ruleBodiesOf(
  g: Gathered,
  windowIds: readonly string[],
  exactLeaves: readonly RootedLeaf[],
): RuleBody[] {
  const leafIds = [...g.leafRules.keys()];
  const callIds = [...g.callRules.keys()];
  const distinct = new Map<string, RuleBody>();
  for (const b of g.bodies) {
    const body: RuleBody = {
      window: b.window === null ? -1 : windowIds.indexOf(b.window),
      leafRule: b.leaf === null ? -1 : leafIds.indexOf(b.leaf),
      callRule: b.call === null ? -1 : callIds.indexOf(b.call),
      deny: b.deny,
      combined: b.combined,
      exact: b.exact.map((t) => ({
        leaf: exactLeaves.findIndex(
          (l) => l.root === t.path[0] && l.leaf.path.join('.') === t.path.slice(1).join('.'),
        ),
        type: typeof t.values[0] === 'boolean' ? ('boolean' as const) : ('number' as const),
        values: new Set(t.values),
        negate: t.negate,
      })),
    };
    distinct.set(JSON.stringify({ ...body, exact: b.exact }), body);
  }
  return [...distinct.values()];
}

/** The index of what `policies` read: one key serves every one of them. Pure. */
export function indexPolicies(policies: readonly Policy[]): PolicyIndex {
  const g = gatheredHelpers();
  for (const policy of policies) for (const rule of policy.rules) gatherRule(g, rule);
  const sortedWindows = [...g.windows.entries()].sort(
    ([a, x], [b, y]) => order(x.zone.name, y.zone.name) || order(a, b),
  );
  const requestLeaves = g.requestSets.leaves();
  const identityLeaves = g.identitySets.leaves();
  const callLeaves = g.callSets.leaves();
  const all = [...rooted('request', requestLeaves), ...rooted('identity', identityLeaves)];
  const setLeaves = all.filter((l) => !l.leaf.exact);
  const exactLeaves = all.filter((l) => l.leaf.exact);
  const leafRules = [...g.leafRules.values()].map((tests) =>
    tests.map((t) => {
      const leaf = setLeaves.findIndex(
        (l) => l.root === t.path[0] && JSON.stringify(l.leaf.path) === JSON.stringify(t.path.slice(1)),
      );
      return { leaf, set: setLeaves[leaf]!.leaf.indexOf(t.values), negate: t.negate };
    }),
  );
  const callRules = [...g.callRules.values()].map((tests) =>
    tests.map((t) => {
      const leaf = callLeaves.findIndex((l) => l.path[0] === t.field);
      return { leaf, set: callLeaves[leaf]!.indexOf(t.values), negate: t.negate };
    }),
  );
  const contextFlags = exactLeaves.filter(
    (l) =>
      l.root === 'identity' &&
      (l.leaf.path.join('.') === 'verified' || l.leaf.path.join('.') === 'attributes_resolved'),
  );
  const reads: ReadSet = {
    request: keyNodes(g.request),
    identity: keyNodes(g.identity),
    callFields: keyNodes(new Map([...g.callFields].sort().map((f) => [f, true as const]))),
  };
  // Immutable by its readonly type, not frozen: frozen arrays slow the per-record loops.
  return {
    reads,
    windows: sortedWindows.map(([, w]) => w),
    requestLeaves,
    identityLeaves,
    callLeaves,
    setLeaves,
    exactLeaves,
    contextFlags,
    leafRules,
    callRules,
    ruleBodies: ruleBodiesOf(
      g,
      sortedWindows.map(([id]) => id),
      exactLeaves,
    ),
  };
}
