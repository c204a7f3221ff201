/** Why a record is unevaluable, as names and as bits (docs/unknowns.md "Reasons"). */

/** Every unevaluable reason, sorted (the order reports list them in). */
export const UNEVALUABLE_REASONS = [
  'attributes_unavailable',
  'batch_call_pairing_unavailable',
  'claims_unavailable',
  'http_not_recorded',
  'mcp_not_recorded',
  'number_not_representable',
  'subject_unverified',
  'time_not_recorded',
  'tool_not_recorded',
] as const;
export type UnevaluableReason = (typeof UNEVALUABLE_REASONS)[number];

/** One bit per reason, in UNEVALUABLE_REASONS order: sets of reasons without allocation. */
export const REASON_BIT: Readonly<Record<UnevaluableReason, number>> = Object.freeze(
  Object.fromEntries(UNEVALUABLE_REASONS.map((reason, i) => [reason, 1 << i])) as Record<
    UnevaluableReason,
    number
  >,
);

/** The reasons of a bit set, sorted and distinct. */
export function reasonsOfBits(bits: number): UnevaluableReason[] {
  const out: UnevaluableReason[] = [];
  for (let i = 0; i < UNEVALUABLE_REASONS.length; i++)
    if ((bits & (1 << i)) !== 0) out.push(UNEVALUABLE_REASONS[i]!);
  return out;
}
