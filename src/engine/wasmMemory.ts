/**
 * How large the memory opa-wasm must hand a compiled module. `opa build -t wasm` makes the module
 * import its memory (`env.memory`) with a minimum that grows with the policy's data: a policy of
 * 500 rules × 20 values needs more than the 5 pages opa-wasm creates by default, and
 * instantiation then fails with "memory import … is smaller than initial". The minimum (and
 * maximum, when one is declared) is read from the module's import section.
 */

/** WebAssembly pages, 64 KiB each. */
export interface MemoryLimits {
  initial: number;
  maximum?: number;
}

/** opa-wasm's own default initial size, kept as the floor. */
export const DEFAULT_INITIAL_PAGES = 5;

const IMPORT_SECTION = 2;
const DATA_SECTION = 11;
const PAGE_BYTES = 65_536;
const I32_CONST = 0x41;
const END = 0x0b;
const KIND_FUNCTION = 0;
const KIND_TABLE = 1;
const KIND_MEMORY = 2;
const KIND_GLOBAL = 3;

class Reader {
  offset = 0;
  constructor(private readonly bytes: Uint8Array) {}

  byte(): number {
    if (this.offset >= this.bytes.length) throw new RangeError('unexpected end of the wasm module');
    return this.bytes[this.offset++]!;
  }

  /** An unsigned LEB128 number (up to 2^53, which covers u32 and the sizes of memory64). */
  uleb(): number {
    let result = 0;
    let scale = 1;
    for (let i = 0; i < 10; i++) {
      const b = this.byte();
      result += (b & 0x7f) * scale;
      if ((b & 0x80) === 0) return result;
      scale *= 128;
    }
    throw new RangeError('malformed LEB128 number in the wasm module');
  }

  skip(n: number): void {
    if (this.offset + n > this.bytes.length) throw new RangeError('unexpected end of the wasm module');
    this.offset += n;
  }

  name(): string {
    const length = this.uleb();
    const start = this.offset;
    this.skip(length);
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset + start, length).toString('utf8');
  }

  /** A signed LEB128 number (an i32.const immediate). */
  sleb(): number {
    let result = 0;
    let scale = 1;
    for (let i = 0; i < 5; i++) {
      const b = this.byte();
      result += (b & 0x7f) * scale;
      scale *= 128;
      if ((b & 0x80) === 0) return b & 0x40 ? result - scale : result;
    }
    throw new RangeError('malformed LEB128 number in the wasm module');
  }

  limits(): MemoryLimits {
    const flags = this.byte();
    const initial = this.uleb();
    return flags & 0x01 ? { initial, maximum: this.uleb() } : { initial };
  }
}

/** The limits of the module's imported memory, or null when it imports none. */
export function importedMemoryLimits(wasm: Uint8Array): MemoryLimits | null {
  const r = new Reader(wasm);
  r.skip(8); // magic and version
  while (r.offset < wasm.length) {
    const id = r.byte();
    const size = r.uleb();
    const end = r.offset + size;
    if (id !== IMPORT_SECTION) {
      r.skip(size);
      continue;
    }
    const count = r.uleb();
    for (let i = 0; i < count; i++) {
      r.name();
      r.name();
      const kind = r.byte();
      if (kind === KIND_MEMORY) return r.limits();
      if (kind === KIND_FUNCTION) r.uleb();
      else if (kind === KIND_TABLE) {
        r.byte(); // element type
        r.limits();
      } else if (kind === KIND_GLOBAL)
        r.skip(2); // value type, mutability
      else throw new RangeError(`unknown import kind ${kind} in the wasm module`);
    }
    r.offset = end;
    return null;
  }
  return null;
}

/**
 * Pages the module's active data segments reach: where the last one ends. `opa build` declares a
 * memory minimum that can fall short of it for a large policy (its data placed after the heap
 * start), and instantiation then fails with "data segment is out of bounds".
 */
export function dataSegmentPages(wasm: Uint8Array): number {
  const r = new Reader(wasm);
  r.skip(8);
  let end = 0;
  while (r.offset < wasm.length) {
    const id = r.byte();
    const size = r.uleb();
    if (id !== DATA_SECTION) {
      r.skip(size);
      continue;
    }
    const count = r.uleb();
    for (let i = 0; i < count; i++) {
      const flags = r.uleb();
      if (flags === 1) {
        r.skip(r.uleb()); // passive: placed by memory.init, not at instantiation
        continue;
      }
      if (flags === 2) r.uleb(); // memory index
      if (flags !== 0 && flags !== 2)
        throw new RangeError(`unknown data segment kind ${flags} in the wasm module`);
      if (r.byte() !== I32_CONST) throw new RangeError('a data segment offset that is not a constant');
      const offset = r.sleb();
      if (r.byte() !== END) throw new RangeError('malformed data segment offset in the wasm module');
      const length = r.uleb();
      r.skip(length);
      end = Math.max(end, offset + length);
    }
    break;
  }
  return Math.ceil(end / PAGE_BYTES);
}

/**
 * The memory descriptor to load `wasm` with: at least the module's own minimum and room for its
 * data segments.
 */
export function memoryFor(wasm: Uint8Array): MemoryLimits {
  const limits = importedMemoryLimits(wasm);
  const initial = Math.max(DEFAULT_INITIAL_PAGES, limits?.initial ?? 0, dataSegmentPages(wasm));
  return limits?.maximum === undefined ? { initial } : { initial, maximum: limits.maximum };
}
