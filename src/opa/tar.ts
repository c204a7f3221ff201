import { gunzipSync } from 'node:zlib';

/** Reads one regular file out of a .tar.gz bundle (`opa build` output) without a tar binary. */
export function extractFromTarGz(archive: Uint8Array, wanted: string): Uint8Array | null {
  const tar = gunzipSync(archive);
  let offset = 0;
  const normalise = (name: string) => name.replace(/^\.?\//, '');
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const name = cString(header.subarray(0, 100));
    const prefix = cString(header.subarray(345, 500));
    const size = parseInt(cString(header.subarray(124, 136)).trim() || '0', 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const full = prefix ? `${prefix}/${name}` : name;
    const start = offset + 512;
    if ((type === '0' || type === '\0') && normalise(full) === normalise(wanted)) {
      return new Uint8Array(tar.subarray(start, start + size));
    }
    offset = start + Math.ceil(size / 512) * 512;
  }
  return null;
}

function cString(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  return Buffer.from(end >= 0 ? bytes.subarray(0, end) : bytes).toString('utf8');
}
