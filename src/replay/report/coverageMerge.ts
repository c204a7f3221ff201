/**
 * The coverage section's classes in report order, for one run and for `merge` (docs/report.md
 * "Shards and merge"). A shard's section keeps every class in kind order with its example's
 * sample position; merge sums `covered_by`, takes the earliest example, and orders and caps the
 * classes the way the single run does, so the merged section is the single run's byte for byte.
 */
import { MergeError } from './mergeError.js';
import type { CoverageClass, CoverageSection } from './report.js';

/** Uncovered newly allowed first (what a reviewer must see), then covered; then newly denied alike. */
function classRank(c: CoverageClass): number {
  return (c.direction === 'newly_allowed' ? 0 : 2) + (c.covered_by === 0 ? 0 : 1);
}

/**
 * Fills the section's tallies and classes from every class in kind order: a whole report's
 * ordered and capped at `maxGroups`, a shard's left whole and in kind order for merge.
 */
export function setClasses(
  section: CoverageSection,
  classes: CoverageClass[],
  maxGroups: number,
  shard: boolean,
): void {
  const tally = (direction: CoverageClass['direction']) => {
    const of = classes.filter((c) => c.direction === direction);
    return { kinds: of.length, covered: of.filter((c) => c.covered_by > 0).length };
  };
  section.kinds = classes.length;
  section.newly_allowed = tally('newly_allowed');
  section.newly_denied = tally('newly_denied');
  section.classes = shard
    ? classes
    : classes
        .map((c, i) => ({ c, i }))
        .sort((a, b) => classRank(a.c) - classRank(b.c) || a.i - b.i)
        .map(({ c }) => c)
        .slice(0, maxGroups);
  section.classes_total = classes.length;
}

/** What a section owes the policies alone (and the horizon): equal in every shard of one run. */
function policyPart(section: CoverageSection): string {
  const classes = section.classes.map((c) => {
    const { covered_by: _covered, example: _example, partial: _partial, ...rest } = c;
    return rest;
  });
  const { mode, shape, time, kinds, not_analysed } = section;
  return JSON.stringify({ mode, shape, time, kinds, classes, not_analysed });
}

/** The shards' sections of one shape merged: counts summed, the first example, re-ordered. */
function mergeSections(sections: readonly CoverageSection[], maxGroups: number): CoverageSection {
  const first = sections[0]!;
  const reference = policyPart(first);
  if (sections.some((s) => policyPart(s) !== reference))
    throw new MergeError(
      'the reports analyse the coverage differently (kinds, witnesses or horizon differ between shards)',
    );
  const classes = first.classes.map((c, i): CoverageClass => {
    let covered = 0;
    let example: { id: string; position: number } | null = null;
    for (const s of sections) {
      const own = s.classes[i]!;
      covered += own.covered_by;
      const position = own.partial?.example_position ?? null;
      if (own.example !== null && position !== null && (example === null || position < example.position))
        example = { id: own.example, position };
    }
    const { partial: _partial, ...rest } = c;
    return { ...rest, covered_by: covered, example: example?.id ?? null };
  });
  const { partial: _partial, ...section } = first;
  const merged: CoverageSection = {
    ...section,
    records: {
      placed: sections.reduce((n, s) => n + s.records.placed, 0),
      partial: sections.reduce((n, s) => n + s.records.partial, 0),
      outside_mcp_shape: null,
    },
  };
  setClasses(merged, classes, maxGroups, false);
  return merged;
}

/**
 * The shards' coverage sections as the single run's: under `--shape mcp` the `any` analysis when
 * some shard's records broke the shape (the single run drops the shape for the whole sample).
 * undefined or null when the shards carry none; an error when only some do.
 */
export function mergeCoverage(
  parts: readonly (CoverageSection | null | undefined)[],
  maxGroups: number,
): CoverageSection | null | undefined {
  const first = parts[0];
  if (first === undefined || first === null) {
    if (parts.some((p) => p !== first))
      throw new MergeError('some reports carry a coverage section and some do not');
    return first;
  }
  const sections = parts.map((p) => {
    if (p === undefined || p === null || p.partial === undefined)
      throw new MergeError(
        'a report carries no shard coverage section (made by another version, or not with --shard)',
      );
    return p;
  });
  const mcp = first.records.outside_mcp_shape !== null;
  if (sections.some((s) => (s.records.outside_mcp_shape !== null) !== mcp))
    throw new MergeError('the reports analyse the coverage under different shapes');
  const outside = mcp ? sections.reduce((n, s) => n + s.records.outside_mcp_shape!, 0) : null;
  const chosen = outside !== null && outside > 0 ? sections.map((s) => s.partial!.any) : sections;
  if (chosen.some((s) => s === null))
    throw new MergeError('a shard broke the MCP shape, but some report carries no analysis under any');
  const merged = mergeSections(chosen as CoverageSection[], maxGroups);
  merged.records.outside_mcp_shape = outside;
  return merged;
}
