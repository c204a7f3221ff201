import {
  forEachLine,
  LineChunker,
  readTrafficBytes,
  readTrafficElements,
  TrafficReadError,
  type ElementSink,
} from './reader.js';
import type { Shape } from './recordShape.js';
import { FILE_STRIDE, shownError, type SamplePlan } from './samplePlan.js';

/** Streaming a sample (sample.ts, step 2): its files in order as units of lines or elements. */

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
  scanShapes = true,
): void {
  if (unit.kind === 'elements') {
    for (let i = 0; i < unit.texts.length; i++) fn(unit.texts[i]!, unit.positions[i]!, unit.shapes[i]);
    return;
  }
  const base = unit.base;
  forEachLine(
    unit.bytes,
    unit.firstLine,
    (text, line, shape) => fn(text, base + line, shape),
    maxLineBytes,
    scanShapes,
  );
}
