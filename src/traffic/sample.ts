import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import {
  describeDecisionLogOptions,
  hasDecisionLogOptions,
  mapDecisionEvent,
  normalizeDecisionPath,
  type DecisionLogOptions,
} from './decisionLog.js';
import {
  DEFAULT_MAX_LINE_BYTES,
  duplicateReason,
  elementSplitter,
  forEachLine,
  idOf,
  LineChunker,
  parseElementJson,
  readTrafficBytes,
  readTrafficElements,
  TrafficReadError,
  type ElementSink,
  type TrafficLayout,
} from './reader.js';
import { explainInvalidRecord, isTrafficRecord, type TrafficRecord } from './record.js';
import { scanShapeText, shapeMayHoldRespelledNumber, type Shape } from './recordShape.js';
import { judgeRespelledNumbers, withRespelledNumbers } from './numbers.js';
import { RequestIdTable } from './requestIdTable.js';
import { listSampleFiles, type SampleFile, type SampleSource } from './sampleFiles.js';
import { boundedList } from '../text/listing.js';

/**
 * A traffic sample as the replay reads it (docs/decision-logs.md): one or more files, each a
 * stream of JSON Lines or one JSON array, plain or gzip, holding either records of our own format
 * or OPA decision events (console log lines mixed with other log lines, or upload bodies). The
 * format is found from the content, never from the name:
 *
 * 1. `planSample` lists the files and reads each up to its first record (an object with
 *    `request_id`) or decision event (an object with `decision_id`). Usually that is the first
 *    line; a file holding neither is read whole (an OPA log without decisions). Records in one
 *    file and events in another: the sample is refused.
 * 2. `sampleUnits` streams the files in order as units: runs of whole lines (what a worker thread
 *    evaluates) or batches of array elements (evaluated on the main thread, as for our own
 *    `.json` arrays).
 * 3. `SampleElementReader` turns one element's text into a record, a malformed element, or a
 *    skipped log line; `decisionLog.ts` maps an event to a record.
 *
 * Every element has a position: `file index × 2^32 + line` (or `+ element index` for the arrays
 * of a decision log, whose upload bodies are one line). One number orders the sample, keys the
 * shards and the repeated-id table, and becomes `file:line` / `file:[index]` only in the report.
 */

export type SampleFormat = 'records' | 'opa-decision-log';

export interface PlannedFile extends SampleFile {
  layout: TrafficLayout;
  /** Positions in this file are element indices (a decision log's JSON array), not lines. */
  indexed: boolean;
}

export interface SamplePlan {
  /** How the report names the sample (`meta.traffic.path`). */
  shown: string;
  format: SampleFormat;
  files: PlannedFile[];
  options: DecisionLogOptions;
  /** The longest line (array element) read as an element; longer ones are malformed. */
  maxLineBytes: number;
}

/** Positions of file `i` start at `i × FILE_STRIDE`. */
export const FILE_STRIDE = 2 ** 32;

export function fileIndexOf(position: number): number {
  return Math.floor(position / FILE_STRIDE);
}

// ---------------------------------------------------------------------------------------------
// Planning: the files, their layout and the sample's format.

function isJsonLinesName(path: string): boolean {
  return /\.jsonl(\.gz)?$/i.test(path);
}

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

/** Index of the first byte that is not JSON whitespace (a leading BOM skipped), or -1. */
function firstContentByte(chunk: Buffer, atStart: boolean): number {
  let i = atStart && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? 3 : 0;
  for (; i < chunk.length; i++) {
    const b = chunk[i];
    if (b !== SPACE && b !== TAB && b !== LF && b !== CR) return i;
  }
  return -1;
}

type Evidence = { kind: 'records' | 'events'; where: string } | null;

/** A reader error about `file.path`, renamed to the path as shown. */
function shownError(error: unknown, file: SampleFile): unknown {
  if (!(error instanceof TrafficReadError) || error.path !== file.path || file.path === file.shown)
    return error;
  const rest = error.message.slice(file.path.length);
  const line = /^:(\d+): /.exec(rest);
  return new TrafficReadError(file.shown, rest.slice(line ? line[0].length : 2), error.line);
}

/** Reads `file` up to its first record or event: its layout and which it holds. */
async function sniffFile(
  file: SampleFile,
  maxLineBytes: number,
): Promise<{ layout: TrafficLayout; evidence: Evidence }> {
  let layout: TrafficLayout | null = null;
  let index = 0;
  let evidence: Evidence = null;
  let sawObject = false;
  /** Elements read as JSON at all (one refused for its length or bytes was not). */
  let parsedAny = false;
  const sink: ElementSink<void> = {
    element: (text, line, shape) => {
      const where = layout === 'array' ? `${file.shown}:[${index}]` : `${file.shown}:${line}`;
      index++;
      if (evidence !== null) return;
      if (shape >= 0) parsedAny = true;
      const parsed = parseElementJson(text, shape, maxLineBytes);
      // An object repeating a key is still an object (malformed as a record or event, not as JSON).
      const value = parsed.ok ? parsed.value : parsed.repeatedKeyValue;
      if (!isObject(value)) return;
      sawObject = true;
      if (Object.hasOwn(value, 'decision_id')) evidence = { kind: 'events', where };
      else if (Object.hasOwn(value, 'request_id')) evidence = { kind: 'records', where };
    },
    empty: () => {
      index++;
      parsedAny = true;
    },
  };
  let splitter: ReturnType<typeof elementSplitter<void>> | null = null;
  const waiting: Buffer[] = [];
  try {
    for await (const chunk of readTrafficBytes(file.path, { layout: 'lines' })) {
      if (splitter === null) {
        waiting.push(chunk);
        const at = firstContentByte(chunk, waiting.length === 1);
        if (at < 0) continue;
        const first = chunk[at];
        layout = first === 0x5b /* [ */ && !isJsonLinesName(file.path) ? 'array' : 'lines';
        splitter = elementSplitter<void>(layout, sink, file.shown, maxLineBytes);
        for (const c of waiting.splice(0)) splitter.push(c);
      } else splitter.push(chunk);
      if (evidence !== null) break;
    }
    if (evidence === null) splitter?.end();
  } catch (error) {
    throw shownError(error, file);
  }
  // Every line malformed is a report; not one JSON object among the lines parsed is some other
  // file (a policy, a text log) named by mistake. Lines refused unparsed (too long, invalid
  // UTF-8: a hostile sample) are malformed records, as ever.
  if (parsedAny && !sawObject)
    throw new TrafficReadError(
      file.shown,
      'not a traffic file: no line or array element is a JSON object (expected JSON Lines or a JSON array of records or OPA decision events)',
    );
  return { layout: layout ?? 'lines', evidence };
}

/**
 * Lists and inspects the sample's files. Throws TrafficReadError for a sample that cannot be
 * replayed as one: unreadable, mixing records and decision events, or decision-log options on a
 * sample of records.
 */
export async function planSample(
  sources: readonly SampleSource[],
  options: DecisionLogOptions,
  shown: string = sources.map((s) => s.shown).join(', '),
  maxLineBytes: number = DEFAULT_MAX_LINE_BYTES,
): Promise<SamplePlan> {
  const files = await listSampleFiles(sources);
  const sniffed: { layout: TrafficLayout; evidence: Evidence }[] = [];
  for (const file of files) sniffed.push(await sniffFile(file, maxLineBytes));
  const records = sniffed.find((s) => s.evidence?.kind === 'records')?.evidence;
  const events = sniffed.find((s) => s.evidence?.kind === 'events')?.evidence;
  if (records && events) {
    throw new TrafficReadError(
      shown,
      `the sample mixes records of our own format (${records.where}) and OPA decision events (${events.where}); replay them as separate samples`,
    );
  }
  if (records && hasDecisionLogOptions(options)) {
    throw new TrafficReadError(
      shown,
      `${describeDecisionLogOptions(options)}: these options read OPA decision logs, but the sample holds records of our own format (${records.where})`,
    );
  }
  // Neither (an empty sample, a log without decisions): the options say what it was meant to be.
  const format: SampleFormat =
    events || (!records && hasDecisionLogOptions(options)) ? 'opa-decision-log' : 'records';
  return {
    shown,
    format,
    files: files.map((file, i) => ({
      ...file,
      layout: sniffed[i]!.layout,
      indexed: format === 'opa-decision-log' && sniffed[i]!.layout === 'array',
    })),
    options,
    maxLineBytes,
  };
}

// ---------------------------------------------------------------------------------------------
// Positions.

/** Where an element is, as the report says it: `file` only when the sample has several files. */
export interface SamplePosition {
  file?: string;
  line?: number;
  index?: number;
}

export function positionOf(plan: Pick<SamplePlan, 'files'>, position: number): SamplePosition {
  const index = fileIndexOf(position);
  const file = plan.files[index];
  const local = position - index * FILE_STRIDE;
  const where: SamplePosition = {};
  if (plan.files.length > 1 && file) where.file = file.shown;
  if (file?.indexed) where.index = local;
  else where.line = local;
  return where;
}

/** `line 7`, `element [3]`, `logs/a.log:7`, `logs/b.json:[3]`. */
export function positionText(plan: Pick<SamplePlan, 'files'>, position: number): string {
  return describePosition(positionOf(plan, position));
}

/** A report position in words (the text report, error messages). */
export function describePosition(where: SamplePosition): string {
  const local = where.index !== undefined ? `[${where.index}]` : String(where.line ?? '?');
  if (where.file !== undefined) return `${where.file}:${local}`;
  return where.index !== undefined ? `element ${local}` : `line ${local}`;
}

/** The malformed reason of a second valid record with an id already replayed. */
export function sampleDuplicateReason(plan: SamplePlan, id: string, first: number): string {
  if (plan.format === 'records' && plan.files.length <= 1) return duplicateReason(id, first);
  const key = plan.format === 'records' ? 'request_id' : 'decision_id';
  return `${key}: duplicate ${JSON.stringify(id)} (first on ${positionText(plan, first)})`;
}

// ---------------------------------------------------------------------------------------------
// Elements.

/**
 * What one element of a sample is. `path`: a decision event's normalized path when no
 * --decision-path chose one (the one-path rule counts malformed events too), else null/absent.
 */
export type SampleElement =
  | { kind: 'record'; record: TrafficRecord; path: string | null }
  | { kind: 'malformed'; reason: string; request_id?: string; path?: string | null }
  /** A log line that is no decision event, or an event of another path: counted, not replayed. */
  | { kind: 'skipped'; otherPath: boolean }
  /** An event in a sample of records, or a record in a decision log: the sample is refused. */
  | { kind: 'mixed' };

const NON_DECISION: SampleElement = Object.freeze({ kind: 'skipped', otherPath: false });
const OTHER_PATH: SampleElement = Object.freeze({ kind: 'skipped', otherPath: true });
const MIXED: SampleElement = Object.freeze({ kind: 'mixed' });
export const EMPTY_ELEMENT: SampleElement = Object.freeze({
  kind: 'malformed',
  reason: 'empty array element (two commas, or a comma before ])',
});

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Classifies elements of one sample; pure, so it runs on any thread. */
export class SampleElementReader {
  private readonly events: boolean;

  constructor(
    format: SampleFormat,
    private readonly options: DecisionLogOptions,
    private readonly maxLineBytes: number = DEFAULT_MAX_LINE_BYTES,
  ) {
    this.events = format === 'opa-decision-log';
  }

  /**
   * One element's text (null: an empty array element), with its shape when the reader scanned it
   * (recordShape.ts: too long, invalid UTF-8, too deep, repeated keys).
   */
  read(text: string | null, shape?: Shape): SampleElement {
    if (text === null) return EMPTY_ELEMENT;
    const scanned = shape ?? scanShapeText(text);
    const parsed = parseElementJson(text, scanned, this.maxLineBytes);
    if (!parsed.ok) {
      // A repeated key is JSON still (docs/decision-logs.md "Which lines are events"): an OPA log
      // line with one is skipped as other log lines are, an event of another path too.
      if (this.events && parsed.repeatedKeyValue !== undefined)
        return this.event(parsed.repeatedKeyValue, parsed.reason);
      return parsed.request_id === undefined
        ? { kind: 'malformed', reason: parsed.reason }
        : { kind: 'malformed', reason: parsed.reason, request_id: parsed.request_id };
    }
    const value = parsed.value;
    if (this.events) return this.numbers(this.event(value, null), text, scanned);
    if (isTrafficRecord(value))
      return this.numbers({ kind: 'record', record: value, path: null }, text, scanned);
    // A valid record has no decision_id key, so only a malformed one can be an event.
    if (isObject(value) && Object.hasOwn(value, 'decision_id')) return MIXED;
    const reason = explainInvalidRecord(value) ?? 'not a valid traffic record';
    const id = idOf(value);
    return id === undefined ? { kind: 'malformed', reason } : { kind: 'malformed', reason, request_id: id };
  }

  /** A record with the numbers its text spells otherwise than JavaScript (traffic/numbers.ts). */
  private numbers(element: SampleElement, text: string, shape: Shape): SampleElement {
    if (element.kind !== 'record' || !shapeMayHoldRespelledNumber(shape)) return element;
    const verdict = judgeRespelledNumbers(text, this.events);
    if (!verdict.ok) {
      const reason = verdict.reason;
      const id = element.record.request_id;
      return { kind: 'malformed', reason, request_id: id, path: element.path };
    }
    withRespelledNumbers(element.record, verdict.pointers);
    return element;
  }

  /**
   * A decision-log line's parsed value: not an event, an event of another path, or the event
   * mapped; `repeatedKey` (the reason) makes an event of the path malformed, as it would a record.
   */
  private event(value: unknown, repeatedKey: string | null): SampleElement {
    if (!isObject(value) || !Object.hasOwn(value, 'decision_id'))
      return isObject(value) && Object.hasOwn(value, 'request_id') ? MIXED : NON_DECISION;
    const mapped = mapDecisionEvent(value, this.options);
    if (mapped.kind === 'other_path') return OTHER_PATH;
    if (repeatedKey === null) return mapped;
    const id = value.decision_id;
    return typeof id === 'string' && id !== ''
      ? { kind: 'malformed', reason: repeatedKey, request_id: id, path: mapped.path }
      : { kind: 'malformed', reason: repeatedKey, path: mapped.path };
  }
}

/** The refusal of a sample that mixes records and events, at the element that showed it. */
export function mixedSampleError(plan: SamplePlan, position: number): TrafficReadError {
  const what =
    plan.format === 'records'
      ? 'an OPA decision event (decision_id) in a sample of records of our own format'
      : 'a record of our own format (request_id) in a sample of OPA decision events';
  return new TrafficReadError(
    plan.shown,
    `${positionText(plan, position)}: ${what}; replay them as separate samples`,
  );
}

// ---------------------------------------------------------------------------------------------
// The one-path rule.

/** Thrown at the second distinct decision path; `withDecisionPathListing` words it. */
export class SeveralDecisionPaths extends Error {
  override readonly name = 'SeveralDecisionPaths';
}

/** Without --decision-path, every replayed event must have the path of the first. */
export class DecisionPathGuard {
  private first: string | null = null;

  note(path: string | null): void {
    if (path === null) return;
    if (this.first === null) this.first = path;
    else if (path !== this.first) throw new SeveralDecisionPaths(`${this.first} and ${path}`);
  }
}

/**
 * Runs a pass over the sample; when it meets a second decision path, counts every event's path
 * (one more streaming pass, only on this error) and fails with the list.
 */
export async function withDecisionPathListing<T>(plan: SamplePlan, pass: () => Promise<T>): Promise<T> {
  try {
    return await pass();
  } catch (error) {
    if (!(error instanceof SeveralDecisionPaths)) throw error;
    const counts = await countDecisionPaths(plan);
    const listed = [...counts.paths.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .map(([path, n]) => `${path} (${n})`);
    const without = counts.withoutPath > 0 ? `; ${counts.withoutPath} without a path` : '';
    throw new TrafficReadError(
      plan.shown,
      `the decision log holds decisions of ${counts.paths.size} paths: ${boundedList(listed)}${without}. Replaying one policy against another's decisions is meaningless: choose one with --decision-path (the Action: decision-path)`,
    );
  }
}

/** Decision events per normalized path, and those without a path. */
export async function countDecisionPaths(
  plan: SamplePlan,
): Promise<{ paths: Map<string, number>; withoutPath: number }> {
  const paths = new Map<string, number>();
  let withoutPath = 0;
  for await (const unit of sampleUnits(plan, 0)) {
    const count = (text: string | null, shape: Shape | undefined) => {
      if (text === null) return;
      const parsed = parseElementJson(text, shape, plan.maxLineBytes);
      const value = parsed.ok ? parsed.value : parsed.repeatedKeyValue;
      if (!isObject(value) || !Object.hasOwn(value, 'decision_id')) return;
      const path = value.path;
      const normalized = typeof path === 'string' ? normalizeDecisionPath(path) : '';
      if (normalized === '') withoutPath++;
      else paths.set(normalized, (paths.get(normalized) ?? 0) + 1);
    };
    forEachUnitElement(unit, plan.maxLineBytes, (text, _position, shape) => count(text, shape));
  }
  return { paths, withoutPath };
}

// ---------------------------------------------------------------------------------------------
// Streaming.

/** A run of whole lines of one file (what a worker evaluates); positions `base + line`. */
export interface LinesUnit {
  kind: 'lines';
  base: number;
  bytes: Buffer;
  firstLine: number;
  lines: number;
}

/** Elements of one file's JSON array, with their positions and shapes; null text: an empty element. */
export interface ElementsUnit {
  kind: 'elements';
  texts: (string | null)[];
  positions: number[];
  shapes: (Shape | undefined)[];
}

export type SampleUnit = LinesUnit | ElementsUnit;

/** The most lines a file of the sample may have (positions give each file 2^32). */
const MAX_FILE_LINES = FILE_STRIDE - 1;

/**
 * The sample's files in order, as units. `lineChunkBytes`: how many bytes of whole lines a lines
 * unit waits for (0: one per read).
 */
export async function* sampleUnits(
  plan: Pick<SamplePlan, 'files' | 'maxLineBytes'>,
  lineChunkBytes: number,
): AsyncGenerator<SampleUnit, void, undefined> {
  for (let f = 0; f < plan.files.length; f++) {
    const file = plan.files[f]!;
    const base = f * FILE_STRIDE;
    try {
      if (file.layout === 'lines') {
        const chunker = new LineChunker(lineChunkBytes, plan.maxLineBytes);
        const unit = (chunk: ReturnType<LineChunker['push']>): LinesUnit | null => {
          if (chunk === null) return null;
          if (chunk.firstLine + chunk.lines > MAX_FILE_LINES)
            throw new TrafficReadError(file.shown, `more than ${MAX_FILE_LINES} lines; split the file`);
          return { kind: 'lines', base, ...chunk };
        };
        for await (const bytes of readTrafficBytes(file.path, { layout: 'lines' })) {
          const next = unit(chunker.push(bytes));
          if (next !== null) yield next;
        }
        const rest = unit(chunker.end());
        if (rest !== null) yield rest;
      } else {
        let index = 0;
        const local = (line: number) => base + (file.indexed ? index++ : line);
        type Element = { text: string | null; position: number; shape: Shape | undefined };
        const sink: ElementSink<Element> = {
          element: (text, line, shape) => ({ text, position: local(line), shape }),
          empty: (line) => ({ text: null, position: local(line), shape: undefined }),
        };
        const read = { layout: 'array' as const, maxLineBytes: plan.maxLineBytes };
        for await (const batch of readTrafficElements(file.path, sink, read)) {
          yield {
            kind: 'elements',
            texts: batch.map((e) => e.text),
            positions: batch.map((e) => e.position),
            shapes: batch.map((e) => e.shape),
          };
        }
      }
    } catch (error) {
      throw shownError(error, file);
    }
  }
}

/** Calls `fn` with each element of a unit, its position and its shape, in order. */
export function forEachUnitElement(
  unit: SampleUnit,
  maxLineBytes: number,
  fn: (text: string | null, position: number, shape: Shape | undefined) => void,
): void {
  if (unit.kind === 'elements') {
    for (let i = 0; i < unit.texts.length; i++) fn(unit.texts[i]!, unit.positions[i]!, unit.shapes[i]);
    return;
  }
  const base = unit.base;
  forEachLine(unit.bytes, unit.firstLine, (text, line, shape) => fn(text, base + line, shape), maxLineBytes);
}

/** A record of the sample with its position, or a malformed element (the `--limit` pass, tests). */
export type SampleItem =
  | { kind: 'record'; position: number; record: TrafficRecord }
  | { kind: 'malformed'; position: number; reason: string; request_id?: string };

/**
 * Every record and malformed element of the sample, in order, judged as the replay judges them:
 * skipped lines are dropped, a repeated id is malformed, a mixed sample or a second decision path
 * throws. In-process.
 */
export async function* readSampleItems(plan: SamplePlan): AsyncGenerator<SampleItem[], void, undefined> {
  const reader = new SampleElementReader(plan.format, plan.options, plan.maxLineBytes);
  const ids = new RequestIdTable();
  const guard = new DecisionPathGuard();
  for await (const unit of sampleUnits(plan, 0)) {
    const items: SampleItem[] = [];
    forEachUnitElement(unit, plan.maxLineBytes, (text, position, shape) => {
      const element = reader.read(text, shape);
      switch (element.kind) {
        case 'skipped':
          return;
        case 'mixed':
          throw mixedSampleError(plan, position);
        case 'malformed':
          guard.note(element.path ?? null);
          items.push(
            element.request_id === undefined
              ? { kind: 'malformed', position, reason: element.reason }
              : { kind: 'malformed', position, reason: element.reason, request_id: element.request_id },
          );
          return;
        case 'record': {
          guard.note(element.path);
          const id = element.record.request_id;
          const first = ids.claim(id, position);
          if (first === undefined) items.push({ kind: 'record', position, record: element.record });
          else
            items.push({
              kind: 'malformed',
              position,
              reason: sampleDuplicateReason(plan, id, first),
              request_id: id,
            });
        }
      }
    });
    if (items.length > 0) yield items;
  }
}

// ---------------------------------------------------------------------------------------------
// Digests.

/**
 * SHA-256 of each file as stored, and of the sample: the files' bytes concatenated in sample
 * order (so one file's sample digest is that file's, and `cat` of the files in order through
 * `sha256sum` reproduces it).
 */
export async function sampleDigest(
  files: readonly SampleFile[],
): Promise<{ sha256: string; files: string[] }> {
  // One file's sample digest is its own digest: no second hash of the same bytes (~30 ms at 1M records).
  const whole = files.length === 1 ? null : createHash('sha256');
  const each: string[] = [];
  for (const file of files) {
    const hash = createHash('sha256');
    try {
      for await (const chunk of createReadStream(file.path, { highWaterMark: 1 << 20 })) {
        hash.update(chunk as Buffer);
        whole?.update(chunk as Buffer);
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new TrafficReadError(
        file.shown,
        code === 'ENOENT' ? 'no such file' : `cannot read: ${(error as Error).message}`,
      );
    }
    each.push(hash.digest('hex'));
  }
  return { sha256: whole === null ? each[0]! : whole.digest('hex'), files: each };
}
