import { createHash } from 'node:crypto';

const ENTRY_BYTES = 32;

/**
 * A SHA-256 commitment to the set of changes a replay found (docs/review.md "The impact digest"):
 * each change is hashed on arrival as the JSON array `[request_id, base, head]` (so no id can
 * pass for another id and decision), and the digest is the SHA-256
 * of those 32-byte hashes sorted bytewise. Memory is 32 bytes per change whatever the ids' lengths,
 * and the order records arrive in (threads, files) does not matter, as a sorted list's would not.
 */
export class ChangeSetDigest {
  private entries = Buffer.alloc(ENTRY_BYTES * 64);
  private count = 0;

  add(requestId: string, base: string, head: string): void {
    if ((this.count + 1) * ENTRY_BYTES > this.entries.length) {
      const grown = Buffer.alloc(this.entries.length * 2);
      this.entries.copy(grown);
      this.entries = grown;
    }
    createHash('sha256')
      .update(JSON.stringify([requestId, base, head]), 'utf8')
      .digest()
      .copy(this.entries, this.count * ENTRY_BYTES);
    this.count++;
  }

  /** Hex SHA-256 over the sorted entries (of no entries: the SHA-256 of nothing). */
  digest(): string {
    const entries = this.entries;
    // The first 6 bytes as a number order almost every pair; the rest breaks the rare tie.
    const keys = new Float64Array(this.count);
    for (let i = 0; i < this.count; i++) keys[i] = entries.readUIntBE(i * ENTRY_BYTES, 6);
    const order = new Uint32Array(this.count);
    for (let i = 0; i < this.count; i++) order[i] = i;
    order.sort(
      (a, b) =>
        keys[a]! - keys[b]! ||
        entries.compare(
          entries,
          b * ENTRY_BYTES,
          (b + 1) * ENTRY_BYTES,
          a * ENTRY_BYTES,
          (a + 1) * ENTRY_BYTES,
        ),
    );
    const hash = createHash('sha256');
    const sorted = Buffer.allocUnsafe(this.count * ENTRY_BYTES);
    order.forEach((i, at) => entries.copy(sorted, at * ENTRY_BYTES, i * ENTRY_BYTES, (i + 1) * ENTRY_BYTES));
    hash.update(sorted);
    return hash.digest('hex');
  }
}
