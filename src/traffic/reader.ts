import { DEFAULT_MAX_LINE_BYTES } from './bytes.js';
import { RecordClassifier, type TrafficItem } from './recordParse.js';
import { EMPTY_ELEMENT_REASON, type ElementSink, type Splitter } from './elementSink.js';
import { LineSplitter } from './lineChunker.js';
import { ArraySplitter } from './arraySplitter.js';
import {
  assertRegularFile,
  layoutOf,
  readTrafficBytes,
  type ReadTrafficOptions,
  type TrafficLayout,
} from './trafficFile.js';

/**
 * The streaming traffic reader (docs/traffic.md). Memory does not grow with the sample except for the
 * set of request ids already seen (duplicate detection needs it; requestIdTable.ts keeps it off
 * the JS heap).
 *
 * Decisions (docs/traffic.md):
 * - Line numbers are physical 1-based line numbers in the (decompressed) file. Blank or
 *   whitespace-only lines in JSON Lines are skipped: they are not records, not malformed, and not
 *   counted, but they still advance the line number so later numbers match an editor.
 * - A `.json` array element's line is the line of its first character.
 * - Only replayed (valid) records claim a request id: a valid record after a malformed one with the
 *   same id is replayed; a second valid record with an id already replayed is malformed.
 * - A trailing `\r` (CRLF files) and a UTF-8 byte-order mark at the start are ignored.
 * - A `.json` file that is not one array (no `[`, text after `]`, no closing `]`) cannot be split
 *   into records and fails the read with a `TrafficReadError`; so do I/O and gzip errors.
 * - Hostile input is a malformed record, never a stopped run or unbounded memory
 *   (docs/security.md): a line (or `.json` element) longer than `maxLineBytes` is kept only up to
 *   that length while the rest is skipped, so memory stays bounded whatever the (decompressed)
 *   input; a line that is not valid UTF-8, nested deeper than MAX_RECORD_DEPTH or repeating a key
 *   in one object is malformed (recordShape.ts). Only regular files are read: a device, FIFO or
 *   directory would never end or never start.
 */

// The reader's parts, re-exported so importers keep one entry point.
export { DEFAULT_MAX_LINE_BYTES } from './bytes.js';
export {
  duplicateReason,
  idOf,
  parseElementJson,
  parseRecordText,
  RecordClassifier,
  validateRecordValue,
  type ParsedElement,
  type TrafficItem,
} from './recordParse.js';
export { EMPTY_ELEMENT_REASON, type ElementSink, type Splitter } from './elementSink.js';
export { forEachLine, LineChunker, type LineChunk } from './lineChunker.js';
export {
  assertRegularFile,
  looksGzipped,
  readTrafficBytes,
  trafficFormatOf,
  trafficSha256,
  TrafficReadError,
  type ReadTrafficOptions,
  type TrafficFormat,
  type TrafficLayout,
} from './trafficFile.js';

/**
 * Reads a traffic file as batches of items (one batch per chunk read), in file order. The batch
 * form exists for throughput: it costs one await per chunk instead of one per record.
 */
export async function* readTrafficBatches(
  path: string,
  options: ReadTrafficOptions = {},
): AsyncGenerator<TrafficItem[], void, undefined> {
  const classifier = new RecordClassifier(options.maxLineBytes);
  const sink: ElementSink<TrafficItem> = {
    element: (text, line, shape) => classifier.classifyText(text, line, shape),
    empty: (line) => ({ kind: 'malformed', line, reason: EMPTY_ELEMENT_REASON }),
  };
  yield* readTrafficElements(path, sink, options);
}

/**
 * The elements of a traffic file (JSON Lines lines, or `.json` array elements) as the text of
 * each with its line, mapped by `sink`, in batches in file order. Splitting only: what an element
 * is (a record, a repeat, malformed) is the sink's business.
 */
export async function* readTrafficElements<T>(
  path: string,
  sink: ElementSink<T>,
  options: ReadTrafficOptions = {},
): AsyncGenerator<T[], void, undefined> {
  await assertRegularFile(path);
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const splitter = elementSplitter(layoutOf(path, options), sink, path, maxLineBytes);
  for await (const chunk of readTrafficBytes(path, options)) {
    const items = splitter.push(chunk);
    if (items.length > 0) yield items;
  }
  const rest = splitter.end();
  if (rest.length > 0) yield rest;
}

/** Reads a traffic file item by item, in file order. */
export async function* readTraffic(
  path: string,
  options: ReadTrafficOptions = {},
): AsyncGenerator<TrafficItem, void, undefined> {
  for await (const batch of readTrafficBatches(path, options)) yield* batch;
}

export function elementSplitter<T>(
  layout: TrafficLayout,
  sink: ElementSink<T>,
  path: string,
  maxLineBytes = DEFAULT_MAX_LINE_BYTES,
): Splitter<T> {
  return layout === 'lines'
    ? new LineSplitter(sink, maxLineBytes)
    : new ArraySplitter(sink, path, maxLineBytes);
}
