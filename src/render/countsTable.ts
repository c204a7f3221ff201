import type { ReplayReport } from '../replay/report/report.js';

/**
 * The base | head | Δ table (docs/action.md "The comment"): allowed, denied and unevaluable on
 * each side over the same replayed requests. Pure.
 */

const n = (value: number) => value.toLocaleString('en-US');

type Counts = { allowed: number; denied: number; unevaluable: number };

function delta(base: number | undefined, head: number | undefined): string {
  if (base === undefined || head === undefined) return '—';
  const d = head - base;
  // U+2212, the minus sign, so a negative delta lines up with a positive one.
  return d === 0 ? '0' : d > 0 ? `+${n(d)}` : `\u2212${n(-d)}`;
}

export function countsTable(report: ReplayReport): string {
  const r = report.result!;
  const own: Counts = { allowed: r.allowed, denied: r.denied, unevaluable: r.unevaluable };
  // A deleted policy's counts are the base's: there is no head to replay.
  const base: Counts | null = report.meta.status === 'deleted' ? own : (r.base_counts ?? null);
  const head: Counts | null = report.meta.status === 'deleted' ? null : own;
  const row = (key: keyof Counts, label: string) =>
    `| ${label} | ${base === null ? '—' : n(base[key])} | ${head === null ? '—' : n(head[key])} | ${delta(base?.[key], head?.[key])} |`;
  return [
    `| of ${n(r.evaluated)} replayed | base | head | Δ |`,
    '|---|---:|---:|---:|',
    row('allowed', 'allowed'),
    row('denied', 'denied'),
    row('unevaluable', 'unevaluable (the recorded data cannot decide it)'),
  ].join('\n');
}
