/**
 * The comment's hidden machine-readable block (docs/review.md): the whole impact digest, the judged
 * head commit and the failed rules, for people and tools reading the comment. Anyone with write
 * access can edit a comment, so nothing that decides anything reads it back: the statuses do
 * (statusText.ts). Pure.
 */

export interface ImpactBlock {
  digest: string;
  /** The commit whose status carries the verdict (the pull request's head). */
  head: string;
  /** The judged commits: the merge commit against the base tip, or the head against the merge base. */
  judged: { against: 'base-tip' | 'merge-base'; base: string; head: string };
  failed: string[];
  accepted_by: string | null;
}

const OPEN = '<!-- policy-replay:impact ';
const CLOSE = ' -->';

/** One line; JSON with every `-` and `<`/`>` escaped, so no text of it can close the comment early. */
export function impactBlock(block: ImpactBlock): string {
  const json = JSON.stringify(block).replace(
    /[-<>]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `${OPEN}${json}${CLOSE}`;
}

/** The block of a comment body, when it has one that parses; never evidence (see above). */
export function readImpactBlock(body: string): ImpactBlock | null {
  const start = body.lastIndexOf(OPEN);
  if (start < 0) return null;
  const end = body.indexOf(CLOSE, start + OPEN.length);
  if (end < 0) return null;
  try {
    const value = JSON.parse(body.slice(start + OPEN.length, end)) as Partial<ImpactBlock>;
    if (typeof value.digest !== 'string' || typeof value.head !== 'string') return null;
    return value as ImpactBlock;
  } catch {
    return null;
  }
}
