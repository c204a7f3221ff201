import { describeDecisionLogOptions, hasDecisionLogOptions, type DecisionLogOptions } from './decisionLog.js';
import {
  DEFAULT_MAX_LINE_BYTES,
  elementSplitter,
  parseElementJson,
  readTrafficBytes,
  TrafficReadError,
  type ElementSink,
  type TrafficLayout,
} from './reader.js';
import { isObject } from './sampleElement.js';
import { listSampleFiles, type SampleFile, type SampleSource } from './sampleFiles.js';

/** Planning a sample (sample.ts, step 1): the files, their layout and the sample's format. */

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
export function shownError(error: unknown, file: SampleFile): unknown {
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
