import { DEFAULT_LIMITS, LIMIT_SPECS, LimitError, parseLimitValue, type Limits } from '../replay/limits.js';
import { UsageError } from './io.js';
import type { OptionSpec } from './options.js';

/**
 * The resource-limit flags (docs/cli.md, docs/security.md "Limits") as option-table entries: `replay` and
 * `drift` take all four, `compile` the policy ones. Each parses to the limit's internal value
 * (bytes, a count, milliseconds).
 */
const DESCRIPTIONS: Record<string, string> = {
  'max-line-bytes': 'longest traffic line replayed; a longer one is a malformed record',
  'max-policy-bytes': 'largest policy file read and compiled',
  'max-policy-values': 'most condition values in one policy',
  'compile-timeout': 'seconds opa build may run before it is stopped',
};

const DEFAULT_TEXT: Record<string, string> = {
  'max-line-bytes': `${DEFAULT_LIMITS.maxLineBytes / 2 ** 20}MiB`,
  'max-policy-bytes': `${DEFAULT_LIMITS.maxPolicyBytes / 2 ** 20}MiB`,
  'max-policy-values': String(DEFAULT_LIMITS.maxPolicyValues),
  'compile-timeout': `${DEFAULT_LIMITS.compileTimeoutMs / 1000}s`,
};

/** A limit's table entry; `parse` and `default` are always there, so its value is a number. */
type LimitOption = OptionSpec<number> & {
  type: 'string';
  default: string;
  parse: (raw: string, flag: string) => number;
};

function limitOption(name: string): LimitOption {
  const spec = LIMIT_SPECS.find((s) => s.name === name)!;
  return {
    type: 'string',
    value: spec.unit === 'bytes' ? 'SIZE' : spec.unit === 'count' ? 'N' : 'SECONDS',
    description: DESCRIPTIONS[name]!,
    default: DEFAULT_TEXT[name]!,
    parse: (raw) => {
      try {
        return parseLimitValue(name, raw).value;
      } catch (error) {
        if (error instanceof LimitError)
          throw new UsageError(error.message.replace(/^Invalid /, 'Invalid --'));
        throw error;
      }
    },
  };
}

export const COMPILE_LIMIT_OPTIONS = {
  'max-policy-bytes': limitOption('max-policy-bytes'),
  'max-policy-values': limitOption('max-policy-values'),
  'compile-timeout': limitOption('compile-timeout'),
} as const;

export const LIMIT_OPTIONS = {
  'max-line-bytes': limitOption('max-line-bytes'),
  ...COMPILE_LIMIT_OPTIONS,
} as const;

/** The limits of one invocation from its parsed limit flags (absent: the defaults). */
export function limitsFromFlags(values: Partial<Record<keyof typeof LIMIT_OPTIONS, number>>): Limits {
  const limits: Limits = { ...DEFAULT_LIMITS };
  for (const spec of LIMIT_SPECS) {
    const value = values[spec.name as keyof typeof LIMIT_OPTIONS];
    if (value !== undefined) limits[spec.key] = value;
  }
  return limits;
}
