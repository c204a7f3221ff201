import type { Edit } from '../policy/edits.js';
import type { CoverageBasis, CoverageClass, CoverageSection } from '../replay/report/report.js';

/**
 * What the comment and the terminal say about `result.coverage` (docs/coverage.md "Output"), as
 * plain text both renderers escape or fit: the one-line count, what a side's decision rested on,
 * and the uncovered newly denied kinds grouped by the edits they are attributed to. Pure.
 */

const n = (value: number) => value.toLocaleString('en-US');

/**
 * `115 kinds of request change; 9 newly allowed, 3 of them never in the sample`; `at least …` when
 * the analysis was capped.
 */
export function coverageLine(section: CoverageSection): string {
  if (section.mode === 'not_analysed') return 'the kinds of request that change were not analysed';
  const allowed = section.newly_allowed;
  const unseen = allowed.kinds - allowed.covered;
  // A capped analysis lists what it found before it stopped: a floor, not a count.
  const atLeast = section.mode === 'capped' ? 'at least ' : '';
  const kinds = `${atLeast}${n(section.kinds)} kind${section.kinds === 1 ? '' : 's'} of request change`;
  if (allowed.kinds === 0)
    return `${kinds}; ${section.mode === 'capped' ? 'no newly allowed kind found before the limit' : 'none newly allowed'}`;
  const never = unseen === 0 ? 'all of them in the sample' : `${n(unseen)} of them never in the sample`;
  return `${kinds}; ${n(allowed.kinds)} newly allowed, ${never}`;
}

/** Why the kinds may be incomplete, or null for an exact analysis. */
export function coverageCaveat(section: CoverageSection): string | null {
  if (section.mode === 'exact') return null;
  const reasons = section.not_analysed.join('; ') || 'no reason recorded';
  return section.mode === 'capped'
    ? `the analysis stopped at its limit, so there may be more kinds: ${reasons}`
    : `the analysis was not done: ${reasons}`;
}

/** `allow rules allow-read-tools`, `the default`, `missing context (deny-untrusted-issuer, …)`. */
export function basisText(basis: CoverageBasis): string {
  const rules = basis.rules.join(', ');
  switch (basis.by) {
    case 'allow_rules':
      return `allow rule${basis.rules.length === 1 ? '' : 's'} ${rules}`;
    case 'deny_rules':
      return `deny rule${basis.rules.length === 1 ? '' : 's'} ${rules}`;
    case 'default':
      return 'the default';
    case 'missing_context':
      return `missing context (${rules})`;
    case 'no_policy':
      return 'no policy';
  }
}

export function uncoveredAllowed(section: CoverageSection): CoverageClass[] {
  return section.classes.filter((c) => c.direction === 'newly_allowed' && c.covered_by === 0);
}

export interface DeniedByEdit {
  edits: Edit[];
  joint: boolean;
  /** Newly denied kinds of these edits the sample never contained, and those it did. */
  unseen: number;
  seen: number;
  /** One uncovered kind's witness. */
  example: CoverageClass['witness'];
}

/**
 * The newly denied kinds of the classes shown, grouped by their cause set, keeping only sets with
 * a kind the sample never contained; most unseen kinds first, then first appearance.
 */
export function deniedByEdit(section: CoverageSection): DeniedByEdit[] {
  const groups = new Map<string, DeniedByEdit>();
  for (const c of section.classes) {
    if (c.direction !== 'newly_denied') continue;
    const key = JSON.stringify([c.because, c.joint]);
    let group = groups.get(key);
    if (group === undefined) {
      group = { edits: c.because, joint: c.joint, unseen: 0, seen: 0, example: null };
      groups.set(key, group);
    }
    if (c.covered_by > 0) group.seen++;
    else {
      group.unseen++;
      group.example ??= c.witness;
    }
  }
  return [...groups.values()]
    .map((g, i) => ({ g, i }))
    .filter(({ g }) => g.unseen > 0)
    .sort((a, b) => b.g.unseen - a.g.unseen || a.i - b.i)
    .map(({ g }) => g);
}
