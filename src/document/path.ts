/** A step into a JSON/YAML document: an object key or an array index. */
export type PathSegment = string | number;

/** The value at `path` in a parsed document; undefined when a step is missing or not a container. */
export function valueAtPath(root: unknown, path: readonly PathSegment[]): unknown {
  let node = root;
  for (const segment of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node;
}

/**
 * The one way the project prints a document path: `rules[2].conditions[0].field`,
 * `tools.calls[1].output`. Keys that are not plain identifiers are quoted
 * (`claims["realm-access"]`), so every path reads back unambiguously.
 */
export function formatPath(path: readonly PathSegment[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}
