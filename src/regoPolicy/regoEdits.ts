/**
 * The edits of a Rego change (docs/rego-edits.md): each rule (package path + rule name, all its
 * definitions together) added, removed or modified as parsed, never as text, and each data
 * document path that changed. `editsOf` is pure over the two sides' rule sets (the engine's
 * `rules` answer); `regoEdits` asks the engine for them.
 */
import type { EngineProcess, RegoVersion } from './engineProcess.js';
import type { RuleDefinition, RuleGroup, RuleSet } from './ruleSet.js';
import {
  dataDifferences,
  exactData,
  pointerOf,
  type Change,
  type DataInput,
  type ExactObject,
} from './dataEdits.js';

/** One side of a change as given: file name → Rego text, and its data document. */
export interface RegoSide {
  modules: Record<string, string>;
  data?: DataInput;
}

/** A side with its data parsed exactly and its modules' rule groups. */
export interface ParsedSide {
  modules: Record<string, string>;
  data: ExactObject;
  rules: RuleSet;
  regoVersion: RegoVersion;
}

export interface EditLocation {
  file: string;
  /** 1-based. */
  line: number;
}

export interface RuleEdit {
  kind: 'rule';
  /** `data.httpapi.authz.allow` */
  ref: string;
  change: Change;
  /** The first line of the rule's first definition in the head (in the base when removed). */
  location: EditLocation;
  /**
   * The first definition that is new in the head (one whose canonical text the base's
   * definitions do not hold); the rule's `location` when the edit only removed definitions.
   */
  firstChange: EditLocation;
}

export interface DataEdit {
  kind: 'data';
  /** The keys from the top of `data` down: `["org", "managers"]`. */
  path: string[];
  /** The same as an RFC 6901 pointer: `/org/managers`. */
  pointer: string;
  change: Change;
}

export type RegoEdit = RuleEdit | DataEdit;

export interface EditOptions {
  regoVersion?: RegoVersion;
  /** The bundle's data roots (`org`, `k8s/admission`); inferred when absent (dataEdits.ts). */
  dataRoots?: string[];
}

/** A change: both sides parsed, and its edits in order. */
export interface RegoChange {
  base: ParsedSide;
  head: ParsedSide;
  edits: RegoEdit[];
}

/** The edits between two parsed sides: the head's rules in document order, then the rules only the base has, then data. */
export function editsOf(base: ParsedSide, head: ParsedSide, dataRoots?: string[]): RegoEdit[] {
  const baseGroups = new Map(base.rules.rules.map((g) => [g.ref, g]));
  const headRefs = new Set(head.rules.rules.map((g) => g.ref));
  const edits: RegoEdit[] = [];
  for (const h of head.rules.rules) {
    const b = baseGroups.get(h.ref);
    if (b === undefined) {
      const location = locationOf(firstOf(h));
      edits.push({ kind: 'rule', ref: h.ref, change: 'added', location, firstChange: location });
    } else if (!sameDefinitions(b, h)) {
      const location = locationOf(firstOf(h));
      edits.push({
        kind: 'rule',
        ref: h.ref,
        change: 'modified',
        location,
        firstChange: firstNew(b, h) ?? location,
      });
    }
  }
  for (const b of base.rules.rules) {
    if (!headRefs.has(b.ref)) {
      const location = locationOf(firstOf(b));
      edits.push({ kind: 'rule', ref: b.ref, change: 'removed', location, firstChange: location });
    }
  }
  for (const d of dataDifferences(base.data, head.data, dataRoots))
    edits.push({ kind: 'data', path: d.path, pointer: pointerOf(d.path), change: d.change });
  return edits;
}

/** Parses one side with the engine (a parse error rejects with the engine's EngineError). */
export async function parseSide(
  engine: EngineProcess,
  side: RegoSide,
  regoVersion: RegoVersion = 'v1',
): Promise<ParsedSide> {
  return {
    modules: side.modules,
    data: exactData(side.data),
    rules: await engine.rules(side.modules, regoVersion),
    regoVersion,
  };
}

/** Both sides parsed and the edits between them. */
export async function regoEdits(
  engine: EngineProcess,
  base: RegoSide,
  head: RegoSide,
  options: EditOptions = {},
): Promise<RegoChange> {
  const [b, h] = await Promise.all([
    parseSide(engine, base, options.regoVersion),
    parseSide(engine, head, options.regoVersion),
  ]);
  return { base: b, head: h, edits: editsOf(b, h, options.dataRoots) };
}

function firstOf(group: RuleGroup): RuleDefinition {
  const first = group.definitions[0];
  if (first === undefined) throw new Error(`rule ${group.ref} has no definition`);
  return first;
}

const locationOf = (d: RuleDefinition): EditLocation => ({ file: d.file, line: d.line });

/** The same definitions in any order and any files: incremental definitions are unordered. */
function sameDefinitions(a: RuleGroup, b: RuleGroup): boolean {
  const texts = (g: RuleGroup): string[] => g.definitions.map((d) => d.canonical).sort();
  const [x, y] = [texts(a), texts(b)];
  return x.length === y.length && x.every((t, i) => t === y[i]);
}

function firstNew(base: RuleGroup, head: RuleGroup): EditLocation | undefined {
  const left = new Map<string, number>();
  for (const d of base.definitions) left.set(d.canonical, (left.get(d.canonical) ?? 0) + 1);
  for (const d of head.definitions) {
    const n = left.get(d.canonical) ?? 0;
    if (n === 0) return locationOf(d);
    left.set(d.canonical, n - 1);
  }
  return undefined;
}
