/**
 * Every resource limit of a run in one place: what a hostile sample or policy may cost before it
 * is an error naming the limit. The CLI sets them with flags of the same names
 * (`--max-line-bytes 4MiB`), the Action with its `limits` input
 * (`max-line-bytes=4MiB, compile-timeout=120s`). docs/security.md "Limits" lists them.
 */
import { DEFAULT_COMPILE_LIMITS, type CompileLimits } from '../compile/compilePolicy.js';
import { DEFAULT_MAX_LINE_BYTES } from '../traffic/reader.js';

export interface Limits extends CompileLimits {
  /** The longest traffic line (`.json`: array element) replayed as a record. */
  maxLineBytes: number;
}

export const DEFAULT_LIMITS: Limits = { ...DEFAULT_COMPILE_LIMITS, maxLineBytes: DEFAULT_MAX_LINE_BYTES };

type Unit = 'bytes' | 'count' | 'seconds';

interface LimitSpec {
  /** The flag and input name. */
  name: string;
  key: keyof Limits;
  unit: Unit;
  /** Bounds of the value as written (bytes, a count, seconds). */
  min: number;
  max: number;
}

export const LIMIT_SPECS: readonly LimitSpec[] = [
  { name: 'max-line-bytes', key: 'maxLineBytes', unit: 'bytes', min: 1024, max: 512 * 2 ** 20 },
  { name: 'max-policy-bytes', key: 'maxPolicyBytes', unit: 'bytes', min: 1024, max: 256 * 2 ** 20 },
  { name: 'max-policy-values', key: 'maxPolicyValues', unit: 'count', min: 1, max: 10_000_000 },
  { name: 'compile-timeout', key: 'compileTimeoutMs', unit: 'seconds', min: 1, max: 24 * 3600 },
];

export const LIMIT_NAMES = LIMIT_SPECS.map((s) => s.name);

/** A limit value that cannot be used; the message quotes it and says what was expected. */
export class LimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LimitError';
  }
}

const BYTE_UNITS: Record<string, number> = { '': 1, b: 1, kib: 2 ** 10, mib: 2 ** 20, gib: 2 ** 30 };

function expected(spec: LimitSpec): string {
  switch (spec.unit) {
    case 'bytes':
      return `a size in bytes from ${spec.min} to ${spec.max / 2 ** 20}MiB, e.g. 4MiB, 512KiB or 1048576`;
    case 'count':
      return `a whole number from ${spec.min} to ${spec.max}`;
    case 'seconds':
      return `a number of seconds from ${spec.min} to ${spec.max}, e.g. 120 or 120s`;
  }
}

/** One limit's value as written (`4MiB`, `25000`, `120s`) → its internal value (bytes, count, ms). */
export function parseLimitValue(name: string, raw: string): { key: keyof Limits; value: number } {
  const spec = LIMIT_SPECS.find((s) => s.name === name);
  if (!spec) throw new LimitError(`Unknown limit '${name}'. Expected one of ${LIMIT_NAMES.join(', ')}.`);
  const text = raw.trim().toLowerCase();
  let value = NaN;
  if (spec.unit === 'bytes') {
    const m = /^(\d+)\s*([kmg]ib|b)?$/.exec(text);
    if (m) value = Number(m[1]) * BYTE_UNITS[m[2] ?? '']!;
  } else if (spec.unit === 'seconds') {
    const m = /^(\d+)\s*s?$/.exec(text);
    if (m) value = Number(m[1]);
  } else if (/^\d+$/.test(text)) value = Number(text);
  if (!Number.isSafeInteger(value) || value < spec.min || value > spec.max) {
    throw new LimitError(`Invalid ${spec.name} '${raw}'. Expected ${expected(spec)}.`);
  }
  return { key: spec.key, value: spec.unit === 'seconds' ? value * 1000 : value };
}

/** The Action's `limits` input: `name=value` items separated by commas or newlines. */
export function parseLimitsList(raw: string): Limits {
  const limits: Limits = { ...DEFAULT_LIMITS };
  for (const item of raw.split(/[,\n]/).map((s) => s.trim())) {
    if (item === '' || item.startsWith('#')) continue;
    const at = item.indexOf('=');
    if (at <= 0)
      throw new LimitError(
        `Invalid limits item '${item}'. Expected name=value with a name among ${LIMIT_NAMES.join(', ')}.`,
      );
    const { key, value } = parseLimitValue(item.slice(0, at).trim(), item.slice(at + 1));
    limits[key] = value;
  }
  return limits;
}
