/**
 * The client of policy-replay-engine (engine/, docs/rego-engine.md): OPA 1.22.3 linked as a
 * library, one child process per set of sides (base, head, ...), newline-delimited JSON over its
 * stdin and stdout.
 *
 * JSON values cross this API as JSON *text* (`JsonText`): inputs, recorded built-in results and
 * decisions hold integers beyond 2^53 (time.now_ns is ~1.7e18), which `JSON.parse` would round.
 * Requests splice the caller's text in unchanged; answers are split into top-level members
 * without parsing the values that may hold such numbers.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ruleSetOf, type RuleSet } from './ruleSet.js';

/** A JSON document as text, kept as written so that every number stays exact. */
export type JsonText = string;

export type RegoVersion = 'v0' | 'v1';

/** One side of a policy change. Exactly one of `decision` and `query` is set. */
export interface SideSpec {
  /** File name (reported in error locations) → Rego source. */
  modules: Record<string, string>;
  /** The data document, as JSON text; absent is `{}`. */
  data?: JsonText;
  regoVersion?: RegoVersion;
  /** A data path such as `httpapi/authz/allow`: one value, or undefined. */
  decision?: string;
  /** A Rego query answered with all its bindings (generic mode). */
  query?: string;
  /** Default budget of one evaluation, in milliseconds (engine default 5000). */
  timeoutMs?: number;
  /**
   * `recorded` (the engine's default): non-deterministic built-ins answer only from the request's
   * `nd_builtin_cache`. `live` lets them run on a miss: for tests, never for a gate.
   */
  nondeterministic?: 'recorded' | 'live';
}

export type EngineErrorKind =
  | 'bad_request'
  | 'unknown_side'
  | 'parse_error'
  | 'compile_error'
  | 'unknown_builtin'
  | 'eval_error'
  | 'nd_builtin_not_recorded'
  | 'timeout'
  /** The process ended, or answered something that is not a response. */
  | 'engine_failed';

export interface EngineLocation {
  file: string;
  line: number;
  column: number;
}

/** A typed failure. Never carries input or cache values: the engine does not send them. */
export class EngineError extends Error {
  readonly kind: EngineErrorKind;
  /** OPA's error code: rego_parse_error, eval_conflict_error, ... */
  readonly code: string | undefined;
  readonly side: string | undefined;
  /** The non-deterministic built-in whose recorded result was missing. */
  readonly builtin: string | undefined;
  readonly location: EngineLocation | undefined;
  readonly errors: ReadonlyArray<{ code: string; message: string; location?: EngineLocation }>;

  constructor(wire: WireError) {
    super(wire.message);
    this.name = 'EngineError';
    this.kind = wire.kind;
    this.code = wire.code;
    this.side = wire.side;
    this.builtin = wire.builtin;
    this.location = wire.location;
    this.errors = wire.errors ?? [];
  }
}

interface WireError {
  kind: EngineErrorKind;
  message: string;
  code?: string;
  side?: string;
  builtin?: string;
  location?: EngineLocation;
  errors?: Array<{ code: string; message: string; location?: EngineLocation }>;
}

/** A decision: undefined, or defined with its value as exact JSON text. */
export type Decision = { defined: false } | { defined: true; result: JsonText };

export interface EvalRequest {
  /** The input document as JSON text; absent leaves `input` undefined. */
  input?: JsonText;
  /** The decision-log event's `nd_builtin_cache`, as JSON text. Absent: no call is recorded. */
  ndBuiltinCache?: JsonText;
  strictBuiltinErrors?: boolean;
  timeoutMs?: number;
}

/** A partial evaluation: decided (with the decision), or the residual queries as Rego text. */
export type PartialAnswer = { decided: true; decision: Decision } | { decided: false; residual: string[] };

interface Pending {
  resolve: (members: Map<string, string>) => void;
  reject: (error: Error) => void;
}

/** The tail of the engine's stderr kept for a failure message (it never holds request values). */
const STDERR_TAIL = 4096;

export class EngineProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private writes: Promise<void> = Promise.resolve();
  /** Lines written since the last flush (write). */
  private queued: string[] = [];
  private failure: EngineError | undefined;
  private stderr = '';

  private constructor(child: ChildProcessWithoutNullStreams) {
    this.child = child;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-STDERR_TAIL);
    });
    const lines = createInterface({ input: child.stdout, crlfDelay: Infinity });
    lines.on('line', (line) => this.onLine(line));
    child.on('error', (err) => this.fail(`could not run the engine: ${err.message}`));
    child.on('exit', (code, signal) => this.fail(`the engine exited (${signal ?? `code ${code}`})`));
    // A closed pipe surfaces as the exit above; without a listener it would throw.
    child.stdin.on('error', () => undefined);
  }

  /** Starts an engine without sides: each is loaded apart, so a failure names its side. */
  static open(enginePath: string): EngineProcess {
    return new EngineProcess(spawn(enginePath, [], { stdio: ['pipe', 'pipe', 'pipe'] }));
  }

  /** Starts an engine and loads `sides` into it; rejects with the load's EngineError. */
  static async start(enginePath: string, sides: Record<string, SideSpec>): Promise<EngineProcess> {
    const engine = EngineProcess.open(enginePath);
    try {
      await engine.load(sides);
    } catch (err) {
      await engine.close();
      throw err;
    }
    return engine;
  }

  /** The OPA version linked into the engine. */
  async version(): Promise<string> {
    const m = await this.request('{"op":"version"', '');
    return JSON.parse(m.get('opa') ?? '""') as string;
  }

  /** Compiles and installs sides (replacing same-named ones); nothing changes if one fails. */
  async load(sides: Record<string, SideSpec>): Promise<string[]> {
    const policies = Object.entries(sides).map(([name, s]) => {
      const fields = [`"modules":${JSON.stringify(s.modules)}`];
      if (s.data !== undefined) fields.push(`"data":${s.data}`);
      if (s.regoVersion !== undefined) fields.push(`"rego_version":${JSON.stringify(s.regoVersion)}`);
      if (s.decision !== undefined) fields.push(`"decision":${JSON.stringify(s.decision)}`);
      if (s.query !== undefined) fields.push(`"query":${JSON.stringify(s.query)}`);
      if (s.timeoutMs !== undefined) fields.push(`"timeout_ms":${s.timeoutMs}`);
      if (s.nondeterministic !== undefined)
        fields.push(`"nondeterministic":${JSON.stringify(s.nondeterministic)}`);
      return `${JSON.stringify(name)}:{${fields.join(',')}}`;
    });
    const m = await this.request('{"op":"load"', `,"policies":{${policies.join(',')}}`);
    return JSON.parse(m.get('sides') ?? '[]') as string[];
  }

  /** Evaluates a decision side (`SideSpec.decision`). */
  async eval(side: string, req: EvalRequest = {}): Promise<Decision> {
    const m = await this.request('{"op":"eval"', `,"side":${JSON.stringify(side)}${evalFields(req)}`);
    return decisionOf(m);
  }

  /**
   * Evaluates decision sides on one input and one set of recorded results (decoded once by the
   * engine): each side's decision, or its own EngineError (a failure of one side does not fail the
   * others).
   */
  async evalSides(sides: readonly string[], req: EvalRequest = {}): Promise<(Decision | EngineError)[]> {
    const m = await this.request('{"op":"eval_sides"', `,"sides":${JSON.stringify(sides)}${evalFields(req)}`);
    return arrayElements(m.get('answers') ?? '[]').map((text) => {
      const answer = topLevelMembers(text);
      const error = answer.get('error');
      return error === undefined ? decisionOf(answer) : new EngineError(JSON.parse(error) as WireError);
    });
  }

  /**
   * Evaluates a query side (`SideSpec.query`): every solution, as the JSON text of an array of
   * objects (variable → value).
   */
  async query(side: string, req: EvalRequest = {}): Promise<{ defined: boolean; results: JsonText }> {
    const m = await this.request('{"op":"eval"', `,"side":${JSON.stringify(side)}${evalFields(req)}`);
    return { defined: m.get('defined') === 'true', results: m.get('results') ?? '[]' };
  }

  /**
   * Partially evaluates a decision side with `unknowns` (JSON pointers under /input) unknown; the
   * recorded non-deterministic results answer the calls whose arguments are known.
   */
  async partial(
    side: string,
    input: JsonText,
    unknowns: string[],
    ndBuiltinCache?: JsonText,
  ): Promise<PartialAnswer> {
    const cache = ndBuiltinCache === undefined ? '' : `,"nd_builtin_cache":${ndBuiltinCache}`;
    const m = await this.request(
      '{"op":"partial"',
      `,"side":${JSON.stringify(side)},"input":${input},"unknowns":${JSON.stringify(unknowns)}${cache}`,
    );
    if (m.get('decided') === 'true') return { decided: true, decision: decisionOf(m) };
    return { decided: false, residual: JSON.parse(m.get('residual') ?? '[]') as string[] };
  }

  /**
   * The input a decision side can read (`opa deps`' base documents under input, cut at their
   * first dynamic step), as JSON pointers; `wholeInput` when it can read all of it; `data`, the
   * base documents under data it reads (pointers under /data), which the policy must hold;
   * `rules`, the rule groups it can reach (`data.pkg.rule`).
   */
  async reads(
    side: string,
  ): Promise<{ pointers: string[]; wholeInput: boolean; data: string[]; rules: string[] }> {
    const m = await this.request('{"op":"reads"', `,"side":${JSON.stringify(side)}`);
    return {
      pointers: JSON.parse(m.get('reads') ?? '[]') as string[],
      wholeInput: m.get('whole_input') === 'true',
      data: JSON.parse(m.get('data_reads') ?? '[]') as string[],
      rules: JSON.parse(m.get('rule_reads') ?? '[]') as string[],
    };
  }

  /**
   * Parses modules (without compiling them) and lists their rule groups (docs/rego-engine.md
   * `rules`); a parse error rejects with its `EngineError` (`parse_error`, file, line, column).
   */
  async rules(modules: Record<string, string>, regoVersion?: RegoVersion): Promise<RuleSet> {
    const version = regoVersion === undefined ? '' : `,"rego_version":${JSON.stringify(regoVersion)}`;
    const m = await this.request('{"op":"rules"', `,"modules":${JSON.stringify(modules)}${version}`);
    return ruleSetOf(m.get('rules') ?? '[]', m.get('modules') ?? '{}');
  }

  /** Ends the process (closing stdin lets it finish its answers) and waits for it. */
  async close(): Promise<void> {
    const { pid, exitCode, signalCode } = this.child;
    // pid is undefined when the program could not be started: there is nothing to wait for.
    if (pid === undefined || exitCode !== null || signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.stdin.end();
    await exited;
  }

  private request(head: string, rest: string): Promise<Map<string, string>> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const answer = new Promise<Map<string, string>>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
    });
    this.write(`${head},"id":${id}${rest}}\n`);
    return answer;
  }

  /**
   * Writes in order, waiting for 'drain' whenever the pipe's buffer is full. The lines of one turn
   * of the event loop go out as one write: a replay sends thousands of requests at once, and a
   * write each cost more than the evaluations they asked for.
   */
  private write(line: string): void {
    this.queued.push(line);
    if (this.queued.length === 1) setImmediate(() => this.flush());
  }

  private flush(): void {
    const text = this.queued.join('');
    this.queued = [];
    this.writes = this.writes
      .then(async () => {
        if (this.failure) return;
        if (!this.child.stdin.write(text)) await this.drained();
      })
      // A broken pipe is the process failing: 'error'/'exit' reject the pending requests.
      .catch(() => undefined);
  }

  /** Resolves when the pipe takes more, or when it never will (the process ended or failed). */
  private drained(): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        this.child.stdin.off('drain', done);
        this.child.off('exit', done);
        this.child.off('error', done);
        resolve();
      };
      this.child.stdin.once('drain', done);
      this.child.once('exit', done);
      this.child.once('error', done);
    });
  }

  private onLine(line: string): void {
    let members: Map<string, string>;
    try {
      members = topLevelMembers(line);
    } catch {
      this.fail('the engine answered a line that is not a JSON object');
      return;
    }
    const rawId = members.get('id');
    const id = rawId === undefined || rawId === 'null' ? this.oldestPending() : Number(rawId);
    const waiting = id === undefined ? undefined : this.pending.get(id);
    if (id === undefined || waiting === undefined) {
      this.fail('the engine answered a request that was not asked');
      return;
    }
    this.pending.delete(id);
    if (members.get('ok') === 'true') waiting.resolve(members);
    else waiting.reject(new EngineError(JSON.parse(members.get('error') ?? '{}') as WireError));
  }

  /** Answers come in request order: one without an id answers the oldest request. */
  private oldestPending(): number | undefined {
    return this.pending.keys().next().value;
  }

  private fail(message: string): void {
    if (!this.failure) {
      const tail = this.stderr.trim();
      this.failure = new EngineError({
        kind: 'engine_failed',
        message: tail ? `${message}: ${tail}` : message,
      });
    }
    for (const p of this.pending.values()) p.reject(this.failure);
    this.pending.clear();
  }
}

function evalFields(req: EvalRequest): string {
  let out = '';
  if (req.input !== undefined) out += `,"input":${req.input}`;
  if (req.ndBuiltinCache !== undefined) out += `,"nd_builtin_cache":${req.ndBuiltinCache}`;
  if (req.strictBuiltinErrors) out += ',"strict_builtin_errors":true';
  if (req.timeoutMs !== undefined) out += `,"timeout_ms":${req.timeoutMs}`;
  return out;
}

function decisionOf(m: Map<string, string>): Decision {
  const result = m.get('result');
  return m.get('defined') === 'true' && result !== undefined ? { defined: true, result } : { defined: false };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The members of a JSON object text, key → the value's text, unparsed (so numbers stay exact).
 * The text is the engine's, valid JSON; anything else throws.
 */
export function topLevelMembers(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== 0x7b) throw new Error('not an object');
  i = skipSpace(text, i + 1);
  if (text.charCodeAt(i) === 0x7d) return out;
  for (;;) {
    const keyEnd = endOfString(text, i);
    const raw = text.slice(i + 1, keyEnd - 1);
    const key = raw.includes('\\') ? (JSON.parse(text.slice(i, keyEnd)) as string) : raw;
    i = skipSpace(text, keyEnd);
    if (text.charCodeAt(i) !== 0x3a) throw new Error('expected a colon');
    const start = skipSpace(text, i + 1);
    const end = endOfValue(text, start);
    out.set(key, text.slice(start, end));
    i = skipSpace(text, end);
    const c = text.charCodeAt(i);
    if (c === 0x7d) return out;
    if (c !== 0x2c) throw new Error('expected a comma');
    i = skipSpace(text, i + 1);
  }
}

/** The elements of a JSON array's text, each as its text (valid JSON). */
export function arrayElements(text: string): string[] {
  const out: string[] = [];
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== 0x5b) throw new Error('not an array');
  i = skipSpace(text, i + 1);
  if (text.charCodeAt(i) === 0x5d) return out;
  for (;;) {
    const end = endOfValue(text, i);
    out.push(text.slice(i, end));
    i = skipSpace(text, end);
    const c = text.charCodeAt(i);
    if (c === 0x5d) return out;
    if (c !== 0x2c) throw new Error('expected a comma');
    i = skipSpace(text, i + 1);
  }
}

/** JSON's whitespace: space, tab, line feed, carriage return. */
const isJsonSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

export function skipSpace(text: string, i: number): number {
  while (i < text.length && isJsonSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The index after the string starting at `i`. */
function endOfString(text: string, i: number): number {
  if (text.charCodeAt(i) !== QUOTE) throw new Error('expected a string');
  // Jumps from quote to quote (a JWT or a header is long): a quote ends the string unless an odd
  // number of backslashes precedes it.
  for (let from = i + 1; ;) {
    const q = text.indexOf('"', from);
    if (q < 0) throw new Error('unterminated string');
    let slashes = 0;
    while (text.charCodeAt(q - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return q + 1;
    from = q + 1;
  }
}

/** The index after the value starting at `i`: a string, a nested value, or a bare token. */
export function endOfValue(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === QUOTE) return endOfString(text, i);
  if (c === 0x7b || c === 0x5b) {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const d = text.charCodeAt(j);
      if (d === QUOTE) j = endOfString(text, j) - 1;
      else if (d === 0x7b || d === 0x5b) depth++;
      else if (d === 0x7d || d === 0x5d) {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    throw new Error('unterminated value');
  }
  let j = i;
  for (; j < text.length; j++) {
    const d = text.charCodeAt(j);
    if (d === 0x2c || d === 0x7d || d === 0x5d || isJsonSpace(d)) break;
  }
  if (j === i) throw new Error('expected a value');
  return j;
}
