import { it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { validatePolicyText } from '../../src/policy/validate.js';
it('x', () => {
  const f = process.env.F!;
  const r = validatePolicyText(readFileSync(f, 'utf8'), f, f.endsWith('.json') ? 'json' : 'yaml');
  for (const p of [...(r.ok ? [] : r.errors), ...r.warnings]) console.log(`${p.line}:${p.column} ${p.severity} ${p.path} — ${p.message}`);
});
