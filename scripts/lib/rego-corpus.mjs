/**
 * The Rego test corpus (fixtures/rego/README.md): three services' policies, each with a base and
 * the heads a pull request makes (grant, revoke, message-only, no-op refactor), the inputs those
 * services receive (seeded, so the same arguments give the same inputs), and their decision logs
 * as a real `opa run --server` writes them: a mask policy and `nd_builtin_cache: true`.
 *
 * The policies and inputs were written for this project in the styles the three kinds of service
 * use; nothing is copied from elsewhere. Every event captured is OPA's own output.
 */
import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRng } from '../generate-traffic.mjs';
import { captureDecisionLogs } from './opa-decision-logs.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CORPUS = join(ROOT, 'fixtures/rego');

/** The families: where each lives, the decision it is asked for, how a result reads as a decision. */
export const FAMILIES = {
  httpapi: {
    decisionPath: 'httpapi/authz/allow',
    mapping: { kind: 'boolean' },
    roots: ['httpapi', 'org'],
    heads: ['grant', 'revoke', 'refactor'],
    // Client addresses are personal data: erased on reads, which no rule about reads looks at.
    mask: [
      'package system.log',
      '',
      'mask contains "/input/client_ip" if input.input.method == "GET"',
      '',
    ].join('\n'),
  },
  envoy: {
    decisionPath: 'envoy/authz/allow',
    mapping: { kind: 'field', field: 'allowed' },
    roots: ['envoy'],
    heads: ['grant', 'revoke', 'message', 'refactor'],
    // Cookies and the client's ephemeral port are kept out of the log. The policy binds the whole
    // HTTP request to a rule (`http_request`), and reads only some of its fields through it.
    mask: [
      'package system.log',
      '',
      'mask contains "/input/attributes/request/http/headers/cookie"',
      '',
      'mask contains "/input/attributes/source/address/socketAddress/portValue"',
      '',
    ].join('\n'),
  },
  admission: {
    decisionPath: 'k8s/admission/violation',
    mapping: { kind: 'deny-when-nonempty' },
    roots: ['k8s'],
    heads: ['grant', 'revoke', 'message', 'refactor'],
    // Who asked is not the policy's business and is kept out of the log.
    mask: ['package system.log', '', 'mask contains "/input/request/userInfo"', ''].join('\n'),
  },
};

/** Every file of a policy variant's bundle: path in the bundle → text (`.rego` and data files). */
export function bundleFiles(family, variant) {
  const dir = join(CORPUS, family, variant);
  const files = {};
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(dir, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(dir);
  return files;
}

// ---------------------------------------------------------------------------------------------
// Inputs

const EMPLOYEES = [
  'alice',
  'bob',
  'carol',
  'dave',
  'erin',
  'frank',
  'grace',
  'heidi',
  'ivan',
  'judy',
  'mallory',
];

function httpApiInput(rng) {
  const user = rng.pick(EMPLOYEES);
  const path = rng.weighted([
    [['finance', 'salary', rng.pick(EMPLOYEES)], 6],
    [['finance', 'salary', user], 3],
    [['healthz'], 1],
    [['finance', 'reports'], 1],
  ]);
  const method = rng.weighted([
    ['GET', 8],
    ['PUT', 3],
    ['DELETE', 1],
  ]);
  const client_ip = rng.weighted([
    [`10.20.${rng.int(0, 15)}.${rng.int(1, 254)}`, 5],
    [`10.21.${rng.int(0, 255)}.${rng.int(1, 254)}`, 1],
    [`203.0.113.${rng.int(1, 254)}`, 1],
  ]);
  return { method, path, user, client_ip };
}

const b64url = (value) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** An HS256 JWT, as the identity service issues them. */
export function signJwt(claims, secret) {
  const unsigned = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

const SUBJECTS = ['u-1042', 'u-2217', 'u-3308', 'u-4120', 'svc-catalog-sync', 'svc-pricing'];
const ROLE_SETS = [['viewer'], ['viewer', 'editor'], ['editor'], ['admin', 'viewer'], [], ['admin']];

function envoyInput(rng, now, secret) {
  const seconds = Math.floor(now / 1000);
  const claims = {
    sub: rng.pick(SUBJECTS),
    roles: rng.pick(ROLE_SETS),
    aud: rng.weighted([
      ['products-api', 9],
      ['billing-api', 1],
    ]),
    iat: seconds - rng.int(60, 3000),
    exp: rng.chance(0.9) ? seconds + rng.int(300, 3600) : seconds - rng.int(1, 600),
  };
  const token = rng.chance(0.05) ? signJwt(claims, 'someone-else') : signJwt(claims, secret);
  const method = rng.weighted([
    ['GET', 6],
    ['POST', 2],
    ['PUT', 1],
    ['DELETE', 1],
  ]);
  const path = rng.weighted([
    [`/api/products/${rng.int(1000, 9999)}`, 5],
    ['/api/products', 3],
    [`/admin/cache/${rng.pick(['flush', 'stats'])}`, 1],
    ['/api/orders', 1],
  ]);
  const headers = {
    ':authority': 'products.internal.example',
    'user-agent': rng.pick(['curl/8.5.0', 'catalog-web/2.14', 'Go-http-client/2.0']),
    cookie: `session=${rng.int(1e6, 9e6)}; theme=dark`,
  };
  if (rng.chance(0.95))
    headers.authorization = rng.chance(0.97) ? `Bearer ${token}` : `Basic ${b64url('user:pass')}`;
  return {
    attributes: {
      source: {
        address: {
          socketAddress: {
            address: rng.chance(0.7)
              ? `10.${rng.int(96, 111)}.${rng.int(0, 255)}.${rng.int(1, 254)}`
              : `192.0.2.${rng.int(1, 254)}`,
            portValue: rng.int(30000, 60000),
          },
        },
      },
      request: {
        http: {
          id: String(rng.int(1e9, 9e9)),
          method,
          path,
          headers,
          host: 'products.internal.example',
          protocol: 'HTTP/1.1',
        },
      },
    },
  };
}

const IMAGES = [
  'registry.corp.example/payments/api:1.42.0',
  'registry.corp.example/base/nginx:1.27',
  'ghcr.io/corp-example/checkout:2024.11.3',
  'mirror.platform.example/library/redis:7.2',
  'docker.io/library/busybox:1.36',
  'quay.io/prometheus/node-exporter:v1.8.2',
];
const NAMESPACES = ['payments', 'checkout', 'identity', 'staging', 'kube-system', 'data'];

function container(rng, name) {
  const trusted = rng.chance(0.85);
  const c = { name, image: trusted ? rng.pick(IMAGES.slice(0, 3)) : rng.pick(IMAGES.slice(3)) };
  if (rng.chance(0.08)) c.securityContext = { privileged: true };
  else if (rng.chance(0.5)) c.securityContext = { privileged: false, runAsNonRoot: true };
  if (rng.chance(0.9)) c.resources = { limits: { memory: rng.pick(['128Mi', '512Mi', '2Gi']), cpu: '500m' } };
  return c;
}

function admissionInput(rng) {
  const namespace = rng.pick(NAMESPACES);
  const spec = { containers: Array.from({ length: rng.int(1, 3) }, (_, i) => container(rng, `app-${i}`)) };
  if (rng.chance(0.2)) spec.initContainers = [container(rng, 'init')];
  if (rng.chance(0.1)) spec.hostNetwork = true;
  const name = `${rng.pick(['api', 'worker', 'cron', 'proxy'])}-${rng.int(100, 999)}`;
  return {
    kind: 'AdmissionReview',
    apiVersion: 'admission.k8s.io/v1',
    request: {
      uid: `${rng.int(1e7, 9e7)}-${rng.int(1000, 9999)}`,
      kind: { group: '', version: 'v1', kind: 'Pod' },
      operation: rng.weighted([
        ['CREATE', 6],
        ['UPDATE', 3],
      ]),
      namespace,
      userInfo: {
        username: rng.pick(['system:serviceaccount:ci:deployer', 'jane@corp.example']),
        groups: ['system:authenticated'],
      },
      object: { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace }, spec },
    },
  };
}

/**
 * `count` inputs of a family, seeded. `now` (milliseconds) dates the Envoy tokens: OPA checks
 * them against its own clock, so a capture passes the time it runs.
 */
export function corpusInputs(family, count, { seed = 1, now = Date.now() } = {}) {
  const rng = createRng(`${family}-${seed}`);
  const secret = JSON.parse(bundleFiles('envoy', 'base')['envoy/authz/data.json']).jwt_secret;
  const one = {
    httpapi: () => httpApiInput(rng),
    envoy: () => envoyInput(rng, now, secret),
    admission: () => admissionInput(rng),
  }[family];
  if (!one) throw new Error(`no corpus family ${family}`);
  return Array.from({ length: count }, one);
}

/**
 * Runs one variant of a family in a real `opa run --server` (`nd_builtin_cache: true`, the
 * family's mask policy, or `mask`), posts `inputs` to its decision path, and returns OPA's answers and the
 * decision events of its console log, in order.
 */
export async function captureCorpus({
  opa,
  dir,
  family,
  variant = 'base',
  inputs,
  revision = null,
  mask = null,
}) {
  const spec = FAMILIES[family];
  const files = bundleFiles(family, variant);
  const consoleFile = join(dir, 'console.log');
  const { answers } = await captureDecisionLogs({
    opa,
    dir,
    modules: {},
    files,
    roots: spec.roots,
    mask: mask ?? spec.mask,
    ndBuiltinCache: true,
    revision,
    console: consoleFile,
    posts: inputs.map((input) => ({ path: spec.decisionPath, input })),
  });
  // The raw lines too: JSON.parse rounds the clock's nanoseconds (beyond 2^53) in the cache.
  const lines = readFileSync(consoleFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"decision_id"'));
  return { answers, events: lines.map((line) => JSON.parse(line)), lines, consoleFile };
}
