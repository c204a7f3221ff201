import type { RuleDiff } from '../policy/ruleDiff.js';
import type { CoverageClass, CoverageSection } from '../replay/report/report.js';
import { causeSetText, type ByEditOptions } from './byEditTable.js';
import {
  basisText,
  coverageCaveat,
  coverageLine,
  deniedByEdit,
  uncoveredAllowed,
} from './coverageSummary.js';
import { folded } from './detailSections.js';
import { cell, escapeMarkdown } from './escape.js';

/**
 * The comment's "Beyond the sample" section (docs/coverage.md "Output"), after "By edit": one line
 * of counts, the newly allowed kinds the sample never contained with a witness each, the unseen
 * newly denied kinds grouped by edit, and every kind folded. Pure; every value from a policy is
 * escaped (a fork's policy names its own rules and constants).
 */

const n = (value: number) => value.toLocaleString('en-US');

export interface CoverageMarkdownOptions {
  /** Where the head file is, for the edits' links; null: no links. */
  head: ByEditOptions['head'];
  /** The job summary: every folded part open. */
  open: boolean;
  /** Rows of the folded table of every kind (the comment shrinks it to fit); default: every class. */
  rows?: number;
}

function witnessCell(witness: CoverageClass['witness']): string {
  if (witness === null) return '— (no witness replayed as stated: see the report)';
  return `\`${witness.id}\` ${escapeMarkdown(witness.description, 240)}`;
}

function unseenAllowedTable(section: CoverageSection): string[] {
  const rows = uncoveredAllowed(section);
  const total = section.newly_allowed.kinds - section.newly_allowed.covered;
  if (total === 0) return [];
  const shown = rows.length < total ? ` (showing ${n(rows.length)} of ${n(total)})` : '';
  return [
    '',
    `**Newly allowed, never in the sample**${shown}`,
    '',
    '| head allows by | base decided by | witness |',
    '|---|---|---|',
    ...rows.map(
      (c) => `| ${cell(basisText(c.head_by))} | ${cell(basisText(c.base_by))} | ${witnessCell(c.witness)} |`,
    ),
  ];
}

function unseenDeniedTable(section: CoverageSection, diff: RuleDiff | null, head: ByEditOptions['head']) {
  const groups = deniedByEdit(section);
  if (groups.length === 0) return [];
  const total = section.newly_denied.kinds - section.newly_denied.covered;
  const grouped = groups.reduce((sum, g) => sum + g.unseen, 0);
  const shown = grouped < total ? ` (the ${n(grouped)} of ${n(total)} kinds among those listed below)` : '';
  return [
    '',
    `**Newly denied, never in the sample, by edit**${shown}`,
    '',
    '| edit | kinds never in the sample | kinds seen | one example |',
    '|---|---:|---:|---|',
    ...groups.map(
      (g) => `| ${causeSetText(g, diff, head)} | ${n(g.unseen)} | ${n(g.seen)} | ${witnessCell(g.example)} |`,
    ),
  ];
}

function everyKind(section: CoverageSection, open: boolean, limit: number): string {
  const shownClasses = section.classes.slice(0, Math.max(0, limit));
  const rows = shownClasses.map((c) => {
    const seen = c.covered_by > 0 ? `${n(c.covered_by)} (${cell(c.example)})` : '0';
    const direction = c.direction === 'newly_allowed' ? 'newly allowed' : 'newly denied';
    return `| ${direction} | ${cell(basisText(c.head_by))} | ${cell(basisText(c.base_by))} | ${seen} | ${witnessCell(c.witness)} |`;
  });
  const shown = shownClasses.length < section.classes_total ? `, showing ${n(shownClasses.length)}` : '';
  return folded(
    `Every kind of changed request: ${n(section.classes_total)}${shown}`,
    [
      '| direction | head decides by | base decided by | in the sample (first) | witness |',
      '|---|---|---|---:|---|',
      ...rows,
    ].join('\n'),
    open,
  );
}

/** The section, or null when the report has none or no kind changes and nothing is uncertain. */
export function coverageMarkdown(
  section: CoverageSection | null | undefined,
  diff: RuleDiff | null,
  options: CoverageMarkdownOptions,
): string | null {
  if (!section) return null;
  const caveat = coverageCaveat(section);
  if (section.kinds === 0 && caveat === null) return null;
  const lines = [`**Beyond the sample:** ${escapeMarkdown(coverageLine(section))}.`];
  if (caveat !== null) lines.push('', `⚠️ ${escapeMarkdown(caveat, 600)}`);
  lines.push(...unseenAllowedTable(section), ...unseenDeniedTable(section, diff, options.head));
  const rows = options.rows ?? section.classes.length;
  if (section.classes.length > 0 && rows > 0) lines.push('', everyKind(section, options.open, rows));
  return lines.join('\n');
}
