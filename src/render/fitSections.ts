/**
 * Joins markdown sections into a body no longer than a limit, cutting only between sections and
 * saying where the rest is. Pure.
 */
export interface FitResult {
  body: string;
  omitted: number;
}

export function fitSections(
  sections: readonly string[],
  limit: number,
  measure: (text: string) => number,
  pointer: (omitted: number) => string,
): FitResult {
  const joined = sections.join('\n\n');
  if (measure(joined) <= limit) return { body: `${joined}\n`, omitted: 0 };
  const kept: string[] = [];
  for (let count = sections.length - 1; count >= 0; count--) {
    const candidate = [...sections.slice(0, count), pointer(sections.length - count)].join('\n\n');
    if (measure(candidate) + 1 <= limit) {
      kept.push(...sections.slice(0, count));
      return { body: `${candidate}\n`, omitted: sections.length - count };
    }
  }
  // Not even the pointer alone fits: a limit this small is a caller bug.
  return { body: `${pointer(sections.length).slice(0, limit - 1)}\n`, omitted: sections.length };
}

/**
 * Fits a body by showing fewer change rows before dropping any section: renders with the most rows
 * (≤ maxRows) for which every section fits, and falls back to cutting sections only when even no
 * rows do not fit. The tables say "showing N of M", so fewer rows stay truthful.
 */
export function fitWithFewerRows(
  render: (rows: number) => readonly string[],
  maxRows: number,
  limit: number,
  measure: (text: string) => number,
  pointer: (omitted: number) => string,
): FitResult & { rows: number } {
  const attempt = (rows: number) => ({ ...fitSections(render(rows), limit, measure, pointer), rows });
  const full = attempt(maxRows);
  if (full.omitted === 0 || maxRows === 0) return full;
  let best: (FitResult & { rows: number }) | null = null;
  let lo = 0;
  let hi = maxRows - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const fitted = attempt(mid);
    if (fitted.omitted === 0) {
      best = fitted;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best ?? attempt(0);
}

/**
 * One row budget for two tables, for fitWithFewerRows: the first (the change groups) fills first,
 * so every row of the second (the per-request changes) goes before any row of the first.
 */
export function splitRowBudget(
  budget: number,
  firstMax: number,
  secondMax: number,
): { first: number; second: number } {
  const first = Math.min(budget, firstMax);
  return { first, second: Math.min(secondMax, budget - first) };
}

/** A code fence longer than any backtick run inside the content, so the content cannot close it. */
export function fenced(content: string, info = ''): string {
  // A loop, not Math.max(...runs): a document of 100,000 backtick runs would overflow the stack.
  let longest = 0;
  for (const m of content.matchAll(/`+/g)) if (m[0].length > longest) longest = m[0].length;
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${info}\n${content.replace(/\n$/, '')}\n${fence}`;
}

export const utf16Length = (text: string) => text.length;
export const utf8Length = (text: string) => Buffer.byteLength(text, 'utf8');
