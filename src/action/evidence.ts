import picomatch from 'picomatch';
import type { PullFile } from '../github/pullFiles.js';
import type { ReportError } from '../replay/report/report.js';
import type { SampleLocation } from './sampleLocator.js';
import { boundedList } from '../text/listing.js';

/**
 * The pull request must not choose the evidence that gates it (README "Security model"). The
 * sample and manifests are read from the checked-out workspace, which holds the pull request's
 * files: a pull request that adds `traffic/acme.jsonl` (empty) beside the real
 * `traffic/acme.jsonl.gz`, or edits the sample or its manifests, would otherwise replay what it
 * likes and pass. So a policy fails closed, whatever `fail-on` says, when
 * - the pull request adds, changes, deletes or renames (from or to) any path its sample or
 *   manifests can be read from — every candidate of the layout that applies, not only the one
 *   found, and any directory on the way to one; or
 * - more than one candidate sample exists, so that no added file can shadow the real one.
 */

export const UNTRUSTED_EVIDENCE = 'untrusted-evidence';
export const AMBIGUOUS_SAMPLE = 'ambiguous-sample';

/** One evidence problem: the gate rule it fails, and the error annotated at `file`. */
export interface EvidenceProblem {
  rule: typeof UNTRUSTED_EVIDENCE | typeof AMBIGUOUS_SAMPLE;
  error: ReportError;
}

/** Whether a changed path `changed` can alter what is read at `candidate` (a path or a glob). */
export function touches(changed: string, candidate: string): boolean {
  const scan = picomatch.scan(candidate);
  // A glob stands for everything under its static base.
  const target = scan.isGlob ? scan.base : candidate;
  if (target === '' || target === '.') return true;
  return changed === target || changed.startsWith(`${target}/`) || target.startsWith(`${changed}/`);
}

function problem(rule: EvidenceProblem['rule'], file: string, message: string): EvidenceProblem {
  return { rule, error: { file, path: '', line: 1, column: 1, message } };
}

/** The paths a pull request touched: every file's name, and a rename's or copy's old name. */
export function touchedPaths(files: readonly PullFile[]): string[] {
  const paths = new Set<string>();
  for (const f of files) {
    if (f.status === 'unchanged') continue;
    paths.add(f.filename);
    if (f.previous_filename !== undefined) paths.add(f.previous_filename);
  }
  return [...paths].sort();
}

/**
 * The evidence problems of one policy. `touched` is null outside pull requests (drift runs),
 * where only the ambiguity check applies.
 */
export function evidenceProblems(
  sample: SampleLocation,
  touched: readonly string[] | null,
): EvidenceProblem[] {
  const problems: EvidenceProblem[] = [];
  // One problem per kind, however many paths the pull request touched: 5,000 changed files under
  // `traffic/` are one annotation and one bounded line, not 5,000 of each.
  for (const [kind, candidates] of [
    ['traffic sample', sample.evidencePaths.traffic],
    ['manifests', sample.evidencePaths.manifests],
  ] as const) {
    const changed: string[] = [];
    const readFrom = new Set<string>();
    for (const path of touched ?? []) {
      const hit = candidates.find((c) => touches(path, c));
      if (hit === undefined) continue;
      changed.push(path);
      readFrom.add(hit);
    }
    if (changed.length === 0) continue;
    const what =
      changed.length === 1
        ? changed[0]!
        : `${changed.length.toLocaleString('en-US')} paths (${boundedList(changed)})`;
    problems.push(
      problem(
        UNTRUSTED_EVIDENCE,
        changed[0]!,
        `the pull request changes ${what}, and this policy's ${kind} is read from ${boundedList([...readFrom])}: ` +
          'the evidence that gates a pull request must not come from it. Keep samples and manifests ' +
          'where a pull request cannot write (downloaded by an earlier step into $RUNNER_TEMP, or ' +
          'committed on the base branch and left unchanged)',
      ),
    );
  }
  if (sample.found.length > 1) {
    problems.push(
      problem(
        AMBIGUOUS_SAMPLE,
        sample.found[1]!,
        `more than one traffic sample exists for this policy (${sample.found.length}: ${boundedList(sample.found)}): keep ` +
          'exactly one, so that no added file can stand in for the real sample',
      ),
    );
  }
  return problems;
}
