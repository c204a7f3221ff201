/**
 * A traffic path that is not a regular file is refused before anything reads it (a FIFO would
 * block, /dev/zero would never end). In the opa project only because it makes its FIFO with
 * `mkfifo`; the rest of the hostile-sample tests are unit tests (hostile.test.ts).
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { readTraffic, trafficSha256, TrafficReadError, type TrafficItem } from '../../src/traffic/reader.js';
import { tempDir } from '../support/files.js';

const tmp = tempDir('traffic-special-');
afterAll(() => tmp.cleanup());

async function readAll(path: string) {
  const items: TrafficItem[] = [];
  for await (const item of readTraffic(path)) items.push(item);
  return items;
}

describe('files that are not regular files', () => {
  it('/dev/zero, a FIFO and a directory are refused with a clear error, never read', async () => {
    const fifo = tmp.file('pipe.jsonl');
    execFileSync('mkfifo', [fifo]);
    const dir = tmp.file('dir.jsonl');
    mkdirSync(dir);
    await expect(readAll('/dev/zero')).rejects.toThrow(
      new TrafficReadError(
        '/dev/zero',
        'is a device, not a traffic file: a sample must be a regular file (write a stream to a file first)',
      ),
    );
    await expect(trafficSha256('/dev/zero')).rejects.toThrow(/is a device/);
    await expect(readAll(fifo)).rejects.toThrow(/is a FIFO \(named pipe\), not a traffic file/);
    await expect(trafficSha256(fifo)).rejects.toThrow(/FIFO/);
    await expect(readAll(dir)).rejects.toThrow(/is a directory, not a traffic file/);
  });
});
