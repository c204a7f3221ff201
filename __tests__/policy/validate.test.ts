import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validatePolicyText, type PolicyFormat } from '../../src/policy/validate.js';
import type { PolicyProblem } from '../../src/policy/problems.js';
import { repoRoot } from '../support/opa.js';

/**
 * One test per rule of docs/policy.md "Validation", each on a YAML and a JSON document, asserting the
 * JSON path and the line:column of every problem. Positions are given as the place of a token
 * in the text (its nth occurrence), so the expectation reads "the problem points at `efect`".
 */

interface Expected {
  path: string;
  /** Text the problem points at (the value, or the key for unknown keys, or the parent for missing keys). */
  token: string;
  nth?: number;
  severity?: 'error' | 'warning';
  message?: RegExp;
}

function at(text: string, token: string, nth = 1): { line: number; column: number } {
  let index = -1;
  for (let i = 0; i < nth; i++) {
    index = text.indexOf(token, index + 1);
    if (index < 0) throw new Error(`test bug: occurrence ${nth} of ${JSON.stringify(token)} not in the text`);
  }
  const before = text.slice(0, index);
  const line = before.split('\n').length;
  return { line, column: index - before.lastIndexOf('\n') };
}

function problemsOf(text: string, format: PolicyFormat): PolicyProblem[] {
  const result = validatePolicyText(text, `policy.${format}`, format);
  return [...(result.ok ? [] : result.errors), ...result.warnings];
}

/** Every problem reported, and only those, at the expected path and position. */
function expectProblems(text: string, format: PolicyFormat, expected: Expected[]): void {
  const got = problemsOf(text, format);
  const want = expected.map((e) => ({
    path: e.path,
    ...at(text, e.token, e.nth),
    severity: e.severity ?? 'error',
  }));
  const shape = (ps: { path: string; line: number; column: number; severity: string }[]) =>
    ps.map((p) => `${p.line}:${p.column} ${p.severity} ${p.path}`).sort();
  expect(shape(got)).toEqual(shape(want));
  for (const e of expected) {
    if (!e.message) continue;
    const problem = got.find((p) => p.path === e.path);
    expect(problem?.message).toMatch(e.message);
  }
  for (const p of got) expect(p.file).toBe(`policy.${format}`);
}

function expectValid(text: string, format: PolicyFormat): void {
  const result = validatePolicyText(text, `policy.${format}`, format);
  expect(result.ok ? [] : result.errors).toEqual([]);
  expect(result.ok).toBe(true);
}

describe('a repeated key is an error at its path, beside every other problem', () => {
  const yaml = `default_effect: deny
rules:
  - id: a
    effect: deny
    effect: allow
    efect: deny
    conditions: [{ field: tool, operator: in, values: [x], field: method }]
`;
  const json = `{
  "default_effect": "deny",
  "rules": [
    {
      "id": "a",
      "effect": "deny",
      "effect": "allow",
      "efect": "deny",
      "conditions": [{ "field": "tool", "operator": "in", "values": ["x"], "field": "method" }]
    }
  ]
}`;
  it('yaml', () =>
    expectProblems(yaml, 'yaml', [
      // The first "effect" is inside default_effect.
      { path: 'rules[0].effect', token: 'effect', nth: 3, message: /key "effect" is repeated/ },
      { path: 'rules[0].efect', token: 'efect' },
      { path: 'rules[0].conditions[0].field', token: 'field', nth: 2, message: /key "field" is repeated/ },
    ]));
  it('json', () =>
    expectProblems(json, 'json', [
      { path: 'rules[0].effect', token: '"effect"', nth: 2, message: /key "effect" is repeated/ },
      { path: 'rules[0].efect', token: '"efect"' },
      { path: 'rules[0].conditions[0].field', token: '"field"', nth: 2, message: /key "field" is repeated/ },
    ]));
});

describe('unknown keys are errors at every level', () => {
  const yaml = `default_effect: deny
efect: deny
rules:
  - id: r1
    effect: deny
    efect: allow
    conditions:
      - field: tool
        operator: in
        operators: in
        values: [x]
    active_window:
      days: [mon]
      from: "09:00"
      to: "17:00"
      timezone: UTC
      tz: UTC
`;
  const json = `{
  "default_effect": "deny",
  "efect": "deny",
  "rules": [
    {
      "id": "r1",
      "effect": "deny",
      "efect": "allow",
      "conditions": [{ "field": "tool", "operator": "in", "operators": "in", "values": ["x"] }],
      "active_window": { "days": ["mon"], "from": "09:00", "to": "17:00", "timezone": "UTC", "tz": "UTC" }
    }
  ]
}`;
  it('yaml', () =>
    expectProblems(yaml, 'yaml', [
      { path: 'efect', token: 'efect', message: /unknown key "efect"/ },
      { path: 'rules[0].efect', token: 'efect', nth: 2 },
      { path: 'rules[0].conditions[0].operators', token: 'operators' },
      { path: 'rules[0].active_window.tz', token: 'tz:' },
    ]));
  it('json', () =>
    expectProblems(json, 'json', [
      { path: 'efect', token: '"efect"', message: /unknown key "efect"/ },
      { path: 'rules[0].efect', token: '"efect"', nth: 2 },
      { path: 'rules[0].conditions[0].operators', token: '"operators"' },
      { path: 'rules[0].active_window.tz', token: '"tz"' },
    ]));
  it('yaml keys that are not strings are located at the key', () =>
    // YAML allows a number, boolean or null as a key; the document reads it as its text (null as "").
    expectProblems(
      'default_effect: deny\nrules:\n  - id: r1\n    effect: deny\n    conditions: [{ field: tool, operator: in, values: [x], 7: x }]\n1: x\ntrue: x\n~: x\n',
      'yaml',
      [
        { path: 'rules[0].conditions[0]["7"]', token: '7:' },
        { path: '["1"]', token: '1: x' },
        { path: 'true', token: 'true: x' },
        { path: '[""]', token: '~: x' },
      ],
    ));
});

/** A policy whose rules differ only in `id`. */
function idsYaml(ids: string[]): string {
  return `default_effect: deny\nrules:\n${ids
    .map(
      (id) =>
        `  - id: ${JSON.stringify(id)}\n    effect: deny\n    conditions: [{ field: tool, operator: in, values: [x] }]\n`,
    )
    .join('')}`;
}
function idsJson(ids: string[]): string {
  return `{\n  "default_effect": "deny",\n  "rules": [\n${ids
    .map(
      (id) =>
        `    { "id": ${JSON.stringify(id)}, "effect": "deny", "conditions": [{ "field": "tool", "operator": "in", "values": ["x"] }] }`,
    )
    .join(',\n')}\n  ]\n}`;
}

describe('id', () => {
  const long = 'a'.repeat(129);
  // '-y' rather than '-x': '-x' and '_x' would also collide as Rego names.
  const ids = ['-y', 'a b', '', long, '_x', 'x/y', 'é', 'a'.repeat(128), 'a.b-c_D9', '9'];
  const bad = [0, 1, 2, 3, 4, 5, 6];
  for (const [format, text] of [
    ['yaml', idsYaml(ids)],
    ['json', idsJson(ids)],
  ] as const) {
    it(`must match ^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$ (${format})`, () =>
      expectProblems(
        text,
        format,
        bad.map((i) => ({
          path: `rules[${i}].id`,
          token: JSON.stringify(ids[i]),
          message: /must start with a letter or digit/,
        })),
      ));
  }

  for (const [format, text] of [
    ['yaml', idsYaml(['r1', 'r2', 'r1'])],
    ['json', idsJson(['r1', 'r2', 'r1'])],
  ] as const) {
    it(`must be unique (${format})`, () =>
      expectProblems(text, format, [
        {
          path: 'rules[2].id',
          token: '"r1"',
          nth: 2,
          message: /duplicate id "r1" \(first used by rules\[0\]\)/,
        },
      ]));
  }

  for (const [format, text] of [
    ['yaml', idsYaml(['a-b', 'a.b', 'a_b', 'a-c'])],
    ['json', idsJson(['a-b', 'a.b', 'a_b', 'a-c'])],
  ] as const) {
    it(`ids that map to the same Rego rule name collide (${format})`, () =>
      expectProblems(text, format, [
        { path: 'rules[1].id', token: '"a.b"', message: /rule_a_b.*rules\[0\]/ },
        { path: 'rules[2].id', token: '"a_b"', message: /rule_a_b.*rules\[0\]/ },
      ]));
  }
});

/** One rule holding the given conditions (as flow mappings, the same text in YAML and JSON). */
function conditionsDoc(
  conditions: string[],
  format: PolicyFormat,
  defaultEffect = 'deny',
  effect = 'deny',
): string {
  if (format === 'yaml') {
    return `default_effect: ${defaultEffect}\nrules:\n  - id: r1\n    effect: ${effect}\n    conditions:\n${conditions
      .map((c) => `      - ${c}\n`)
      .join('')}`;
  }
  return `{\n  "default_effect": "${defaultEffect}",\n  "rules": [\n    {\n      "id": "r1",\n      "effect": "${effect}",\n      "conditions": [\n${conditions
    .map((c) => `        ${c}`)
    .join(',\n')}\n      ]\n    }\n  ]\n}`;
}

const cond = (field: string, values: string, operator = 'in') =>
  `{ "field": ${JSON.stringify(field)}, "operator": "${operator}", "values": ${values} }`;

describe('field', () => {
  const bad = [
    'Tool',
    'tools',
    'claim:',
    'claim:a..b',
    'claim:.a',
    'claim:a.',
    'attribute:a.b',
    'argument:a b',
    'group:x',
    'claim:é',
    ' tool',
  ];
  const good = [
    'tool',
    'http_host',
    'claim:a-b.c_D9',
    'argument:x.y.z',
    'attribute:cost-center',
    'unparsable_calls',
  ];
  for (const format of ['yaml', 'json'] as const) {
    it(`must match the field pattern exactly (${format})`, () => {
      const text = conditionsDoc(
        [...bad, ...good].map((f) => cond(f, '["1"]')),
        format,
      );
      expectProblems(
        text,
        format,
        bad.map((f, i) => ({
          path: `rules[0].conditions[${i}].field`,
          token: JSON.stringify(f),
          nth: f === 'tool' ? 1 : 1,
          message: /is not a known field/,
        })),
      );
    });
  }
});

describe('values', () => {
  for (const format of ['yaml', 'json'] as const) {
    it(`need at least one string (${format})`, () => {
      const text = conditionsDoc(
        [
          cond('tool', '[]'),
          cond('tool', '[5, "ok"]'),
          cond('tool', '[true]'),
          cond('tool', '[null]'),
          cond('tool', '"x"'),
          '{ "field": "tool", "operator": "in" }',
        ],
        format,
      );
      expectProblems(text, format, [
        { path: 'rules[0].conditions[0].values', token: '[]', message: /at least one value/ },
        { path: 'rules[0].conditions[1].values[0]', token: '5,', message: /expected a string, got number 5/ },
        { path: 'rules[0].conditions[2].values[0]', token: 'true]', message: /expected a string/ },
        { path: 'rules[0].conditions[3].values[0]', token: 'null]', message: /expected a string, got null/ },
        { path: 'rules[0].conditions[4].values', token: '"x"', message: /expected a list/ },
        // A missing key is reported where its mapping starts.
        {
          path: 'rules[0].conditions[5].values',
          token: '{ "field": "tool", "operator": "in" }',
          message: /required key "values" is missing/,
        },
      ]);
    });

    it(`is_batch values are exactly "true" or "false" (${format})`, () => {
      const text = conditionsDoc(
        [cond('is_batch', '["yes", "True", "1", "true", "false"]'), cond('is_batch', '["false"]', 'not_in')],
        format,
      );
      expectProblems(text, format, [
        {
          path: 'rules[0].conditions[0].values[0]',
          token: '"yes"',
          message: /is_batch values must be "true" or "false"/,
        },
        { path: 'rules[0].conditions[0].values[1]', token: '"True"' },
        { path: 'rules[0].conditions[0].values[2]', token: '"1"' },
      ]);
    });

    it(`unparsable_calls values are whole non-negative numbers up to 2^53-1 (${format})`, () => {
      const text = conditionsDoc(
        [
          cond(
            'unparsable_calls',
            '["01", "-1", "1.0", "9007199254740992", "", " 1", "1e3", "+1", "0", "12", "9007199254740991"]',
          ),
        ],
        format,
      );
      const tokens = ['"01"', '"-1"', '"1.0"', '"9007199254740992"', '""', '" 1"', '"1e3"', '"+1"'];
      expectProblems(
        text,
        format,
        tokens.map((token, i) => ({
          path: `rules[0].conditions[0].values[${i}]`,
          token,
          message: /unparsable_calls values must be whole non-negative numbers/,
        })),
      );
    });

    it(`duplicate values are a warning, not an error (${format})`, () => {
      const text = conditionsDoc(
        [cond('tool', '["x", "y", "x"]'), cond('group', '["ops", "ops", "ops"]')],
        format,
      );
      expect(validatePolicyText(text, 'p', format).ok).toBe(true);
      expectProblems(text, format, [
        {
          path: 'rules[0].conditions[0].values[2]',
          token: '"x"',
          nth: 2,
          severity: 'warning',
          message: /duplicate value "x"/,
        },
        { path: 'rules[0].conditions[1].values[1]', token: '"ops"', nth: 2, severity: 'warning' },
        { path: 'rules[0].conditions[1].values[2]', token: '"ops"', nth: 3, severity: 'warning' },
      ]);
    });
  }
});

describe('operator, effect, default_effect, on_missing_context take only their listed values', () => {
  const yaml = `default_effect: permit
on_missing_context: allow
rules:
  - id: r1
    effect: block
    conditions:
      - { field: tool, operator: eq, values: [x] }
      - { field: tool, operator: IN, values: [x] }
`;
  const json = `{
  "default_effect": "permit",
  "on_missing_context": "allow",
  "rules": [
    {
      "id": "r1",
      "effect": "block",
      "conditions": [
        { "field": "tool", "operator": "eq", "values": ["x"] },
        { "field": "tool", "operator": "IN", "values": ["x"] }
      ]
    }
  ]
}`;
  const expected = (q: string): Expected[] => [
    {
      path: 'default_effect',
      token: `${q}permit`,
      message: /"permit" is not allowed; expected one of "deny", "allow"/,
    },
    { path: 'on_missing_context', token: `${q}allow`, message: /expected one of "deny", "ignore"/ },
    { path: 'rules[0].effect', token: `${q}block`, message: /expected one of "allow", "deny"/ },
    { path: 'rules[0].conditions[0].operator', token: `${q}eq`, message: /expected one of "in", "not_in"/ },
    { path: 'rules[0].conditions[1].operator', token: `${q}IN` },
  ];
  it('yaml', () => expectProblems(yaml, 'yaml', expected('')));
  it('json', () => expectProblems(json, 'json', expected('"')));
  it('on_missing_context is optional and effect/operator accept every listed value', () => {
    expectValid(
      `default_effect: allow\nrules:\n  - { id: a, effect: deny, conditions: [{ field: tool, operator: not_in, values: [x] }] }\n`,
      'yaml',
    );
    expectValid(
      `{"default_effect": "deny", "on_missing_context": "ignore", "rules": [{"id": "a", "effect": "allow", "conditions": [{"field": "tool", "operator": "in", "values": ["x"]}]}]}`,
      'json',
    );
  });
});

describe('required keys', () => {
  it('a document without default_effect and rules (yaml)', () => {
    const text = 'on_missing_context: deny\n';
    expectProblems(text, 'yaml', [
      {
        path: 'default_effect',
        token: 'on_missing_context',
        message: /required key "default_effect" is missing/,
      },
      { path: 'rules', token: 'on_missing_context', message: /required key "rules" is missing/ },
    ]);
  });
  it('a document without default_effect and rules (json)', () => {
    const text = '\n  {"on_missing_context": "deny"}\n';
    expectProblems(text, 'json', [
      { path: 'default_effect', token: '{', message: /required key "default_effect" is missing/ },
      { path: 'rules', token: '{', message: /required key "rules" is missing/ },
    ]);
  });

  const yaml = `default_effect: deny
rules:
  - description: no id, effect or conditions
  - id: r2
    effect: deny
    conditions:
      - operator: in
    active_window:
      days: [mon]
`;
  const json = `{
  "default_effect": "deny",
  "rules": [
    { "description": "no id, effect or conditions" },
    {
      "id": "r2",
      "effect": "deny",
      "conditions": [{ "operator": "in" }],
      "active_window": { "days": ["mon"] }
    }
  ]
}`;
  const expected = (rule0: string, cond0: string, window: string): Expected[] => [
    { path: 'rules[0].id', token: rule0, message: /required key "id" is missing/ },
    { path: 'rules[0].effect', token: rule0, message: /required key "effect" is missing/ },
    { path: 'rules[0].conditions', token: rule0, message: /required key "conditions" is missing/ },
    { path: 'rules[1].conditions[0].field', token: cond0, message: /required key "field" is missing/ },
    { path: 'rules[1].conditions[0].values', token: cond0, message: /required key "values" is missing/ },
    { path: 'rules[1].active_window.from', token: window, message: /required key "from" is missing/ },
    { path: 'rules[1].active_window.to', token: window, message: /required key "to" is missing/ },
    { path: 'rules[1].active_window.timezone', token: window, message: /required key "timezone" is missing/ },
  ];
  it('rule, condition and window keys (yaml)', () =>
    expectProblems(yaml, 'yaml', expected('description', 'operator', 'days')));
  it('rule, condition and window keys (json)', () =>
    expectProblems(json, 'json', expected('{ "description"', '{ "operator"', '{ "days"')));

  it('rules may be empty, conditions may not (yaml and json)', () => {
    expectValid('default_effect: deny\nrules: []\n', 'yaml');
    expectValid('{"default_effect": "allow", "rules": []}', 'json');
    expectProblems('default_effect: deny\nrules:\n  - { id: a, effect: deny, conditions: [] }\n', 'yaml', [
      { path: 'rules[0].conditions', token: '[]', message: /at least one condition/ },
    ]);
    expectProblems(
      '{"default_effect": "deny", "rules": [{"id": "a", "effect": "deny", "conditions": []}]}',
      'json',
      [{ path: 'rules[0].conditions', token: '[]', message: /at least one condition/ }],
    );
  });

  it('rules must be a list and the document a mapping', () => {
    expectProblems('default_effect: deny\nrules: {}\n', 'yaml', [
      { path: 'rules', token: '{}', message: /expected a list/ },
    ]);
    // Whole-document problems: at least one, all at the document's start.
    for (const [text, format] of [
      ['["default_effect"]', 'json'],
      ['- default_effect\n', 'yaml'],
      ['"deny"', 'json'],
    ] as const) {
      const problems = problemsOf(text, format);
      expect(problems.length).toBeGreaterThan(0);
      for (const p of problems) {
        expect({ path: p.path, line: p.line, column: p.column, severity: p.severity }).toEqual({
          path: '',
          line: 1,
          column: 1,
          severity: 'error',
        });
        expect(p.message).toMatch(/mapping/);
      }
    }
  });
});

/** One rule with the given active_window body. */
function windowDoc(window: string, format: PolicyFormat): string {
  return format === 'yaml'
    ? `default_effect: deny\nrules:\n  - id: r1\n    effect: deny\n    conditions: [{ field: tool, operator: in, values: [x] }]\n    active_window: ${window}\n`
    : `{\n  "default_effect": "deny",\n  "rules": [\n    {\n      "id": "r1",\n      "effect": "deny",\n      "conditions": [{ "field": "tool", "operator": "in", "values": ["x"] }],\n      "active_window": ${window}\n    }\n  ]\n}`;
}
const win = (days: string, from: string, to: string, timezone: string) =>
  `{ "days": ${days}, "from": ${from}, "to": ${to}, "timezone": ${timezone} }`;

describe('active_window', () => {
  for (const format of ['yaml', 'json'] as const) {
    it(`days: at least one, no repeats, only mon..sun (${format})`, () => {
      expectProblems(windowDoc(win('[]', '"09:00"', '"17:00"', '"UTC"'), format), format, [
        { path: 'rules[0].active_window.days', token: '[]', message: /at least one day/ },
      ]);
      expectProblems(
        windowDoc(win('["mon", "tue", "mon", "monday", "Fri"]', '"09:00"', '"17:00"', '"UTC"'), format),
        format,
        [
          {
            path: 'rules[0].active_window.days[2]',
            token: '"mon"',
            nth: 2,
            message: /"mon" is listed twice/,
          },
          { path: 'rules[0].active_window.days[3]', token: '"monday"', message: /expected one of "mon"/ },
          { path: 'rules[0].active_window.days[4]', token: '"Fri"' },
        ],
      );
    });

    it(`from and to are HH:MM from 00:00 to 23:59 (${format})`, () => {
      for (const [from, to] of [
        ['"24:00"', '"9:00"'],
        ['"09:60"', '"0900"'],
        ['"09:00:00"', '" 09:00"'],
      ] as const) {
        expectProblems(windowDoc(win('["mon"]', from, to, '"UTC"'), format), format, [
          { path: 'rules[0].active_window.from', token: from, message: /must be HH:MM/ },
          { path: 'rules[0].active_window.to', token: to, message: /must be HH:MM/ },
        ]);
      }
      expectProblems(windowDoc(win('["mon"]', '900', '"23:59"', '"UTC"'), format), format, [
        { path: 'rules[0].active_window.from', token: '900', message: /expected a string/ },
      ]);
      expectValid(windowDoc(win('["sun"]', '"00:00"', '"23:59"', '"UTC"'), format), format);
      expectValid(windowDoc(win('["sun"]', '"23:59"', '"00:00"', '"UTC"'), format), format);
    });

    it(`from equal to to is an error (${format})`, () => {
      expectProblems(windowDoc(win('["mon"]', '"10:00"', '"10:00"', '"UTC"'), format), format, [
        { path: 'rules[0].active_window.to', token: '"10:00"', nth: 2, message: /both "always" and "never"/ },
      ]);
    });

    it(`timezone is an IANA name in its exact case, never a fixed offset (${format})`, () => {
      const bad: [string, RegExp][] = [
        ['"Mars/Olympus"', /not a time zone/],
        ['"+01:00"', /fixed offset/],
        ['"europe/london"', /not a time zone/],
        ['"EUROPE/LONDON"', /not a time zone/],
        ['""', /not a time zone/],
        ['"PST"', /not a time zone/],
        ['"SystemV/EST5"', /not a time zone/],
      ];
      for (const [timezone, message] of bad) {
        expectProblems(windowDoc(win('["mon"]', '"09:00"', '"17:00"', timezone), format), format, [
          { path: 'rules[0].active_window.timezone', token: timezone, message },
        ]);
      }
      for (const timezone of [
        '"UTC"',
        '"Europe/London"',
        '"America/New_York"',
        '"Asia/Kolkata"',
        '"Australia/Lord_Howe"',
      ]) {
        expectValid(windowDoc(win('["mon"]', '"09:00"', '"17:00"', timezone), format), format);
      }
    });
  }
});

describe('warnings', () => {
  for (const format of ['yaml', 'json'] as const) {
    it(`an allow rule under default_effect: allow (${format})`, () => {
      const text = conditionsDoc([cond('tool', '["x"]')], format, 'allow', 'allow');
      const result = validatePolicyText(text, 'p', format);
      expect(result.ok).toBe(true);
      expectProblems(text, format, [
        {
          path: 'rules[0].effect',
          token: format === 'yaml' ? 'allow\n    conditions' : '"allow",\n      "conditions"',
          severity: 'warning',
          message: /can never change a decision/,
        },
      ]);
      // The same rule under default deny, or a deny rule under default allow, warns nothing.
      expect(problemsOf(conditionsDoc([cond('tool', '["x"]')], format, 'deny', 'allow'), format)).toEqual([]);
      expect(problemsOf(conditionsDoc([cond('tool', '["x"]')], format, 'allow', 'deny'), format)).toEqual([]);
    });

    it(`an allow rule under default_effect: allow warns beside the file's errors (${format})`, () => {
      // Every problem of a file is reported in one run: the rule's empty condition list is an
      // error, and it is still an allow rule under default_effect: allow.
      const text = conditionsDoc([], format, 'allow', 'allow');
      expect(validatePolicyText(text, 'p', format).ok).toBe(false);
      expectProblems(text, format, [
        {
          path: 'rules[0].conditions',
          token: format === 'yaml' ? '\n' : '[',
          nth: format === 'yaml' ? 5 : 2,
        },
        {
          path: 'rules[0].effect',
          token: format === 'yaml' ? 'allow\n    conditions' : '"allow",\n      "conditions"',
          severity: 'warning',
          message: /can never change a decision/,
        },
      ]);
    });
  }
});

describe('fixtures/policies', () => {
  const dir = join(repoRoot, 'fixtures/policies');

  it.each(['valid-basic.yaml', 'valid-windows.json'])('%s is valid without warnings', (file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    const result = validatePolicyText(text, file, file.endsWith('.json') ? 'json' : 'yaml');
    expect(result.ok ? [] : result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  // Written out by hand (also in fixtures/policies/README.md): every problem in one run.
  const manyProblems: [string, string][] = [
    ['3:17', 'default_effect'],
    ['4:21', 'on_missing_context'],
    ['5:1', 'efect'],
    ['7:9', 'rules[0].id'],
    ['8:13', 'rules[0].effect'],
    ['10:16', 'rules[0].conditions[0].field'],
    ['11:19', 'rules[0].conditions[0].operator'],
    ['12:17', 'rules[0].conditions[0].values'],
    ['18:18', 'rules[1].conditions[0].values[0]'],
    ['21:18', 'rules[1].conditions[1].values[0]'],
    ['21:24', 'rules[1].conditions[1].values[1]'],
    ['21:30', 'rules[1].conditions[1].values[2]'],
    ['21:37', 'rules[1].conditions[1].values[3]'],
    ['22:16', 'rules[1].conditions[2].field'],
    ['24:18', 'rules[1].conditions[2].values[0]'],
    ['25:9', 'rules[1].conditions[2].value'],
    ['27:19', 'rules[1].active_window.days[1]'],
    ['27:24', 'rules[1].active_window.days[2]'],
    ['28:13', 'rules[1].active_window.from'],
    ['29:11', 'rules[1].active_window.to'],
    ['30:17', 'rules[1].active_window.timezone'],
    ['31:9', 'rules[2].id'],
    ['33:17', 'rules[2].conditions'],
    ['35:13', 'rules[2].active_window.days'],
    ['37:11', 'rules[2].active_window.to'],
    ['38:17', 'rules[2].active_window.timezone'],
    ['43:5', 'rules[4].effect'],
    ['43:9', 'rules[4].id'],
    ['45:9', 'rules[4].conditions[0].values'],
    ['45:18', 'rules[4].conditions[0].field'],
  ];
  const manyWarnings: [string, string][] = [['42:50', 'rules[3].conditions[0].values[1]']];

  it('invalid-many-problems.yaml reports every problem at once', () => {
    const text = readFileSync(join(dir, 'invalid-many-problems.yaml'), 'utf8');
    const result = validatePolicyText(text, 'invalid-many-problems.yaml', 'yaml');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((p) => [`${p.line}:${p.column}`, p.path])).toEqual(manyProblems);
    expect(result.warnings.map((p) => [`${p.line}:${p.column}`, p.path])).toEqual(manyWarnings);
  });

  it('invalid-many-problems.json reports every problem at once', () => {
    const text = readFileSync(join(dir, 'invalid-many-problems.json'), 'utf8');
    const result = validatePolicyText(text, 'invalid-many-problems.json', 'json');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((p) => [`${p.line}:${p.column}`, p.path])).toEqual(manyJsonProblems);
    expect(result.warnings.map((p) => [`${p.line}:${p.column}`, p.path])).toEqual(manyJsonWarnings);
  });
});

const manyJsonProblems: [string, string][] = [
  ['2:21', 'default_effect'],
  ['3:25', 'on_missing_context'],
  ['4:3', 'efect'],
  ['7:13', 'rules[0].id'],
  ['8:17', 'rules[0].effect'],
  ['10:20', 'rules[0].conditions[0].field'],
  ['10:41', 'rules[0].conditions[0].operator'],
  ['10:57', 'rules[0].conditions[0].values'],
  ['17:61', 'rules[1].conditions[0].values[0]'],
  ['18:69', 'rules[1].conditions[1].values[0]'],
  ['18:75', 'rules[1].conditions[1].values[1]'],
  ['19:20', 'rules[1].conditions[2].field'],
  ['19:67', 'rules[1].conditions[2].values[0]'],
  ['19:77', 'rules[1].conditions[2].value'],
  ['21:42', 'rules[1].active_window.days[1]'],
  ['21:49', 'rules[1].active_window.days[2]'],
  ['21:68', 'rules[1].active_window.from'],
  ['21:82', 'rules[1].active_window.to'],
  ['21:103', 'rules[1].active_window.timezone'],
  ['24:13', 'rules[2].id'],
  ['26:21', 'rules[2].conditions'],
  ['27:34', 'rules[2].active_window.days'],
  ['27:61', 'rules[2].active_window.to'],
  ['27:82', 'rules[2].active_window.timezone'],
  ['34:5', 'rules[4].effect'],
  ['35:13', 'rules[4].id'],
  ['36:22', 'rules[4].conditions[0].values'],
  ['36:33', 'rules[4].conditions[0].field'],
];
const manyJsonWarnings: [string, string][] = [['32:75', 'rules[3].conditions[0].values[1]']];
