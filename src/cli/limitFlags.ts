import { DEFAULT_LIMITS, LimitError, parseLimitValue, type Limits } from '../replay/limits.js';
import { UsageError } from './io.js';

/** The resource-limit flags (README "Limits"); `replay` and `drift` take all, `compile` the policy ones. */
export const LIMIT_OPTIONS = {
  'max-line-bytes': { type: 'string' },
  'max-policy-bytes': { type: 'string' },
  'max-policy-values': { type: 'string' },
  'compile-timeout': { type: 'string' },
} as const;

export const COMPILE_LIMIT_OPTIONS = {
  'max-policy-bytes': { type: 'string' },
  'max-policy-values': { type: 'string' },
  'compile-timeout': { type: 'string' },
} as const;

/** The limits from parsed flags; an unusable value is a usage error quoting it. */
export function limitsFromFlags(values: Partial<Record<keyof typeof LIMIT_OPTIONS, string>>): Limits {
  const limits: Limits = { ...DEFAULT_LIMITS };
  for (const name of Object.keys(LIMIT_OPTIONS) as (keyof typeof LIMIT_OPTIONS)[]) {
    const raw = values[name];
    if (raw === undefined) continue;
    try {
      const { key, value } = parseLimitValue(name, raw);
      limits[key] = value;
    } catch (error) {
      if (error instanceof LimitError) throw new UsageError(error.message.replace(/^Invalid /, 'Invalid --'));
      throw error;
    }
  }
  return limits;
}
