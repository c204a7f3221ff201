/**
 * Which edits of a Rego change caused each changed record (docs/rego.md, after docs/review.md
 * "Which edit caused each change"): an edit is a but-for cause when the head with that edit
 * reverted answers the record differently from the head; when no edit is (several each suffice),
 * the causes are the edits that, applied alone to the base, answer it as the head does; when
 * neither finds one, only the edits together do it: all of them, `joint`. Each variant is a side
 * of its own in the engine (`variantSides`), evaluated only on changed records.
 */
import type { SideEvaluation } from './classify.js';
import type { SideSpec } from './engineProcess.js';
import type { ParsedSide, RegoEdit } from './regoEdits.js';
import { sameResult } from './resultDiff.js';
import { revertEdits } from './revertEdit.js';

export interface Because {
  /** Indices into the change's edits, ascending. */
  edits: number[];
  joint: boolean;
}

/** The side names of edit i's variants. */
export const revertedSide = (i: number): string => `reverted:${i}`;
export const aloneSide = (i: number): string => `alone:${i}`;

/**
 * Two variants per edit: the head with it reverted, and the base with only it applied (the head
 * with every other edit reverted). `template` carries the decision path and the Rego version.
 */
export function variantSides(
  base: ParsedSide,
  head: ParsedSide,
  edits: readonly RegoEdit[],
  template: Omit<SideSpec, 'modules' | 'data'>,
): Record<string, SideSpec> {
  const sides: Record<string, SideSpec> = {};
  edits.forEach((edit, i) => {
    sides[revertedSide(i)] = { ...template, ...revertEdits(base, head, [edit]) };
    sides[aloneSide(i)] = {
      ...template,
      ...revertEdits(
        base,
        head,
        edits.filter((_, k) => k !== i),
      ),
    };
  });
  return sides;
}

/** Whether two evaluations answer alike: the same kind, and equal results when defined. */
export function sameAnswer(a: SideEvaluation, b: SideEvaluation): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'defined' && b.kind === 'defined') return sameResult(a.result, b.result);
  if (a.kind === 'error' && b.kind === 'error') return a.message === b.message;
  return true;
}

/** The causes of one changed record, given the head's answer and a way to evaluate a variant. */
export async function becauseOf(
  edits: readonly RegoEdit[],
  head: SideEvaluation,
  evaluate: (side: string) => Promise<SideEvaluation>,
): Promise<Because> {
  const all = edits.map((_, i) => i);
  if (edits.length === 1) return { edits: [0], joint: false };
  const reverted = await Promise.all(all.map((i) => evaluate(revertedSide(i))));
  const butFor = all.filter((i) => !sameAnswer(reverted[i]!, head));
  if (butFor.length > 0) return { edits: butFor, joint: false };
  const alone = await Promise.all(all.map((i) => evaluate(aloneSide(i))));
  const sufficient = all.filter((i) => sameAnswer(alone[i]!, head));
  if (sufficient.length > 0) return { edits: sufficient, joint: false };
  return { edits: all, joint: true };
}

/** What a side's decision can reach: rule groups (`data.pkg.rule`) and data documents (`/data/…`). */
export interface Reaches {
  rules: readonly string[];
  data: readonly string[];
}

/**
 * The syntactic `because`, when no edit is reverted (past `--max-attribution-edits`, across Rego
 * versions, or a new policy): the edits either side's decision can reach — a rule group it can
 * evaluate, or data at, above or below a document it reads. Read from the policies' text, not from
 * any request, so every change gets the same set: what may have caused it, never less.
 */
export function reachableEdits(edits: readonly RegoEdit[], sides: readonly Reaches[]): Because {
  const rules = new Set(sides.flatMap((s) => s.rules));
  const data = sides.flatMap((s) => s.data);
  const overlaps = (pointer: string) =>
    data.some((read) => within(`/data${pointer}`, read) || within(read, `/data${pointer}`));
  const reached = edits.flatMap((edit, i) =>
    (edit.kind === 'rule' ? rules.has(edit.ref) : overlaps(edit.pointer)) ? [i] : [],
  );
  return { edits: reached, joint: false };
}

/** Whether pointer `a` is `b` or below it. */
const within = (a: string, b: string): boolean => a === b || a.startsWith(`${b}/`);
