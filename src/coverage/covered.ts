/**
 * Which kinds a sample covers (docs/coverage.md "Placing a request"): each complete record of the
 * analysed shape falls in at most one kind; a kind's `covered_by` counts them and `example` is the
 * first such record's id. Records outside the analysed shape are counted apart. Records with
 * unknowns are counted apart too; placed by signature (placeSignatures), such a record also covers
 * a kind when every completion of its unknowns falls in it. Nothing is dropped silently.
 */
import { completes, TRUE, type Cube } from './bdd.js';
import { assignmentOf, hasShape, type Assignment } from './concrete.js';
import type { CoverageAnalysis } from './analyse.js';
import type { Kind } from './kinds.js';
import { PARTIAL_SIGNATURE, SignaturePlacer, type SampleSignatures, type SignatureSpace } from './signature.js';

export interface SampleInput {
  readonly request_id: string;
  readonly input: unknown;
  /** Nothing unknown: no `unavailable` entry, no unknown path, not an unpaired batch. */
  readonly complete: boolean;
}

export interface KindCoverage {
  covered_by: number;
  /** The first covering record's id, or null. */
  example: string | null;
  /** Its position in sample order: SignatureCount.position, or its index in a stream of records. */
  position: number | null;
}

export interface SampleCoverage {
  /** By kind key, every kind of the analysis. */
  kinds: Map<string, KindCoverage>;
  /** Complete records placed (in a kind or in none: unchanged). */
  placed: number;
  /** Records left out: with unknowns, or outside the analysed shape. */
  partial: number;
  outsideShape: number;
}

/** The kind a record's assignment falls in, if any. */
class KindFinder {
  constructor(private readonly analysis: CoverageAnalysis) {}

  kindOf(a: Assignment): Kind | undefined {
    const space = this.analysis.space!;
    const value = (v: number): boolean => a.get(v) ?? false;
    // Most records are unchanged: one test of the changed requests rules them out.
    const changed = this.analysis.changed;
    if (changed !== null && !changed.some((part) => space.m.evaluate(part, value))) return undefined;
    // The kinds are disjoint: the first that holds the record is its kind.
    return this.analysis.kinds.find((k) => space.m.evaluate(k.set, value));
  }

  /**
   * The kind every completion of a partial record's unknown atoms falls in (within the space's
   * constraint: the real value of an unknown field is some value), or undefined: no completion has
   * the space's shape, or two completions differ. One completion names the only candidate kind;
   * the record is in it when no completion is outside it. No diagram node is made.
   */
  kindOfPartial(partial: { known: Cube; calls: readonly Assignment[] }): Kind | undefined {
    const space = this.analysis.space!;
    const { m, constraint } = space;
    if (!partial.calls.every((call) => m.evaluate(space.calls.shape, (v) => call.get(v) ?? false))) return undefined;
    const completion = new Map(partial.known);
    if (!completes(m, constraint, TRUE, true, partial.known, completion)) return undefined;
    const kind = this.kindOf(completion);
    if (kind === undefined) return undefined;
    return completes(m, constraint, kind.set, false, partial.known, new Map()) ? undefined : kind;
  }
}


function emptyCoverage(analysis: CoverageAnalysis): SampleCoverage {
  const kinds = new Map<string, KindCoverage>(analysis.kinds.map((k) => [k.key, { covered_by: 0, example: null, position: null }]));
  return { kinds, placed: 0, partial: 0, outsideShape: 0 };
}

/** Places records one at a time (a streaming pass over the sample); `result` as sampleCoverage's. */
export class CoverageTally {
  readonly result: SampleCoverage;
  private readonly finder: KindFinder;
  /** How many records were offered: the next one's position in sample order. */
  private offered = 0;

  constructor(private readonly analysis: CoverageAnalysis) {
    this.result = emptyCoverage(analysis);
    this.finder = new KindFinder(analysis);
  }

  add(record: SampleInput): void {
    const position = this.offered++;
    const space = this.analysis.space;
    if (space === null) return;
    const result = this.result;
    if (!record.complete) {
      result.partial++;
      return;
    }
    const a = assignmentOf(space, record.input);
    if (!hasShape(space, record.input, a)) {
      result.outsideShape++;
      return;
    }
    result.placed++;
    const kind = this.finder.kindOf(a);
    if (kind === undefined) return;
    const entry = result.kinds.get(kind.key)!;
    entry.covered_by++;
    if (entry.example === null) {
      entry.example = record.request_id;
      entry.position = position;
    }
  }
}

export function sampleCoverage(analysis: CoverageAnalysis, records: Iterable<SampleInput>): SampleCoverage {
  const tally = new CoverageTally(analysis);
  for (const record of records) tally.add(record);
  return tally.result;
}

/**
 * The same as sampleCoverage over the records the signatures stand for, and besides, each partial
 * record (a `?…` signature) in the kind every completion of its unknowns falls in: each distinct
 * signature is placed once, its records counted together, and, the signatures being in order of
 * first appearance, a kind's example is its first record in sample order.
 */
export function placeSignatures(
  analysis: CoverageAnalysis,
  sig: SignatureSpace,
  sample: SampleSignatures,
): SampleCoverage {
  const result = emptyCoverage(analysis);
  const space = analysis.space;
  if (space === null) return result;
  result.partial = sample.partial;
  const placer = new SignaturePlacer(space, sig);
  const finder = new KindFinder(analysis);
  for (const [signature, { count, first, position }] of sample.seen) {
    const { shaped, kind } = placeOne(placer, finder, signature);
    if (shaped === false) result.outsideShape += count;
    if (shaped === true) result.placed += count;
    if (kind === undefined) continue;
    const entry = result.kinds.get(kind.key)!;
    entry.covered_by += count;
    if (entry.example === null) {
      entry.example = first;
      entry.position = position;
    }
  }
  return result;
}

/** Where a signature's records go: outside the shape, placed (in a kind or none), or covering. */
function placeOne(placer: SignaturePlacer, finder: KindFinder, signature: string) {
  if (signature.startsWith(PARTIAL_SIGNATURE)) {
    // Counted in `partial` already; it covers a kind only when every completion is in it.
    return { shaped: null, kind: finder.kindOfPartial(placer.partial(signature)) };
  }
  const { assignment, shaped } = placer.place(signature);
  return { shaped, kind: shaped ? finder.kindOf(assignment) : undefined };
}
