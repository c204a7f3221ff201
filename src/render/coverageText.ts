import type { ReplayReport } from '../replay/report/report.js';
import { editLabel } from './editLabel.js';
import {
  basisText,
  coverageCaveat,
  coverageLine,
  deniedByEdit,
  uncoveredAllowed,
} from './coverageSummary.js';
import { plain, type Terminal } from './terminal.js';

type Result = NonNullable<ReplayReport['result']>;

/**
 * The terminal's "beyond the sample" lines (docs/coverage.md "Output"): the count line, the newly
 * allowed kinds the sample never contained with their witness ids, and the unseen newly denied
 * kinds by edit. The whole list is in the JSON report and the --witnesses file. Pure.
 */
export function coverageLines(r: Result, t: Terminal): string[] {
  const section = r.coverage;
  if (!section) return [];
  const caveat = coverageCaveat(section);
  if (section.kinds === 0 && caveat === null) return [];
  const out = ['', t.paint.bold(t.fit(`beyond the sample: ${coverageLine(section)}`))];
  if (caveat !== null) out.push(t.paint.yellow(t.fit(plain(caveat))));
  const allowed = uncoveredAllowed(section);
  if (allowed.length > 0) {
    out.push(
      ...t.table(
        ['newly allowed, never in the sample: head by', 'base by', 'witness'],
        allowed.map((c) => [plain(basisText(c.head_by)), plain(basisText(c.base_by)), c.witness?.id ?? '-']),
      ),
    );
  }
  const denied = deniedByEdit(section);
  if (denied.length > 0) {
    out.push(
      ...t.table(
        ['newly denied, never in the sample: edit', 'kinds', 'seen', 'example'],
        denied.map((g) => {
          const edits = g.edits.map((e) => plain(editLabel(e, r.rule_diff))).join(' + ') || '-';
          return [
            g.joint ? `${edits}, together` : edits,
            String(g.unseen),
            String(g.seen),
            g.example?.id ?? '-',
          ];
        }),
        ['kinds', 'seen'],
      ),
    );
  }
  return out;
}
