// The parse limit of a sample (docs/performance.md "The parse limit"): what any replay that parses
// every record is bounded by. Run as a child process: gunzip (when the file is gzip), split at
// newlines, JSON.parse every non-blank line, and print {lines, seconds, cpu} as JSON. The same
// work the replay's reader and workers do before a policy is consulted, and nothing else.
import { createReadStream, openSync, readSync, closeSync } from 'node:fs';
import { createGunzip } from 'node:zlib';

const file = process.argv[2];
const fd = openSync(file, 'r');
const magic = Buffer.alloc(2);
const gzip = readSync(fd, magic, 0, 2, 0) === 2 && magic[0] === 0x1f && magic[1] === 0x8b;
closeSync(fd);

const started = process.hrtime.bigint();
const cpuAtStart = process.cpuUsage();
const source = createReadStream(file, { highWaterMark: 1 << 20 });
const stream = gzip ? source.pipe(createGunzip({ chunkSize: 1 << 18 })) : source;
let lines = 0;
let rest = null;
for await (const chunk of stream) {
  const buf = rest === null ? chunk : Buffer.concat([rest, chunk]);
  let start = 0;
  for (let nl = buf.indexOf(10, start); nl >= 0; nl = buf.indexOf(10, start)) {
    if (nl > start) {
      JSON.parse(buf.toString('utf8', start, nl));
      lines++;
    }
    start = nl + 1;
  }
  rest = start < buf.length ? buf.subarray(start) : null;
}
if (rest !== null && rest.length > 0) {
  JSON.parse(rest.toString('utf8'));
  lines++;
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
// CPU of the whole process over the same span (gunzip runs on libuv's threads), for the bench's
// µs per record.
const { user, system } = process.cpuUsage(cpuAtStart);
process.stdout.write(`${JSON.stringify({ lines, seconds, cpu: (user + system) / 1e6 })}\n`);
