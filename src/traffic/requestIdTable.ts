/**
 * The request ids a sample has used so far, each with the line of its first record: what catches a
 * repeated request_id, and the one structure of the replay that grows with the sample. A JS Map
 * of them would grow the JS heap, which V8 sizes to a multiple of what is live; here the ids' UTF-8
 * bytes, their hashes and lines sit in typed arrays off the JS heap, never collected
 * (docs/performance.md "Worker threads"). Exact: a hash match is confirmed on the bytes; an id that
 * is not well-formed UTF-16 (a lone surrogate, which UTF-8 cannot carry) is kept in a Map instead.
 */

const PAGE_BYTES = 1 << 20;
const INITIAL_ENTRIES = 1 << 12;

export class RequestIdTable {
  /** The ids' bytes, in pages (no copying as the table grows); entry i at offsets[i]. */
  private readonly pages: Uint8Array[] = [];
  private pageUsed = PAGE_BYTES;
  private offsets = new Float64Array(INITIAL_ENTRIES);
  private lengths = new Uint32Array(INITIAL_ENTRIES);
  private lines = new Float64Array(INITIAL_ENTRIES);
  private hashes = new Uint32Array(INITIAL_ENTRIES);
  /** Open addressing, linear probing: entry index + 1, 0 for an empty slot; at most half full. */
  private slots = new Int32Array(INITIAL_ENTRIES * 2);
  private count = 0;
  private scratch = new Uint8Array(256);
  private readonly encoder = new TextEncoder();
  private readonly illFormed = new Map<string, number>();

  get size(): number {
    return this.count + this.illFormed.size;
  }

  /**
   * The line `id` was first claimed on; when it was not claimed yet, claims it for `line` and
   * returns undefined.
   */
  claim(id: string, line: number): number | undefined {
    if (!id.isWellFormed()) {
      const first = this.illFormed.get(id);
      if (first === undefined) this.illFormed.set(id, line);
      return first;
    }
    const length = this.encode(id);
    const bytes = this.scratch;
    let hash = 0x811c9dc5;
    for (let i = 0; i < length; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
    hash >>>= 0;
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot]! - 1;
      if (entry < 0) {
        this.insert(slot, hash, length, line);
        return undefined;
      }
      if (this.hashes[entry] === hash && this.sameBytes(entry, length)) return this.lines[entry];
    }
  }

  /** UTF-8 of `id` into the scratch buffer; returns its length. */
  private encode(id: string): number {
    // Three bytes per UTF-16 unit is the most UTF-8 can need.
    if (this.scratch.length < id.length * 3) this.scratch = new Uint8Array(id.length * 3);
    return this.encoder.encodeInto(id, this.scratch).written;
  }

  private sameBytes(entry: number, length: number): boolean {
    if (this.lengths[entry] !== length) return false;
    const at = this.offsets[entry]!;
    const page = this.pages[Math.floor(at / PAGE_BYTES)]!;
    const start = at % PAGE_BYTES;
    const bytes = this.scratch;
    for (let i = 0; i < length; i++) if (page[start + i] !== bytes[i]) return false;
    return true;
  }

  private insert(slot: number, hash: number, length: number, line: number): void {
    const entry = this.count++;
    if (entry === this.hashes.length) this.growEntries();
    // An id longer than a page gets a page of its own.
    if (this.pageUsed + length > PAGE_BYTES || this.pages.length === 0) {
      this.pages.push(new Uint8Array(Math.max(PAGE_BYTES, length)));
      this.pageUsed = 0;
    }
    const pageIndex = this.pages.length - 1;
    this.pages[pageIndex]!.set(this.scratch.subarray(0, length), this.pageUsed);
    // A long id starts its own page at 0 and fills it, so an offset still names one page.
    this.offsets[entry] = pageIndex * PAGE_BYTES + this.pageUsed;
    this.pageUsed += length;
    this.lengths[entry] = length;
    this.lines[entry] = line;
    this.hashes[entry] = hash;
    this.slots[slot] = entry + 1;
    if (this.count * 2 > this.slots.length) this.rehash();
  }

  private growEntries(): void {
    const grow = <T extends Float64Array | Uint32Array>(a: T, make: (n: number) => T): T => {
      const b = make(a.length * 2);
      b.set(a);
      return b;
    };
    this.offsets = grow(this.offsets, (n) => new Float64Array(n));
    this.lengths = grow(this.lengths, (n) => new Uint32Array(n));
    this.lines = grow(this.lines, (n) => new Float64Array(n));
    this.hashes = grow(this.hashes, (n) => new Uint32Array(n));
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let entry = 0; entry < this.count; entry++) {
      let slot = this.hashes[entry]! & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = entry + 1;
    }
    this.slots = slots;
  }
}
