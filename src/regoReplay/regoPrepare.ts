/**
 * Both versions of a Rego policy made ready to replay (docs/rego.md "Inputs", "Refused"): read,
 * loaded into one engine as the sides `base` and `head`, checked for what refuses a replay, and
 * their edits with the variant sides that `because` evaluates. A policy's own problems (a file that
 * does not parse or compile) are report errors with file, line and column; a refusal is a replay
 * that cannot decide as the service did.
 */
import { sha256OfText } from '../canonical/sha256.js';
import type { PolicyProblem } from '../policy/problems.js';
import type { RegoBundle } from '../regoPolicy/bundle.js';
import { EngineError, EngineProcess, type RegoVersion, type SideSpec } from '../regoPolicy/engineProcess.js';
import {
  dataOutsideBundle,
  regoVersionOf,
  undefinedDecisionPath,
  unknownBuiltin,
  type Refusal,
} from '../regoPolicy/preflight.js';
import { readRegoPolicy } from '../regoPolicy/readRegoPolicy.js';
import { normalizeDecisionPath } from '../traffic/decisionLog.js';
import { exactData } from '../regoPolicy/dataEdits.js';
import { editsOf, type ParsedSide, type RegoEdit } from '../regoPolicy/regoEdits.js';
import { reachableEdits, variantSides, type Because, type Reaches } from '../regoPolicy/regoBecause.js';
import type { InputReads } from '../regoPolicy/sideEvaluation.js';
import type { RuleSet } from '../regoPolicy/ruleSet.js';

/** A version of the policy as named by the command: where it is read and how it is shown. */
export interface RegoSource {
  path: string;
  shown: string;
}

export interface PreparedSide {
  name: 'base' | 'head';
  bundle: RegoBundle;
  version: RegoVersion;
  reads: InputReads;
  /** The rule groups (`data.pkg.rule`) and the data documents (`/data/...`) its decision can reach. */
  reaches: Reaches;
  /** A digest of the bundle as read (its modules, data, roots and version): meta's `sha256`. */
  sha256: string;
}

export interface PreparedRego {
  engine: EngineProcess;
  engineVersion: string;
  head: PreparedSide;
  base: PreparedSide | null;
  /** The edits of a compare (without a base: every rule and data document of the head, added). */
  edits: RegoEdit[] | null;
  /** Whether `because` reverts edits (a base, and 2 to maxAttributionEdits edits; one edit is its own cause). */
  counterfactual: boolean;
  /** Otherwise every change's `because`: the edits either side's decision can reach. */
  syntactic: Because;
  /** The reads of each variant side `because` evaluates, by side name. */
  variants: Map<string, InputReads>;
}

export type Prepared =
  | { kind: 'ready'; prepared: PreparedRego }
  | { kind: 'problems'; problems: PolicyProblem[] }
  | { kind: 'refused'; refusals: Refusal[] };

export interface PrepareOptions {
  head: RegoSource;
  base: RegoSource | null;
  decisionPath: string;
  regoVersion: RegoVersion | null;
  enginePath: string;
  maxAttributionEdits: number;
  /** Drift replays a saved policy against its log: there is no change, so no edit to name. */
  mode: 'compare' | 'drift';
}

/** An engine's complaint about a policy's text, where it is. */
function problemsOf(error: EngineError, source: RegoSource): PolicyProblem[] {
  const located =
    error.errors.length > 0 ? error.errors : [{ message: error.message, location: error.location }];
  return located.map((e) => ({
    file: e.location
      ? `${source.shown}${source.path.endsWith('.rego') ? '' : `/${e.location.file}`}`
      : source.shown,
    path: '',
    line: e.location?.line ?? 1,
    column: e.location?.column ?? 1,
    message: e.message,
    severity: 'error',
  }));
}

function digestOf(bundle: RegoBundle, version: RegoVersion): string {
  return sha256OfText(JSON.stringify([bundle.modules, bundle.data, bundle.roots, version]));
}

/** Reads, loads and checks both versions; the engine is closed unless the result is ready. */
export async function prepareRego(given: PrepareOptions): Promise<Prepared> {
  // One spelling of the path from here on: `/p/allow`, `data.p.allow` and `p/allow` are one path.
  const options = { ...given, decisionPath: normalizeDecisionPath(given.decisionPath) };
  const sources = [options.base, options.head].filter((s): s is RegoSource => s !== null);
  const read = await Promise.all(sources.map((s) => readRegoPolicy(s.path, s.shown)));
  const problems = read.flatMap((r) => (r.ok ? [] : r.problems));
  if (problems.length > 0) return { kind: 'problems', problems };
  const bundles = read.map((r) => (r.ok ? r.bundle : null)!);
  const named = sources.map((source, i) => ({
    name: (options.base !== null && i === 0 ? 'base' : 'head') as 'base' | 'head',
    source,
    bundle: bundles[i]!,
  }));
  const refusals: Refusal[] = [];
  const versions = named.map((s) => {
    const { version, refusal } = regoVersionOf(s.name, s.bundle, options.regoVersion);
    if (refusal !== null) refusals.push(refusal);
    return version;
  });
  if (refusals.length > 0) return { kind: 'refused', refusals };
  const engine = EngineProcess.open(options.enginePath);
  try {
    const outcome = await loadSides(engine, options, named, versions);
    if (outcome.kind !== 'ready') await engine.close();
    return outcome;
  } catch (error) {
    await engine.close();
    throw error;
  }
}

async function loadSides(
  engine: EngineProcess,
  options: PrepareOptions,
  named: { name: 'base' | 'head'; source: RegoSource; bundle: RegoBundle }[],
  versions: RegoVersion[],
): Promise<Prepared> {
  const specs = named.map((s, i): SideSpec => ({
    modules: s.bundle.modules,
    data: s.bundle.data,
    regoVersion: versions[i]!,
    decision: options.decisionPath,
  }));
  const problems: PolicyProblem[] = [];
  const refusals: Refusal[] = [];
  for (const [i, s] of named.entries()) {
    try {
      await engine.load({ [s.name]: specs[i]! });
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      if (error.kind === 'unknown_builtin') {
        const at = error.location;
        refusals.push(
          unknownBuiltin(s.name, error.message, at ? { file: at.file, line: at.line } : undefined),
        );
      } else problems.push(...problemsOf(error, s.source));
    }
  }
  if (problems.length > 0) return { kind: 'problems', problems };
  if (refusals.length > 0) return { kind: 'refused', refusals };
  const reads = await Promise.all(named.map((s) => engine.reads(s.name)));
  const rules = await Promise.all(named.map((s, i) => engine.rules(s.bundle.modules, versions[i])));
  named.forEach((s, i) => refusals.push(...dataOutsideBundle(s.name, s.bundle, reads[i]!.data)));
  const undefinedPath = undefinedDecisionPath(
    options.decisionPath,
    named.map((s, i) => ({ side: s.name, ruleRefs: rules[i]!.rules.map((g) => g.ref), bundle: s.bundle })),
  );
  if (undefinedPath !== null) refusals.push(undefinedPath);
  if (refusals.length > 0) return { kind: 'refused', refusals };
  const sides = named.map((s, i): PreparedSide => ({
    name: s.name,
    bundle: s.bundle,
    version: versions[i]!,
    reads: { pointers: reads[i]!.pointers, wholeInput: reads[i]!.wholeInput },
    reaches: { rules: reads[i]!.rules, data: reads[i]!.data },
    sha256: digestOf(s.bundle, versions[i]!),
  }));
  const head = sides.find((s) => s.name === 'head')!;
  const base = sides.find((s) => s.name === 'base') ?? null;
  const prepared: PreparedRego = {
    engine,
    engineVersion: await engine.version(),
    head,
    base,
    edits: null,
    counterfactual: false,
    syntactic: { edits: [], joint: false },
    variants: new Map(),
  };
  if (options.mode === 'compare') await addEdits(prepared, options, rules, named);
  return { kind: 'ready', prepared };
}

/** The edits of the change and, when `because` reverts them, their variant sides loaded. */
async function addEdits(
  prepared: PreparedRego,
  options: PrepareOptions,
  rules: RuleSet[],
  named: { name: 'base' | 'head'; bundle: RegoBundle }[],
): Promise<void> {
  const parsed = named.map((s, i): ParsedSide => ({
    modules: s.bundle.modules,
    data: exactData(s.bundle.data),
    rules: rules[i]!,
    regoVersion: s.name === 'base' ? prepared.base!.version : prepared.head.version,
  }));
  // A new policy is a change from nothing: every rule and data document of the head is added.
  const [base, head] = (prepared.base === null ? [emptySide(prepared.head.version), parsed[0]!] : parsed) as [
    ParsedSide,
    ParsedSide,
  ];
  const roots = prepared.head.bundle.roots ?? prepared.base?.bundle.roots ?? undefined;
  const edits = editsOf(base, head, roots === undefined ? undefined : [...roots]);
  prepared.edits = edits;
  prepared.syntactic = reachableEdits(
    edits,
    [prepared.base, prepared.head].flatMap((s) => (s === null ? [] : [s.reaches])),
  );
  // Reverting one edit of a v0 base into a v1 head would mix the two syntaxes in one module; a
  // new policy has no base to revert to (as for rule documents, its causes are read, not replayed).
  prepared.counterfactual =
    prepared.base !== null &&
    edits.length >= 2 &&
    edits.length <= options.maxAttributionEdits &&
    prepared.base.version === prepared.head.version;
  if (!prepared.counterfactual) return;
  const variants = variantSides(base, head, edits, {
    regoVersion: prepared.head.version,
    decision: options.decisionPath,
  });
  await prepared.engine.load(variants);
  for (const name of Object.keys(variants)) {
    const r = await prepared.engine.reads(name);
    prepared.variants.set(name, { pointers: r.pointers, wholeInput: r.wholeInput });
  }
}

/** No policy at all: no module, no rule, no data. */
function emptySide(regoVersion: RegoVersion): ParsedSide {
  return { modules: {}, data: exactData({}), rules: { rules: [], modules: {} }, regoVersion };
}
