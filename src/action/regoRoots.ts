/**
 * The Rego bundle roots a run gates (docs/rego.md "The Action"): each `policies` item that ends
 * with `/` (`rego/httpapi/`), and each `.policy-replay.yml` entry with `policy-kind: rego` (read on
 * the base branch, like every mapping: a pull request does not choose what gates it). A root is
 * changed when its files as read at the two judged commits differ (regoTree.ts): so a change to a
 * symlink's target outside the root changes it too. Pure.
 */
import type { SampleMapping } from './sampleLocator.js';

export interface RegoRoot {
  /** Repository-relative, without a trailing slash: `rego/httpapi`. */
  path: string;
  /** The mapping entry's key for it, when it has one. */
  mappingKey: string | null;
}

const trimmed = (path: string): string => path.replace(/^(\.\/)+/, '').replace(/\/+$/, '');

export function regoRootsOf(policies: readonly string[], mapping: SampleMapping | null): RegoRoot[] {
  const roots = new Map<string, RegoRoot>();
  for (const item of policies)
    if (item.endsWith('/') && !item.startsWith('!'))
      roots.set(trimmed(item), { path: trimmed(item), mappingKey: null });
  for (const [key, entry] of Object.entries(mapping?.policies ?? {}))
    if (entry['policy-kind'] === 'rego' || (key.endsWith('/') && roots.has(trimmed(key))))
      roots.set(trimmed(key), { path: trimmed(key), mappingKey: key });
  // A root's own entry, written with or without the slash, gives its options.
  for (const root of roots.values())
    if (root.mappingKey === null)
      for (const key of [root.path, `${root.path}/`]) if (mapping?.policies[key]) root.mappingKey = key;
  return [...roots.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
