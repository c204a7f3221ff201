import { z } from 'zod';

/** Days as policy documents spell them, in ISO order (Monday first). */
export const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Day = (typeof DAYS)[number];

export const FIELD_PATTERN =
  /^(tool|method|resource_uri|prompt|http_path|http_host|http_method|is_batch|unparsable_calls|subject|issuer|group|tag|attribute:[A-Za-z0-9_-]+|claim:[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*|argument:[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*)$/;
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;
export const CLOCK_PATTERN = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** Minutes after midnight of a validated `HH:MM` window bound. */
export function clockMinutes(clock: string): number {
  const [h, m] = clock.split(':').map(Number);
  return h! * 60 + m!;
}

export const conditionSchema = z.strictObject({
  field: z
    .string()
    .regex(
      FIELD_PATTERN,
      'is not a known field (tool, method, resource_uri, prompt, http_path, http_host, http_method, is_batch, unparsable_calls, subject, issuer, group, tag, attribute:<name>, claim:<path>, argument:<path>)',
    ),
  operator: z.enum(['in', 'not_in']),
  values: z.array(z.string()).min(1, 'needs at least one value'),
});

export const activeWindowSchema = z.strictObject({
  days: z.array(z.enum(DAYS)).min(1, 'needs at least one day'),
  from: z.string().regex(CLOCK_PATTERN, 'must be HH:MM between 00:00 and 23:59'),
  to: z.string().regex(CLOCK_PATTERN, 'must be HH:MM between 00:00 and 23:59'),
  timezone: z.string(),
});

export const ruleSchema = z.strictObject({
  id: z
    .string()
    .regex(
      ID_PATTERN,
      'must start with a letter or digit and hold at most 128 letters, digits, "_", "." or "-"',
    ),
  description: z.string().optional(),
  effect: z.enum(['allow', 'deny']),
  conditions: z.array(conditionSchema).min(1, 'needs at least one condition'),
  active_window: activeWindowSchema.optional(),
});

export const policySchema = z.strictObject({
  default_effect: z.enum(['deny', 'allow']),
  on_missing_context: z.enum(['deny', 'ignore']).optional(),
  rules: z.array(ruleSchema),
});

export type Condition = z.infer<typeof conditionSchema>;
export type ActiveWindow = z.infer<typeof activeWindowSchema>;
export type Rule = z.infer<typeof ruleSchema>;
export type Policy = z.infer<typeof policySchema>;

/** What every evaluator (opa-wasm, OPA's Go evaluator, the reference) returns for one input. */
export interface Decision {
  allow: boolean;
  matched_rule_ids: string[];
  missing_context_rule_ids: string[];
}
