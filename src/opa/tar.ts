import { gunzipSync } from 'node:zlib';

/** Reads one regular file out of a .tar.gz bundle (`opa build` output) without a tar binary. */
export function extractFromTarGz(archive: Uint8Array, wanted: string): Uint8Array | null {
  const normalise = (name: string) => name.replace(/^\.?\//, '');
  for (const entry of tarEntries(gunzipSync(archive)))
    if (normalise(entry.name) === normalise(wanted)) return entry.data;
  return null;
}

function cString(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  return Buffer.from(end >= 0 ? bytes.subarray(0, end) : bytes).toString('utf8');
}

export interface TarEntry {
  readonly name: string;
  readonly data: Uint8Array;
}

/** A size field: octal text, or GNU's base-256 (high bit set) for sizes past 8 GiB. */
function sizeOf(field: Uint8Array): number {
  if ((field[0]! & 0x80) !== 0) {
    let n = 0;
    for (let i = 1; i < field.length; i++) n = n * 256 + field[i]!;
    return n;
  }
  return parseInt(cString(field).trim() || '0', 8);
}

/** The `path` record of a pax extended header, if any. */
function paxPath(data: Uint8Array): string | null {
  const text = Buffer.from(data).toString('utf8');
  let at = 0;
  let found: string | null = null;
  while (at < text.length) {
    const space = text.indexOf(' ', at);
    const length = parseInt(text.slice(at, space), 10);
    if (!(length > 0)) break;
    const record = text.slice(space + 1, at + length - 1);
    if (record.startsWith('path=')) found = record.slice(5);
    at += length;
  }
  return found;
}

/**
 * The regular files of an uncompressed tar archive (ustar, with GNU long names and pax paths),
 * in archive order. Links, folders and other entries are skipped; a truncated archive ends the
 * listing with an error rather than a partial file.
 */
export function* tarEntries(tar: Uint8Array): Generator<TarEntry> {
  let offset = 0;
  let longName: string | null = null;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) return;
    const size = sizeOf(header.subarray(124, 136));
    const type = String.fromCharCode(header[156] ?? 0);
    const start = offset + 512;
    if (start + size > tar.length) throw new Error('the tar archive ends inside a file');
    const data = tar.subarray(start, start + size);
    offset = start + Math.ceil(size / 512) * 512;
    if (type === 'L') longName = cString(data);
    else if (type === 'x') longName = paxPath(data) ?? longName;
    else if (type === 'g') continue;
    else {
      const magic = cString(header.subarray(257, 263));
      const prefix = magic.startsWith('ustar') ? cString(header.subarray(345, 500)) : '';
      const name =
        longName ??
        (prefix ? `${prefix}/${cString(header.subarray(0, 100))}` : cString(header.subarray(0, 100)));
      longName = null;
      if (type === '0' || type === '\0') yield { name, data: new Uint8Array(data) };
    }
  }
}
