import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import { globFiles } from '../traffic/sampleFiles.js';
import {
  analyzeManifest,
  compareLevels,
  FIDELITY_LEVELS,
  GAP_IMPACTS,
  levelOf,
  worstLevel,
} from './analyze.js';
import type { FidelityLevel, Gap, GapImpact } from './analyze.js';
import { compareProblems, isJsonLines, parseManifestText } from './manifest.js';
import { compareStrings } from '../canonical/compare.js';
import type { ManifestEntry, ManifestProblem } from './manifest.js';

/** One graded manifest, as `policy-replay fidelity --format json` prints it. */
export interface FidelityReport {
  id: string;
  file: string;
  level: FidelityLevel;
  missing_evidence: Gap[];
}

/** Exactly the JSON `policy-replay fidelity` prints. */
export interface FidelityCommandResult {
  reports: FidelityReport[];
  invalid: ManifestProblem[];
}

/** A manifest that failed validation. It grades `unreplayable` for gating and joins by `id`. */
export interface InvalidManifest {
  file: string;
  line: number;
  id: string | null;
  problems: ManifestProblem[];
}

/** Every manifest of a sample, graded, in input order. */
export interface ManifestSet extends FidelityCommandResult {
  files: string[];
  invalidManifests: InvalidManifest[];
}

/** A manifest file that could not be read at all (missing, a directory, no permission). */
export class ManifestFileError extends Error {
  override readonly name = 'ManifestFileError';
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
  }
}

/** Grades parsed entries; invalid ones keep their problems. Pure. */
export function gradeEntries(entries: readonly ManifestEntry[], files: readonly string[] = []): ManifestSet {
  const reports: FidelityReport[] = [];
  const invalid: ManifestProblem[] = [];
  const invalidManifests: InvalidManifest[] = [];
  for (const entry of entries) {
    if (entry.ok) {
      const analysis = analyzeManifest(entry.manifest);
      reports.push({ id: entry.manifest.id, file: entry.file, ...analysis });
    } else {
      invalid.push(...entry.problems);
      invalidManifests.push({ file: entry.file, line: entry.line, id: entry.id, problems: entry.problems });
    }
  }
  return { files: [...files], reports, invalid, invalidManifests };
}

/**
 * The largest manifest file read. A manifest is a few kilobytes; the limit keeps one file's text
 * and parsed values within a few hundred megabytes. Larger sets are split into several files (a
 * JSON Lines file can be cut between any two lines); they are read one at a time.
 */
export const MAX_MANIFEST_FILE_BYTES = 64 * 1024 * 1024;

/** Reads and grades the given manifest files, in the order given. Throws {@link ManifestFileError}. */
export async function gradeManifestFiles(files: readonly string[]): Promise<ManifestSet> {
  const graded: ManifestSet[] = [];
  for (const file of files) {
    let text: string;
    try {
      const size = (await stat(file)).size;
      if (size > MAX_MANIFEST_FILE_BYTES) {
        throw new ManifestFileError(
          file,
          `${(size / 1024 / 1024).toFixed(1)} MiB, over the ${MAX_MANIFEST_FILE_BYTES / 1024 / 1024} MiB limit of one manifest file: split it into several files (a JSON Lines file can be cut between any two lines)`,
        );
      }
      text = await readFile(file, 'utf8');
    } catch (error) {
      if (error instanceof ManifestFileError) throw error;
      throw new ManifestFileError(file, describeFsError(error));
    }
    // Graded file by file: only the grades are kept, not the manifests' values.
    graded.push(gradeEntries(parseManifestText(text, file)));
  }
  return {
    files: [...files],
    reports: graded.flatMap((set) => set.reports),
    invalid: graded.flatMap((set) => set.invalid),
    invalidManifests: graded.flatMap((set) => set.invalidManifests),
  };
}

/** The `fidelity` command's JSON result: reports and invalid problems, both in input order. */
export async function fidelityCommandResult(files: readonly string[]): Promise<FidelityCommandResult> {
  const set = await gradeManifestFiles(files);
  return { reports: set.reports, invalid: set.invalid };
}

const MANIFEST_FILE = /\.(json|jsonl|ndjson)$/i;

/**
 * Loads every manifest for `replay --manifests`: a directory (its *.json / *.jsonl files, not
 * recursive, sorted by name), a glob (matching *.json / *.jsonl files, sorted by path), or one
 * file. A missing directory or file throws {@link ManifestFileError}; a glob matching nothing
 * gives an empty set.
 */
export async function loadManifestsFromDirOrGlob(pathOrGlob: string): Promise<ManifestSet> {
  return gradeManifestFiles(await resolveManifestFiles(pathOrGlob));
}

export async function resolveManifestFiles(pathOrGlob: string): Promise<string[]> {
  // An existing path is a name even when it holds glob characters, as for samples (sampleFiles.ts).
  const exists = await stat(pathOrGlob).then(
    () => true,
    () => false,
  );
  if (exists || !picomatch.scan(pathOrGlob).isGlob) {
    let info;
    try {
      info = await stat(pathOrGlob);
    } catch (error) {
      throw new ManifestFileError(pathOrGlob, describeFsError(error));
    }
    if (!info.isDirectory() && !info.isFile()) {
      // A FIFO or device would block the read forever.
      throw new ManifestFileError(pathOrGlob, 'not a regular file or directory (a device, FIFO or socket)');
    }
    if (!info.isDirectory()) return [pathOrGlob];
    const names = (await readdir(pathOrGlob, { withFileTypes: true }))
      .filter((d) => d.isFile() && MANIFEST_FILE.test(d.name))
      .map((d) => d.name)
      .sort(compareStrings);
    return names.map((name) => path.join(pathOrGlob, name));
  }

  const files = await globFiles({ shown: pathOrGlob, path: pathOrGlob }, (name) => MANIFEST_FILE.test(name));
  return files.map((f) => f.path).sort(compareStrings);
}

function describeFsError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EISDIR') return 'is a directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}

// ---------------------------------------------------------------------------------------------
// The replay report's `fidelity` section.

export type LevelCounts = Record<FidelityLevel, number>;

export interface BlockingGapGroup {
  path: string;
  reason: string;
  manifests: number;
}

export interface FidelitySummary {
  manifests: number;
  invalid: number;
  levels: LevelCounts;
  records_by_level: LevelCounts & { no_manifest: number };
  worst: FidelityLevel | null;
  blocking_gaps: BlockingGapGroup[];
  reports: Array<{ id: string; level: FidelityLevel; missing_evidence: Gap[] }>;
}

/**
 * The `fidelity` section of the replay report.
 *
 * - `manifests` counts valid and invalid manifests; `levels` sums to it because an invalid
 *   manifest counts as `unreplayable` (nothing it says can be trusted).
 * - `recordManifestIds` is each record's `manifest_id` (undefined/null when it has none), or a
 *   map from manifest id (null/undefined for "no id") to a record count.
 * - A record joins the manifest its id names; an invalid manifest whose `id` is readable joins
 *   as `unreplayable`; a record naming no manifest is `no_manifest`. If two manifests share an id
 *   the record takes the worse level.
 * - `worst` is null when there are no manifests at all.
 * - `reports` lists the valid manifests sorted by id (then level, worst last), without values.
 */
export function summarizeFidelity(
  set: Pick<ManifestSet, 'reports' | 'invalidManifests'>,
  recordManifestIds: Iterable<string | null | undefined> | ReadonlyMap<string | null | undefined, number>,
): FidelitySummary {
  const levels = zeroLevels();
  const levelById = new Map<string, FidelityLevel>();
  const note = (id: string | null, level: FidelityLevel): void => {
    levels[level]++;
    if (id === null) return;
    const known = levelById.get(id);
    levelById.set(id, known === undefined ? level : (worstLevel([known, level]) ?? level));
  };
  for (const report of set.reports) note(report.id, report.level);
  for (const invalid of set.invalidManifests) note(invalid.id, 'unreplayable');

  const records = { ...zeroLevels(), no_manifest: 0 };
  const counts: Iterable<readonly [string | null | undefined, number]> =
    recordManifestIds instanceof Map
      ? (recordManifestIds as ReadonlyMap<string | null | undefined, number>).entries()
      : mapIterable(recordManifestIds as Iterable<string | null | undefined>, (id) => [id, 1] as const);
  for (const [id, count] of counts) {
    const level = id === null || id === undefined ? undefined : levelById.get(id);
    if (level === undefined) records.no_manifest += count;
    else records[level] += count;
  }

  const groups = new Map<string, BlockingGapGroup>();
  for (const report of set.reports) {
    const seen = new Set<string>();
    for (const gap of report.missing_evidence) {
      if (gap.impact !== 'blocks_replay') continue;
      const key = JSON.stringify([gap.path, gap.reason]);
      if (seen.has(key)) continue;
      seen.add(key);
      const group = groups.get(key) ?? { path: gap.path, reason: gap.reason, manifests: 0 };
      group.manifests++;
      groups.set(key, group);
    }
  }
  const blocking_gaps = [...groups.values()].sort(
    (a, b) => compareStrings(a.path, b.path) || compareStrings(a.reason, b.reason),
  );

  const reports = set.reports
    .map((r) => ({ id: r.id, level: r.level, missing_evidence: r.missing_evidence }))
    .sort((a, b) => compareStrings(a.id, b.id) || compareLevels(a.level, b.level));

  const manifests = set.reports.length + set.invalidManifests.length;
  return {
    manifests,
    invalid: set.invalidManifests.length,
    levels,
    records_by_level: records,
    worst: worstLevel(FIDELITY_LEVELS.filter((level) => levels[level] > 0)),
    blocking_gaps,
    reports,
  };
}

function zeroLevels(): LevelCounts {
  return { exact: 0, controlled: 0, partial: 0, unreplayable: 0 };
}

function* mapIterable<T, U>(items: Iterable<T>, f: (item: T) => U): Iterable<U> {
  for (const item of items) yield f(item);
}

// ---------------------------------------------------------------------------------------------
// Text for a person.

const IMPACT_TITLE: Record<GapImpact, string> = {
  blocks_replay: 'blocks replay',
  reduces_control: 'reduces control',
  prevents_exactness: 'prevents exactness',
};

/**
 * What evidence would close a gap. Derived from the path and the fixed reasons, so the JSON keeps
 * exactly docs/fidelity.md's `{path, impact, reason}`.
 */
export function remedyFor(gap: Gap): string {
  const p = gap.path;
  const field = p.slice(p.lastIndexOf('.') + 1);
  switch (gap.reason) {
    case 'hash only':
      return `supply the content of ${p} (state "value"), not only its hash`;
    case 'attested absent':
      return `replay needs ${p} as a value`;
    case 'not captured':
      return valueOrHashSuffices(p)
        ? `capture ${p} (its value, or its hash)`
        : p === 'tools.definitions'
          ? `capture ${p} as a value (or attest it absent)`
          : `capture ${p} as a value`;
    case 'integrity: sha256 mismatch':
      return `make ${p}.sha256 the SHA-256 of the RFC 8785 canonical JSON of its value (or fix the value)`;
    case 'integrity: sha256 unverifiable: value has no canonical JSON form':
      return `remove lone surrogates from ${p}'s value, or drop its sha256`;
    case 'replay mode unknown':
      return `record ${p}: not_used, recorded_outputs, or execute/rerun`;
    case 'call ledger not attested complete':
      return 'attest tools.ledger_complete: true once every tool call is recorded';
    case 'calls listed although replay mode is not_used':
      return 'set tools.replay_mode to recorded_outputs or execute, or do not list calls';
    case 'isolation unknown':
      return `record ${p} (isolated, stubbed or live)`;
    case 'capture unknown':
      return 'record source.capture (native or mapped)';
    case 'mapped trace, not native runtime evidence':
      return 'capture the run natively from the runtime (source.capture: native)';
    case 'determinism not guaranteed (a seed is not a guarantee)':
    case 'determinism not guaranteed':
      return `only a runtime guarantee lifts this: ${p}: true with a basis`;
    default:
      if (gap.reason.startsWith('live ')) return `replay with ${field.replace('_', ' ')} isolated or stubbed`;
      return `supply evidence for ${p}`;
  }
}

function valueOrHashSuffices(p: string): boolean {
  return /^tools\.calls\[\d+\]\.input$/.test(p) || p.startsWith('environment.') || p.startsWith('source.');
}

/** The `--format text` report: per manifest, gaps grouped by impact with what would lift the level. */
export function renderFidelityText(result: FidelityCommandResult): string {
  const lines: string[] = [];
  for (const report of result.reports) {
    lines.push(`${report.id}  ${report.level}  (${report.file})`);
    if (report.missing_evidence.length === 0) {
      lines.push('  no gaps: every piece of evidence for an exact replay is present');
    }
    GAP_IMPACTS.forEach((impact, rank) => {
      const gaps = report.missing_evidence.filter((gap) => gap.impact === impact);
      if (gaps.length === 0) return;
      // Closing this group and every worse one (listed above it) leaves the level the rest allow.
      const rest = report.missing_evidence.filter((gap) => GAP_IMPACTS.indexOf(gap.impact) > rank);
      const worse = report.missing_evidence.some((gap) => GAP_IMPACTS.indexOf(gap.impact) < rank);
      const closing = worse ? 'closing these too' : 'closing these';
      lines.push(`  ${IMPACT_TITLE[impact]} (${gaps.length}); ${closing} lifts it to ${levelOf(rest)}:`);
      const width = Math.max(...gaps.map((gap) => gap.path.length));
      for (const gap of gaps) {
        lines.push(`    ${gap.path.padEnd(width)}  ${gap.reason}`);
        lines.push(`    ${' '.repeat(width)}  -> ${remedyFor(gap)}`);
      }
    });
    lines.push('');
  }
  if (result.invalid.length > 0) {
    lines.push(`invalid manifests (graded unreplayable), ${result.invalid.length} problem(s):`);
    for (const problem of [...result.invalid].sort(compareProblems)) {
      const where = problem.path === '' ? '' : `  ${problem.path}`;
      lines.push(`  ${problem.file}:${problem.line}:${problem.column}${where}  ${problem.message}`);
    }
    lines.push('');
  }
  const counts = zeroLevels();
  for (const report of result.reports) counts[report.level]++;
  // A .json file is one manifest; a JSON Lines manifest is one line, and all its problems share it.
  const invalidManifests = new Set(
    result.invalid.map((p) => (isJsonLines(p.file) ? `${p.file}\u0000${p.line}` : p.file)),
  ).size;
  counts.unreplayable += invalidManifests;
  const parts = FIDELITY_LEVELS.map((level) => `${counts[level]} ${level}`);
  lines.push(
    `${result.reports.length + invalidManifests} manifest(s): ${parts.join(', ')} (${invalidManifests} invalid, graded unreplayable)`,
  );
  return `${lines.join('\n')}\n`;
}
