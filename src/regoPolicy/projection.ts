/**
 * A record's projection onto the parts of the input a decision reads (docs/rego.md "Unknown
 * input"): two records with the same projection and the same recorded built-in results are decided
 * alike by that side, so the replay evaluates the first and reuses its answer. Taken from the
 * input's text, so numbers stay exact: a different spelling of the same value only misses the
 * cache, never shares an answer it should not.
 */
import { arrayElements, topLevelMembers } from './engineProcess.js';

/**
 * The text of the value at a JSON pointer below a root (`/input/a/b`, `/data/org`: the first step
 * names the document, `text` is), or undefined where there is none.
 */
export function textAt(input: string, pointer: string): string | undefined {
  let node: string | undefined = input.trim();
  for (const raw of pointer.split('/').slice(2)) {
    if (node === undefined) return undefined;
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node.startsWith('{')) node = topLevelMembers(node).get(key);
    else if (node.startsWith('[') && /^(0|[1-9]\d*)$/.test(key)) node = arrayElements(node)[Number(key)];
    else return undefined;
  }
  return node;
}

/** The cache key of an input's projection onto `pointers`, with the event's recorded built-in results. */
export function projectionKey(
  input: string | null,
  pointers: readonly string[],
  ndBuiltinCache: string | null,
): string {
  const parts = pointers.map((p) => (input === null ? '-' : (textAt(input, p) ?? '-')));
  return `${parts.join('\u0000')}\u0001${ndBuiltinCache ?? ''}`;
}
