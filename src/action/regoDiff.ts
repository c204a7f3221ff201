/**
 * A unified diff of two generated Rego modules (small files: a plain LCS table is enough), with
 * three lines of context. Pure.
 */
const MAX_TABLE_CELLS = 4_000_000;

export function unifiedDiff(
  before: string,
  after: string,
  fromName: string,
  toName: string,
  context = 3,
): string {
  const a = before === '' ? [] : before.replace(/\n$/, '').split('\n');
  const b = after === '' ? [] : after.replace(/\n$/, '').split('\n');
  // The LCS table is n×m: bound it, since a pull request controls the size of the module.
  if (a.length * b.length > MAX_TABLE_CELLS) {
    return `--- ${fromName}\n+++ ${toName}\n@@ the generated Rego changed too much to diff here (${a.length} → ${b.length} lines); see \`policy-replay compile\` @@\n`;
  }
  const ops = diffLines(a, b);
  if (ops.every((op) => op.kind === ' ')) return '';
  const out = [`--- ${fromName}`, `+++ ${toName}`];
  let i = 0;
  while (i < ops.length) {
    if (ops[i]!.kind === ' ') {
      i++;
      continue;
    }
    const start = Math.max(0, i - context);
    let end = i;
    // Extend the hunk while changes are within 2*context lines of each other.
    for (;;) {
      while (end < ops.length && ops[end]!.kind !== ' ') end++;
      let next = end;
      while (next < ops.length && ops[next]!.kind === ' ' && next - end < 2 * context) next++;
      if (next < ops.length && ops[next]!.kind !== ' ' && next - end <= 2 * context) end = next;
      else break;
    }
    const stop = Math.min(ops.length, end + context);
    const hunk = ops.slice(start, stop);
    const aStart = hunk[0]!.a;
    const bStart = hunk[0]!.b;
    const aLen = hunk.filter((o) => o.kind !== '+').length;
    const bLen = hunk.filter((o) => o.kind !== '-').length;
    out.push(`@@ -${aStart + (aLen ? 1 : 0)},${aLen} +${bStart + (bLen ? 1 : 0)},${bLen} @@`);
    for (const op of hunk) out.push(`${op.kind}${op.text}`);
    i = stop;
  }
  return `${out.join('\n')}\n`;
}

interface Op {
  kind: ' ' | '-' | '+';
  text: string;
  a: number;
  b: number;
}

function diffLines(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      ops.push({ kind: ' ', text: a[i]!, a: i, b: j });
      i++;
      j++;
    } else if (i < n && (j === m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      // Deletions before insertions, as diff(1) prints a replaced line.
      ops.push({ kind: '-', text: a[i]!, a: i, b: j });
      i++;
    } else {
      ops.push({ kind: '+', text: b[j]!, a: i, b: j });
      j++;
    }
  }
  return ops;
}
