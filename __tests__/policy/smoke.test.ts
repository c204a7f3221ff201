import { describe, it, expect } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import { validatePolicyText } from '../../src/policy/validate.js';
import { generateRego } from '../../src/rego/generate.js';

describe('smoke', () => {
  it('generates', () => {
    const text = `default_effect: deny
on_missing_context: ignore
rules:
  - id: no-shell.x
    description: "Block # shell\\n} evil := true\\r\\nx \\"q\\""
    effect: deny
    conditions:
      - { field: tool, operator: in, values: [run_shell, "a\\"b\\\\c{}\\n", "é"] }
      - { field: method, operator: not_in, values: [x] }
      - { field: is_batch, operator: in, values: ["true"] }
      - { field: unparsable_calls, operator: not_in, values: ["0", "12"] }
      - { field: "claim:realm_access.roles", operator: in, values: [admin] }
      - { field: "attribute:cost-center", operator: in, values: [admin] }
      - { field: "argument:in.if", operator: in, values: [admin] }
    active_window: { days: [fri, mon], from: "22:00", to: "06:00", timezone: Europe/London }
  - id: allow-ops
    effect: allow
    conditions:
      - { field: tool, operator: in, values: [a] }
      - { field: group, operator: in, values: [ops] }
`;
    const r = validatePolicyText(text, 'p.yaml', 'yaml');
    expect(r.ok).toBe(true);
    if (r.ok) writeFileSync('/tmp/gen.rego', generateRego(r.policy));
  });
});
