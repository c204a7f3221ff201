/** `--shard K/N`: which of N deterministic slices a record belongs to (1-based K). */
export interface Shard {
  index: number;
  count: number;
}

export function parseShard(text: string): Shard | null {
  const m = /^([1-9][0-9]*)\/([1-9][0-9]*)$/.exec(text);
  if (!m) return null;
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (index > count || count > 10_000) return null;
  return { index, count };
}

/** FNV-1a (32-bit) over the UTF-8 bytes of the key: stable across runs, machines and Node versions. */
export function fnv1a32(key: string): number {
  let hash = 0x811c9dc5;
  const bytes = Buffer.from(key, 'utf8');
  for (let i = 0; i < bytes.length; i++) {
    hash ^= bytes[i]!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * A record goes to the shard of its request_id, so both copies of a repeated id land together and
 * the repeat is still caught; a malformed line without an id goes by its line number.
 */
export function inShard(shard: Shard | undefined, requestId: string | undefined, line: number): boolean {
  if (!shard || shard.count === 1) return true;
  const key = requestId !== undefined ? `id:${requestId}` : `line:${line}`;
  return fnv1a32(key) % shard.count === shard.index - 1;
}
