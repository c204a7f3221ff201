#!/usr/bin/env node
/**
 * Seeded generator of realistic policy pairs (docs/policy.md documents) for the coverage bench
 * (docs/coverage.md "Limits", docs/performance.md).
 *
 *   node scripts/generate-policy-pair.mjs [--rules N] [--seed S] [--out DIR]
 *
 * Writes DIR/base.yaml and DIR/head.yaml (default: 200 rules, seed 20261127, .bench/policies).
 * The base is written the way MCP gateways' policies are: a few global denies (hosts, issuers,
 * verbs, shell tools, unparsable batches), then per-team allow rules on groups and the tools of the
 * MCP servers the team uses, resource and prompt allow-lists, service accounts by subject, roles
 * and MFA by token claim, departments and employment by directory attribute, production
 * databases and namespaces by call argument, and windows (office hours, deploy windows,
 * maintenance, overnight freezes) in a few IANA zones, on allow and deny rules alike. The head is
 * the base with a handful of the edits a pull request makes: a value added to an allow list, a
 * rule added, a deny rule removed, a window widened. The same arguments give the same bytes
 * (scripts/generate-traffic.mjs's seeded PRNG; nothing reads the clock).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { createRng } from './generate-traffic.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_RULES = 200;
export const DEFAULT_SEED = 20261127;

// ---------------------------------------------------------------------------------------------
// The world: MCP servers and their tools, teams, roles, resources.

/** Tools by MCP server; `write` tools are the ones deny rules single out. */
const SERVERS = {
  github: {
    read: ['list_issues', 'get_issue', 'search_code', 'get_file_contents', 'list_pull_requests'],
    write: ['create_issue', 'create_pull_request', 'merge_pull_request', 'push_files'],
  },
  jira: { read: ['jira_search', 'jira_get_issue'], write: ['jira_create_issue', 'jira_transition'] },
  slack: { read: ['slack_list_channels', 'slack_read_history'], write: ['slack_post_message'] },
  postgres: { read: ['describe_table', 'list_tables', 'run_query'], write: ['execute_sql'] },
  filesystem: {
    read: ['read_file', 'list_dir', 'search_docs'],
    write: ['write_file', 'move_file', 'delete_file'],
  },
  web: { read: ['fetch_url', 'web_search'], write: [] },
  kubernetes: {
    read: ['kubectl_get', 'kubectl_logs'],
    write: ['kubectl_apply', 'kubectl_delete', 'deploy', 'rollback'],
  },
  billing: { read: ['get_invoice', 'export_report'], write: ['refund_payment', 'issue_credit'] },
  crm: { read: ['crm_lookup', 'crm_search'], write: ['crm_update_contact', 'crm_export'] },
  observability: { read: ['query_metrics', 'query_logs'], write: ['create_alert', 'silence_alert'] },
  docs: { read: ['confluence_search', 'confluence_get_page'], write: ['confluence_create_page'] },
  analytics: { read: ['run_report', 'list_dashboards'], write: ['schedule_export'] },
};
const SHELL_TOOLS = ['run_shell', 'exec_command'];
const SERVER_NAMES = Object.keys(SERVERS);

/** Teams (directory groups) and the servers they work with. */
const TEAMS = {
  engineering: ['github', 'jira', 'filesystem', 'docs', 'web', 'slack'],
  platform: ['kubernetes', 'github', 'observability', 'filesystem'],
  sre: ['kubernetes', 'observability', 'slack', 'postgres'],
  security: ['github', 'observability', 'filesystem', 'crm'],
  data: ['postgres', 'analytics', 'filesystem'],
  analytics: ['analytics', 'postgres', 'docs'],
  reporting: ['analytics', 'billing', 'postgres'],
  finance: ['billing', 'analytics', 'docs'],
  'billing-ops': ['billing', 'crm', 'slack'],
  support: ['crm', 'jira', 'docs', 'slack'],
  sales: ['crm', 'docs', 'slack'],
  marketing: ['analytics', 'docs', 'web', 'slack'],
  legal: ['docs', 'filesystem'],
  hr: ['docs', 'slack'],
  ml: ['postgres', 'filesystem', 'github', 'web'],
  qa: ['github', 'jira', 'kubernetes'],
  dba: ['postgres', 'observability'],
  'it-helpdesk': ['jira', 'docs', 'slack', 'crm'],
  design: ['docs', 'jira', 'slack'],
  executives: ['analytics', 'docs'],
};
const TEAM_NAMES = Object.keys(TEAMS);

const ROLES = ['developer', 'deployer', 'analyst', 'approver', 'admin', 'reader', 'auditor', 'operator'];
const DEPARTMENTS = ['engineering', 'finance', 'data', 'sales', 'support', 'legal', 'people', 'security'];
const EMPLOYMENT = ['employee', 'contractor', 'intern'];
const REGIONS = ['eu', 'us', 'apac'];
const TENANTS = ['acme', 'globex', 'initech', 'umbrella'];
const SERVICE_ACCOUNTS = [
  'svc-deployer',
  'svc-reporter',
  'svc-indexer',
  'svc-backup',
  'svc-ci',
  'svc-billing-sync',
  'svc-crm-sync',
  'svc-alerts',
  'svc-docs-bot',
  'svc-ml-train',
];
const TAGS = ['batch-agent', 'deploy-bot', 'partner', 'break-glass', 'sandbox'];
const DATABASES = ['prod', 'prod-replica', 'staging', 'analytics', 'warehouse'];
const NAMESPACES = ['payments', 'search', 'web', 'data', 'platform', 'ml'];
const REPOS = ['acme/payments', 'acme/web', 'acme/infra', 'acme/ml-models', 'acme/handbook'];
const RESOURCES = [
  'file:///srv/docs/handbook.md',
  'file:///srv/docs/runbook.md',
  'file:///srv/docs/architecture.md',
  'https://wiki.internal/onboarding',
  'https://wiki.internal/oncall',
  's3://reports/monthly',
  's3://reports/quarterly',
  'db://warehouse/schema',
  'file:///srv/secrets/db.env',
  'vault://prod/root',
];
const PROMPTS = ['summarize', 'code_review', 'incident_timeline', 'translate', 'sql_helper', 'release_notes'];
const DISCOVERY = [
  'initialize',
  'ping',
  'tools/list',
  'resources/list',
  'prompts/list',
  'notifications/initialized',
];
const HOSTS = ['mcp.internal', 'mcp.example.net', 'mcp-eu.example.net', 'mcp-us.example.net'];
const ISSUERS = ['https://idp.example', 'https://ci.example/oidc'];

/** Windows as gateways write them: office hours, deploy windows, maintenance, overnight. */
const ZONES = ['Europe/London', 'America/New_York', 'Asia/Tokyo', 'Europe/Berlin'];
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'];
const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const WINDOWS = {
  office: (zone) => ({ days: WEEKDAYS, from: '09:00', to: '17:30', timezone: zone }),
  deploy: (zone) => ({ days: ['mon', 'tue', 'wed', 'thu'], from: '10:00', to: '16:00', timezone: zone }),
  overnight: (zone) => ({ days: EVERY_DAY, from: '19:00', to: '07:00', timezone: zone }),
  maintenance: (zone) => ({ days: ['sat', 'sun'], from: '22:00', to: '04:00', timezone: zone }),
};

// ---------------------------------------------------------------------------------------------
// Rules

const condition = (field, operator, values) => ({ field, operator, values: [...new Set(values)] });
const toolsOf = (server, kind = 'all') =>
  kind === 'all' ? [...SERVERS[server].read, ...SERVERS[server].write] : SERVERS[server][kind];

/** Some of `list`, at least `min`, in the list's order (a policy lists values in a stable order). */
function someOf(rng, list, min = 1, max = list.length) {
  const count = rng.int(Math.min(min, list.length), Math.min(max, list.length));
  const chosen = new Set();
  while (chosen.size < count) chosen.add(rng.pick(list));
  return list.filter((v) => chosen.has(v));
}

/** The global denies every gateway policy starts with. */
function globalDenies() {
  const deny = (id, description, conditions, window) => ({
    id,
    description,
    effect: 'deny',
    conditions,
    ...(window ? { active_window: window } : {}),
  });
  return [
    deny('deny-unparsable-calls', 'A batch with unparsable calls is refused whole.', [
      condition('unparsable_calls', 'not_in', ['0']),
    ]),
    deny('deny-foreign-hosts', 'Only the gateway hostnames are served.', [
      condition('http_host', 'not_in', HOSTS),
    ]),
    deny('deny-odd-verbs', 'The MCP endpoint speaks POST and GET only.', [
      condition('http_path', 'in', ['/mcp']),
      condition('http_method', 'not_in', ['POST', 'GET']),
    ]),
    deny('deny-shell', 'No shell access through the gateway.', [condition('tool', 'in', SHELL_TOOLS)]),
    deny('deny-untrusted-issuer', 'Tokens from other identity providers are refused.', [
      condition('issuer', 'not_in', ISSUERS),
    ]),
    deny('deny-batched-writes', 'Writes are single calls, audited one by one.', [
      condition('is_batch', 'in', ['true']),
      condition('tool', 'in', ['write_file', 'delete_file', 'execute_sql', 'push_files']),
    ]),
    deny('deny-unknown-methods', 'Only the MCP methods the gateway serves.', [
      condition('method', 'not_in', [...DISCOVERY, 'tools/call', 'resources/read', 'prompts/get']),
    ]),
  ];
}

/** One rule of a seeded template; `n` makes the id unique. */
const TEMPLATES = [
  [
    'team-tools',
    10,
    (rng) => {
      const team = rng.pick(TEAM_NAMES);
      const server = rng.pick(TEAMS[team]);
      const tools = rng.chance(0.6) ? toolsOf(server, 'read') : someOf(rng, toolsOf(server), 2);
      const conditions = [condition('group', 'in', [team]), condition('tool', 'in', tools)];
      if (rng.chance(0.5)) conditions.splice(1, 0, condition('method', 'in', ['tools/call']));
      return { id: `allow-${team}-${server}`, effect: 'allow', conditions };
    },
  ],
  [
    'team-resources',
    2,
    (rng) => {
      const team = rng.pick(TEAM_NAMES);
      return {
        id: `allow-${team}-resources`,
        effect: 'allow',
        conditions: [
          condition('group', 'in', [team]),
          condition('method', 'in', ['resources/read']),
          condition('resource_uri', 'in', someOf(rng, RESOURCES.slice(0, 8), 1, 3)),
        ],
      };
    },
  ],
  [
    'prompts',
    1,
    (rng) => ({
      id: 'allow-prompts',
      effect: 'allow',
      conditions: [
        condition('group', 'in', someOf(rng, TEAM_NAMES, 1, 4)),
        condition('prompt', 'in', someOf(rng, PROMPTS, 1, 3)),
      ],
    }),
  ],
  [
    'service-account',
    3,
    (rng) => {
      const subject = rng.pick(SERVICE_ACCOUNTS);
      const server = rng.pick(SERVER_NAMES);
      const conditions = [
        condition('subject', 'in', [subject]),
        condition('tool', 'in', someOf(rng, toolsOf(server), 1, 3)),
      ];
      if (rng.chance(0.3)) conditions.push(condition('claim:realm_access.roles', 'in', [rng.pick(ROLES)]));
      const rule = { id: `allow-${subject}-${server}`, effect: 'allow', conditions };
      return rng.chance(0.3)
        ? { ...rule, active_window: WINDOWS[rng.pick(['deploy', 'office'])](rng.pick(ZONES)) }
        : rule;
    },
  ],
  [
    'role',
    3,
    (rng) => {
      const role = rng.pick(ROLES);
      const server = rng.pick(SERVER_NAMES);
      const conditions = [
        condition('claim:realm_access.roles', 'in', [role]),
        condition('tool', 'in', someOf(rng, toolsOf(server), 1, 4)),
      ];
      if (rng.chance(0.4)) conditions.push(condition('claim:tenant_id', 'in', someOf(rng, TENANTS, 1, 2)));
      return { id: `allow-role-${role}-${server}`, effect: 'allow', conditions };
    },
  ],
  [
    'department',
    2,
    (rng) => {
      const department = rng.pick(DEPARTMENTS);
      const server = rng.pick(SERVER_NAMES);
      return {
        id: `allow-dept-${department}-${server}`,
        effect: 'allow',
        conditions: [
          condition('attribute:department', 'in', [department]),
          condition('tool', 'in', someOf(rng, toolsOf(server, 'read'), 1, 3)),
        ],
      };
    },
  ],
  [
    'on-call',
    1,
    (rng) => {
      const zone = rng.pick(ZONES);
      return {
        id: `allow-oncall-${zone.split('/')[1].toLowerCase()}`,
        effect: 'allow',
        conditions: [
          condition('group', 'in', ['sre', 'platform']),
          condition('tool', 'in', someOf(rng, toolsOf('kubernetes', 'write'), 1, 3)),
        ],
        active_window: WINDOWS[rng.pick(['overnight', 'maintenance'])](zone),
      };
    },
  ],
  [
    'deny-contractors',
    1,
    (rng) => {
      const server = rng.pick(SERVER_NAMES);
      return {
        id: `deny-contractor-${server}-writes`,
        effect: 'deny',
        conditions: [
          condition('attribute:employment', 'in', someOf(rng, EMPLOYMENT.slice(1), 1)),
          condition('tool', 'in', toolsOf(server, 'write').concat(['export_report'])),
        ],
      };
    },
  ],
  [
    'deny-region',
    1,
    (rng) => ({
      id: `deny-region-${rng.pick(REGIONS)}`,
      effect: 'deny',
      conditions: [
        condition('attribute:region', 'in', someOf(rng, REGIONS, 1, 2)),
        condition('resource_uri', 'in', someOf(rng, RESOURCES.slice(5), 1, 3)),
      ],
    }),
  ],
  [
    'deny-no-mfa',
    1,
    (rng) => {
      const server = rng.pick(SERVER_NAMES);
      return {
        id: `deny-${server}-writes-without-mfa`,
        effect: 'deny',
        conditions: [
          condition('claim:amr', 'not_in', ['mfa', 'hwk']),
          condition('tool', 'in', toolsOf(server, 'write').concat(['merge_pull_request'])),
        ],
      };
    },
  ],
  [
    'deny-tag',
    1,
    (rng) => ({
      id: `deny-${rng.pick(TAGS)}-writes`,
      effect: 'deny',
      conditions: [
        condition('tag', 'in', someOf(rng, TAGS, 1, 2)),
        condition('tool', 'in', toolsOf(rng.pick(SERVER_NAMES), 'write').concat(['write_file'])),
      ],
    }),
  ],
  [
    'deny-prod-database',
    2,
    (rng) => {
      const databases = someOf(rng, DATABASES, 1, 2);
      return {
        id: `deny-${databases[0]}-database`,
        effect: 'deny',
        conditions: [
          condition('tool', 'in', ['run_query', 'execute_sql', 'describe_table']),
          condition('argument:database', 'in', databases),
          condition('group', 'not_in', ['dba', ...someOf(rng, ['sre', 'data'], 0, 1)]),
        ],
      };
    },
  ],
  [
    'namespace',
    2,
    (rng) => {
      const team = rng.pick(['platform', 'sre', 'qa', 'ml', 'engineering']);
      return {
        id: `allow-${team}-namespaces`,
        effect: 'allow',
        conditions: [
          condition('group', 'in', [team]),
          condition('tool', 'in', ['kubectl_apply', 'kubectl_delete', 'rollback']),
          condition('argument:namespace', 'in', someOf(rng, NAMESPACES, 1, 3)),
        ],
      };
    },
  ],
  [
    'repo',
    1,
    (rng) => ({
      id: 'deny-protected-repos',
      effect: 'deny',
      conditions: [
        condition('tool', 'in', ['push_files', 'merge_pull_request']),
        condition('argument:repo', 'in', someOf(rng, REPOS, 1, 2)),
        condition('claim:realm_access.roles', 'not_in', ['approver', 'admin']),
      ],
    }),
  ],
  [
    'freeze',
    1,
    (rng) => ({
      id: `deny-${rng.pick(['deploys', 'changes'])}-overnight`,
      effect: 'deny',
      conditions: [
        condition(
          'tool',
          'in',
          someOf(rng, ['deploy', 'kubectl_apply', 'kubectl_delete', 'rollback', 'execute_sql'], 1, 3),
        ),
      ],
      active_window: WINDOWS[rng.pick(['overnight', 'maintenance'])](rng.pick(ZONES)),
    }),
  ],
  [
    'team-office-hours',
    2,
    (rng) => {
      const team = rng.pick(TEAM_NAMES);
      const server = rng.pick(TEAMS[team]);
      return {
        id: `allow-${team}-${server}-writes`,
        effect: 'allow',
        conditions: [
          condition('group', 'in', [team]),
          condition(
            'tool',
            'in',
            someOf(rng, toolsOf(server, 'write').concat(toolsOf(server, 'read').slice(0, 1)), 1, 3),
          ),
        ],
        active_window: WINDOWS[rng.pick(['office', 'deploy'])](rng.pick(ZONES)),
      };
    },
  ],
];

/** Rego names must differ after `-` and `.` become `_` (docs/policy.md "Validation"). */
const regoName = (id) => id.replace(/[-.]/g, '_');

/** Adds `rule` under a fresh id (`-2`, `-3`, … when the template's id is taken). */
function addRule(rules, taken, rule) {
  let id = rule.id;
  for (let n = 2; taken.has(regoName(id)); n++) id = `${rule.id}-${n}`;
  taken.add(regoName(id));
  rules.push({ ...rule, id });
}

function templateRule(rng) {
  const make = rng.weighted(TEMPLATES.map(([, weight, make]) => [make, weight]));
  return make(rng);
}

/** The base: the global denies, discovery, then seeded template rules up to `count`. */
export function generateBase(rng, count) {
  const rules = [];
  const taken = new Set();
  for (const rule of globalDenies()) addRule(rules, taken, rule);
  addRule(rules, taken, {
    id: 'allow-discovery',
    effect: 'allow',
    conditions: [condition('method', 'in', DISCOVERY)],
  });
  while (rules.length < count) addRule(rules, taken, templateRule(rng));
  return {
    default_effect: 'deny',
    on_missing_context: rng.chance(0.5) ? 'deny' : 'ignore',
    rules: rules.slice(0, count),
  };
}

// ---------------------------------------------------------------------------------------------
// Edits

const clock = (minutes) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesOf = (text) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3));

/** A window an hour longer: a later end, or an earlier start when the end would pass midnight. */
function widened(window) {
  const from = minutesOf(window.from);
  const to = minutesOf(window.to);
  if (from < to)
    return to + 60 <= 23 * 60 + 59
      ? { ...window, to: clock(to + 60) }
      : { ...window, from: clock(from - 60) };
  // Overnight: from > to on the same local day; a later end still stays before the start.
  return to + 60 < from ? { ...window, to: clock(to + 60) } : { ...window, from: clock(from - 60) };
}

/** A value the condition does not list yet, from the same vocabulary. */
function newValue(rng, c) {
  const vocabulary = {
    tool: Object.values(SERVERS).flatMap((s) => [...s.read, ...s.write]),
    group: TEAM_NAMES,
    resource_uri: RESOURCES,
    'argument:namespace': NAMESPACES,
  }[c.field];
  const candidates = (vocabulary ?? []).filter((v) => !c.values.includes(v));
  return candidates.length === 0 ? null : rng.pick(candidates);
}

/** Each edit picks among the rules it applies to; none applies: the edit is skipped. */
const EDITS = [
  [
    'a value added to an allow list',
    (rng, rules) => {
      const allows = rules.filter(
        (r) => r.effect === 'allow' && r.conditions.some((c) => c.operator === 'in' && newValue(rng, c)),
      );
      if (allows.length === 0) return null;
      const rule = rng.pick(allows);
      const i = rule.conditions.findIndex((c) => c.operator === 'in' && newValue(rng, c) !== null);
      const c = rule.conditions[i];
      const value = newValue(rng, c);
      const conditions = rule.conditions.map((d, j) =>
        j === i ? { ...d, values: [...d.values, value] } : d,
      );
      return {
        rules: rules.map((r) => (r === rule ? { ...r, conditions } : r)),
        note: `${rule.id}: ${c.field} also ${value}`,
      };
    },
  ],
  [
    'a rule added',
    (rng, rules) => {
      const taken = new Set(rules.map((r) => regoName(r.id)));
      const added = [];
      addRule(added, taken, templateRule(rng));
      const at = rng.int(0, rules.length);
      return { rules: [...rules.slice(0, at), added[0], ...rules.slice(at)], note: `${added[0].id} added` };
    },
  ],
  [
    'a deny rule removed',
    (rng, rules) => {
      const denies = rules.filter((r) => r.effect === 'deny');
      if (denies.length === 0) return null;
      const rule = rng.pick(denies);
      return { rules: rules.filter((r) => r !== rule), note: `${rule.id} removed` };
    },
  ],
  [
    'a window widened',
    (rng, rules) => {
      const windowed = rules.filter((r) => r.active_window !== undefined);
      if (windowed.length === 0) return null;
      const rule = rng.pick(windowed);
      const window = widened(rule.active_window);
      return {
        rules: rules.map((r) => (r === rule ? { ...r, active_window: window } : r)),
        note: `${rule.id}: window ${window.from}–${window.to}`,
      };
    },
  ],
];

/** The head: the base with each kind of edit once and one more value added to an allow list. */
export function generateHead(rng, base) {
  let rules = base.rules;
  const notes = [];
  for (const [, edit] of [...EDITS, EDITS[0]]) {
    const result = edit(rng, rules);
    if (result === null) continue;
    rules = result.rules;
    notes.push(result.note);
  }
  return { policy: { ...base, rules }, edits: notes };
}

/** A seeded pair: `rules` base rules, the head a handful of edits away. */
export function generatePolicyPair({ seed = DEFAULT_SEED, rules = DEFAULT_RULES } = {}) {
  if (!Number.isSafeInteger(rules) || rules < 10) throw new Error('a generated policy has at least 10 rules');
  const rng = createRng(`policy-pair ${seed}`);
  const base = generateBase(rng, rules);
  const head = generateHead(rng, base);
  return { base, head: head.policy, edits: head.edits };
}

/** The pair as YAML documents, the head's edits listed in its header comment. */
export function policyPairYaml(pair, seed) {
  const header = (lines) => lines.map((l) => `# ${l}\n`).join('');
  const text = (policy) => stringify(policy, { lineWidth: 0 });
  return {
    base:
      header([`Generated by scripts/generate-policy-pair.mjs (seed ${seed}): the base.`]) + text(pair.base),
    head:
      header([
        `Generated by scripts/generate-policy-pair.mjs (seed ${seed}): the head. Against the base:`,
        ...pair.edits.map((e) => `- ${e}`),
      ]) + text(pair.head),
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { values } = parseArgs({
    options: {
      rules: { type: 'string', default: String(DEFAULT_RULES) },
      seed: { type: 'string', default: String(DEFAULT_SEED) },
      out: { type: 'string', default: join(ROOT, '.bench/policies') },
    },
  });
  const pair = generatePolicyPair({ seed: values.seed, rules: Number(values.rules) });
  const yaml = policyPairYaml(pair, values.seed);
  mkdirSync(values.out, { recursive: true });
  writeFileSync(join(values.out, 'base.yaml'), yaml.base);
  writeFileSync(join(values.out, 'head.yaml'), yaml.head);
  console.log(
    `${join(values.out, 'base.yaml')}, ${join(values.out, 'head.yaml')}: ${pair.base.rules.length} rules; ${pair.edits.join('; ')}`,
  );
}
