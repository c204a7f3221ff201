import { duplicateReason } from './reader.js';
import { FILE_STRIDE, fileIndexOf, type SamplePlan } from './samplePlan.js';

/** Positions (`file index × 2^32 + line`, sample.ts) in the words of the report. */

/** Where an element is, as the report says it: `file` only when the sample has several files. */
export interface SamplePosition {
  file?: string;
  line?: number;
  index?: number;
}

export function positionOf(plan: Pick<SamplePlan, 'files'>, position: number): SamplePosition {
  const index = fileIndexOf(position);
  const file = plan.files[index];
  const local = position - index * FILE_STRIDE;
  const where: SamplePosition = {};
  if (plan.files.length > 1 && file) where.file = file.shown;
  if (file?.indexed) where.index = local;
  else where.line = local;
  return where;
}

/** `line 7`, `element [3]`, `logs/a.log:7`, `logs/b.json:[3]`. */
export function positionText(plan: Pick<SamplePlan, 'files'>, position: number): string {
  return describePosition(positionOf(plan, position));
}

/** A report position in words (the text report, error messages). */
export function describePosition(where: SamplePosition): string {
  const local = where.index !== undefined ? `[${where.index}]` : String(where.line ?? '?');
  if (where.file !== undefined) return `${where.file}:${local}`;
  return where.index !== undefined ? `element ${local}` : `line ${local}`;
}

/** The malformed reason of a second valid record with an id already replayed. */
export function sampleDuplicateReason(plan: SamplePlan, id: string, first: number): string {
  if (plan.format === 'records' && plan.files.length <= 1) return duplicateReason(id, first);
  const key = plan.format === 'records' ? 'request_id' : 'decision_id';
  return `${key}: duplicate ${JSON.stringify(id)} (first on ${positionText(plan, first)})`;
}
