import { countText } from './numbers.js';
import { humanTime } from '../text/times.js';

/**
 * The drift trend (docs/drift.md "The trend"): the totals of the last runs, kept in the issue
 * body's hidden block. Anyone who can edit the issue can edit the block, so it is read strictly:
 * one line, bounded, each entry checked field by field; anything else is dropped, and what is
 * shown is rewritten from the checked numbers, never copied.
 */
export interface DriftRun {
  /** GITHUB_RUN_ID: digits only. */
  run: string;
  /** When the run replayed, `2026-11-29T22:41:29Z` (UTC, whole seconds). */
  at: string;
  records: number;
  drifted: number;
}

/** Runs kept and shown. */
export const MAX_TREND_RUNS = 10;
/** A block line longer than this is not one the Action wrote. */
const MAX_BLOCK_LENGTH = 2_000;
const PREFIX = '<!-- policy-replay:drift-trend v1 ';
const SUFFIX = ' -->';
const RUN_ID = /^[0-9]{1,20}$/;
const AT = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$/;

/** The runs of the first well-formed block line in `body`, oldest first; [] when there is none. */
export function parseDriftTrend(body: string | null): DriftRun[] {
  if (body === null) return [];
  for (const raw of body.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.length > MAX_BLOCK_LENGTH || !line.startsWith(PREFIX) || !line.endsWith(SUFFIX)) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line.slice(PREFIX.length, line.length - SUFFIX.length));
    } catch {
      continue;
    }
    if (!Array.isArray(parsed)) continue;
    const runs = parsed.flatMap((entry: unknown) => {
      const run = checkedRun(entry);
      return run === null ? [] : [run];
    });
    return runs.slice(-MAX_TREND_RUNS);
  }
  return [];
}

function checkedRun(entry: unknown): DriftRun | null {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return null;
  const { run, at, records, drifted } = entry as Record<string, unknown>;
  if (typeof run !== 'string' || !RUN_ID.test(run)) return null;
  if (typeof at !== 'string' || !AT.test(at) || humanTime(at) === at) return null;
  if (!isCount(records) || !isCount(drifted) || drifted > records) return null;
  return { run, at, records, drifted };
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** `runs` with `latest` last (a re-run of the same run replaces its entry), the last 10. */
export function withLatestRun(runs: readonly DriftRun[], latest: DriftRun): DriftRun[] {
  return [...runs.filter((r) => r.run !== latest.run), latest].slice(-MAX_TREND_RUNS);
}

/** The hidden block line the next run reads back. */
export function driftTrendBlock(runs: readonly DriftRun[]): string {
  const entries = runs.slice(-MAX_TREND_RUNS).map(({ run, at, records, drifted }) => ({
    run,
    at,
    records,
    drifted,
  }));
  return `${PREFIX}${JSON.stringify(entries)}${SUFFIX}`;
}

/**
 * The visible table, newest first, each run linked when `runUrl` names it, then the hidden block.
 * Only checked fields reach it: digits, a UTC time and counts.
 */
export function driftTrendMarkdown(
  runs: readonly DriftRun[],
  runUrl: (run: string) => string | null,
): string {
  const shown = runs.slice(-MAX_TREND_RUNS);
  return [
    `**Trend** (drift of the last ${countText(shown.length)} run${shown.length === 1 ? '' : 's'}, newest first)`,
    '',
    '| run date | records | drifted |',
    '|---|---:|---:|',
    ...[...shown].reverse().map((r) => {
      const url = runUrl(r.run);
      const date = humanTime(r.at);
      return `| ${url === null ? date : `[${date}](${url})`} | ${countText(r.records)} | ${countText(r.drifted)} |`;
    }),
    '',
    driftTrendBlock(shown),
  ].join('\n');
}
