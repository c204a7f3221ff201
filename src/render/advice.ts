import type { UnevaluableReason } from '../unknowns/reasons.js';

/** What an operator can do about each unevaluable reason. */
export const UNEVALUABLE_ADVICE: Record<UnevaluableReason, string> = {
  mcp_not_recorded:
    'The export lacks the JSON-RPC/MCP payload (or the call arguments) that rules read. Capture the MCP payload for these routes, or expect these requests to stay unscored.',
  tool_not_recorded:
    'Tool names were suppressed in the export while rules match on tool. Capture tool names (they are not payload contents).',
  subject_unverified:
    'The export does not say whether the token signature was verified, and rules read caller fields. Export identity.verified.',
  attributes_unavailable:
    'Groups, tags and attributes were not captured while rules read them. Export the directory attributes the gateway resolved.',
  claims_unavailable:
    'Token claims, subject and issuer were not captured while rules read them. Export the claims the rules use.',
  time_not_recorded:
    'The request time was not captured, so rules with an active_window cannot be judged. Export request.time.',
  http_not_recorded:
    'The HTTP method, host or path was not recorded (an erased decision-log field) while rules read it. Stop erasing /input/request/http in the decision-log mask policy.',
  number_not_representable:
    'A number that rules compare was recorded in a form JavaScript does not keep as OPA reads it (beyond ±1.8e308, an integer beyond 2^53, more digits than a double holds, or another spelling such as 10.0, 1E2 or -0). Export numbers in their shortest form, or compare such values as strings.',
  batch_call_pairing_unavailable:
    'Batches were recorded without per-call pairing while a rule combines two call fields. Record paired calls, or split the rule so each reads one call field.',
};
