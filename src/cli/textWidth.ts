import { DEFAULT_TEXT_WIDTH, MIN_TEXT_WIDTH } from '../render/textTable.js';
import type { CommandIO } from './io.js';
import { UsageError } from './io.js';

/** Wider than any terminal: a larger --width is a typo. */
const MAX_TEXT_WIDTH = 1_000;

/** `--width N`: a whole number of columns from MIN_TEXT_WIDTH to MAX_TEXT_WIDTH. */
export function textWidthFlag(raw: string, flag: string): number {
  const n = Number(raw);
  if (!/^[0-9]+$/.test(raw) || !Number.isSafeInteger(n) || n < MIN_TEXT_WIDTH || n > MAX_TEXT_WIDTH) {
    throw new UsageError(
      `Invalid ${flag} '${raw}'. Expected a whole number of columns from ${MIN_TEXT_WIDTH} to ${MAX_TEXT_WIDTH}.`,
    );
  }
  return n;
}

/**
 * The width `--format text` fits: `--width`, else the terminal's when stdout is one (and the
 * report goes there, not to `--out`), else DEFAULT_TEXT_WIDTH. A terminal narrower than
 * MIN_TEXT_WIDTH still gets MIN_TEXT_WIDTH: tables need that much to say anything.
 */
export function textWidth(flag: number | undefined, io: CommandIO, toFile: boolean): number {
  if (flag !== undefined) return flag;
  const columns = io.stdoutColumns;
  if (!toFile && io.stdoutIsTTY && columns !== undefined && Number.isSafeInteger(columns) && columns > 0)
    return Math.max(MIN_TEXT_WIDTH, columns);
  return DEFAULT_TEXT_WIDTH;
}
