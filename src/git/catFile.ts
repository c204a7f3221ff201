/**
 * Objects read by id through one long-lived `git cat-file --batch` (contents) or `--batch-check`
 * (type and size) process per repository, rather than a `git` process per object: an Action run
 * reads a dozen objects or more, and every process costs a fork of the whole Node process.
 *
 * Only object names checked here — a full hex id, optionally peeled with `^{commit}` or
 * `^{tree}` — are ever written to git's stdin, one per line, so nothing from a pull request (a
 * path, a ref) reaches git as input: paths are looked up in tree objects by the caller
 * (tree.ts). A process left idle for IDLE_MS ends; while idle it holds no reference on the event
 * loop, so it never keeps a finished run alive (it gets end-of-file when its parent exits).
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { GitError, MAX_BUFFER, SHA_PATTERN, gitEnvironment } from './gitProcess.js';

export interface ObjectInfo {
  oid: string;
  type: string;
  size: number;
}

export interface GitObject extends ObjectInfo {
  content: Buffer;
}

type Mode = '--batch' | '--batch-check';

const OBJECT_NAME = /^(?:[0-9a-f]{40}|[0-9a-f]{64})(?:\^\{(?:commit|tree)\})?$/i;
const IDLE_MS = 1000;
const NO_CONTENT = Buffer.alloc(0);

interface Pending {
  resolve: (object: GitObject | null) => void;
  reject: (error: Error) => void;
}

interface Handle {
  ref(): void;
  unref(): void;
}

class CatFileProcess {
  private readonly child: ChildProcessByStdio<Writable, Readable, Readable>;
  private readonly pending: Pending[] = [];
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** The header of the object whose content is still arriving (--batch). */
  private header: ObjectInfo | null = null;
  /** Bytes of an object too large to return, still to skip. */
  private discard = 0;
  private stderr = '';
  private idle: NodeJS.Timeout | undefined;
  private ended = false;

  constructor(
    cwd: string,
    private readonly mode: Mode,
    private readonly onEnd: () => void,
  ) {
    this.child = spawn('git', ['cat-file', mode], {
      cwd,
      env: gitEnvironment(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stdout.on('data', (chunk: Buffer) => this.receive(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-4096);
    });
    // EPIPE once git has gone: its 'close' rejects whatever still waits.
    this.child.stdin.on('error', () => undefined);
    this.child.on('error', (error) => this.fail(null, error.message));
    this.child.on('close', (code, signal) => this.fail(code, `exited with ${signal ?? `code ${code}`}`));
  }

  request(name: string): Promise<GitObject | null> {
    if (this.ended)
      return Promise.reject(new GitError(['cat-file', this.mode], null, '', 'git cat-file ended'));
    clearTimeout(this.idle);
    this.hold(true);
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject });
      this.child.stdin.write(`${name}\n`);
    });
  }

  private handles(): Handle[] {
    const { child } = this;
    return [child, child.stdin, child.stdout, child.stderr] as unknown as Handle[];
  }

  private hold(active: boolean): void {
    for (const handle of this.handles()) {
      if (active) handle.ref();
      else handle.unref();
    }
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.onEnd();
    this.child.stdin.end();
  }

  private fail(code: number | null, detail: string): void {
    this.end();
    clearTimeout(this.idle);
    const stderr = this.stderr.trim();
    const error = new GitError(
      ['cat-file', this.mode],
      code,
      stderr,
      `git cat-file failed: ${stderr || detail}`,
    );
    for (const waiting of this.pending.splice(0)) waiting.reject(error);
  }

  private receive(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    while (this.pending.length > 0) {
      const answer = this.next();
      if (answer === undefined) return;
      const waiting = this.pending.shift()!;
      if (answer instanceof Error) waiting.reject(answer);
      else waiting.resolve(answer);
    }
    this.hold(false);
    this.idle = setTimeout(() => this.end(), IDLE_MS);
    this.idle.unref();
  }

  /** The first `count` buffered bytes, removed from the buffer. */
  private take(count: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.buffered);
    const rest = all.subarray(count);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    return all.subarray(0, count);
  }

  /** The next answer when its bytes have all arrived, else undefined. */
  private next(): GitObject | null | Error | undefined {
    if (this.discard > 0) {
      this.discard -= this.take(Math.min(this.discard, this.buffered)).length;
      if (this.discard > 0) return undefined;
    }
    if (this.header === null) {
      const header = this.readHeader();
      if (header === undefined || header === null) return header;
      if (this.mode === '--batch-check') return { ...header, content: NO_CONTENT };
      if (header.size > MAX_BUFFER) {
        this.discard = header.size + 1;
        return new GitError(
          ['cat-file', this.mode],
          null,
          '',
          'git cat-file failed: stdout maxBuffer length exceeded',
        );
      }
      this.header = header;
    }
    if (this.buffered < this.header.size + 1) return undefined;
    const content = this.take(this.header.size + 1).subarray(0, this.header.size);
    const object = { ...this.header, content };
    this.header = null;
    return object;
  }

  /** `<oid> <type> <size>`, or null for `<name> missing`; undefined until the line is complete. */
  private readHeader(): ObjectInfo | null | undefined {
    if (this.chunks.length > 1) this.chunks = [Buffer.concat(this.chunks, this.buffered)];
    const eol = this.chunks[0]?.indexOf(0x0a) ?? -1;
    if (eol === -1) return undefined;
    const line = this.take(eol + 1).toString('utf8', 0, eol);
    const [oid = '', type = '', size = ''] = line.split(' ');
    if (type === 'missing') return null;
    if (SHA_PATTERN.test(oid) && /^\d+$/.test(size)) return { oid, type, size: Number(size) };
    // Nothing after this line can be trusted to answer the right request: every waiting one fails.
    this.child.kill();
    this.fail(null, `unexpected output: ${line}`);
    return undefined;
  }
}

const open = new Map<string, CatFileProcess>();

function request(cwd: string, mode: Mode, name: string): Promise<GitObject | null> {
  if (!OBJECT_NAME.test(name)) {
    return Promise.reject(new GitError(['cat-file'], null, '', `'${name}' is not an object id`));
  }
  const key = `${mode}\0${cwd}`;
  let reader = open.get(key);
  if (reader === undefined) {
    const created = new CatFileProcess(cwd, mode, () => {
      if (open.get(key) === created) open.delete(key);
    });
    open.set(key, created);
    reader = created;
  }
  return reader.request(name);
}

/** The object `name` (a full hex id, optionally `^{commit}` or `^{tree}`), or null when git has none. */
export function readObject(cwd: string, name: string): Promise<GitObject | null> {
  return request(cwd, '--batch', name);
}

/** The type and size of the object `name`, without its content, or null when git has none. */
export async function objectInfo(cwd: string, name: string): Promise<ObjectInfo | null> {
  const object = await request(cwd, '--batch-check', name);
  return object === null ? null : { oid: object.oid, type: object.type, size: object.size };
}
