/**
 * The field vocabulary of docs/policy.md, classified once so the generator, the reference evaluator
 * and the replay's availability check all read the same table.
 */
export type CallField = 'tool' | 'method' | 'resource_uri' | 'prompt';

export type FieldKind =
  | { kind: 'call'; name: CallField }
  | { kind: 'argument'; path: string[] }
  | { kind: 'http'; name: 'path' | 'host' | 'method' }
  | { kind: 'is_batch' }
  | { kind: 'unparsable_calls' }
  | { kind: 'identity'; name: 'subject' | 'issuer' }
  | { kind: 'group' }
  | { kind: 'tag' }
  | { kind: 'attribute'; name: string }
  | { kind: 'claim'; path: string[] };

/** Parses a field that already matched FIELD_PATTERN. */
export function classifyField(field: string): FieldKind {
  const colon = field.indexOf(':');
  if (colon >= 0) {
    const prefix = field.slice(0, colon);
    const rest = field.slice(colon + 1);
    if (prefix === 'attribute') return { kind: 'attribute', name: rest };
    if (prefix === 'claim') return { kind: 'claim', path: rest.split('.') };
    return { kind: 'argument', path: rest.split('.') };
  }
  switch (field) {
    case 'tool':
    case 'method':
    case 'resource_uri':
    case 'prompt':
      return { kind: 'call', name: field };
    case 'http_path':
      return { kind: 'http', name: 'path' };
    case 'http_host':
      return { kind: 'http', name: 'host' };
    case 'http_method':
      return { kind: 'http', name: 'method' };
    case 'is_batch':
      return { kind: 'is_batch' };
    case 'unparsable_calls':
      return { kind: 'unparsable_calls' };
    case 'subject':
    case 'issuer':
      return { kind: 'identity', name: field };
    case 'group':
      return { kind: 'group' };
    case 'tag':
      return { kind: 'tag' };
    default:
      throw new Error(`classifyField: not a policy field: ${field}`);
  }
}

/** Caller fields need a verified token (docs/policy.md "Missing context"). */
export function isCallerField(kind: FieldKind): boolean {
  return (
    kind.kind === 'identity' ||
    kind.kind === 'group' ||
    kind.kind === 'tag' ||
    kind.kind === 'attribute' ||
    kind.kind === 'claim'
  );
}

/** Directory fields additionally need `attributes_resolved`. */
export function isDirectoryField(kind: FieldKind): boolean {
  return kind.kind === 'group' || kind.kind === 'tag' || kind.kind === 'attribute';
}

/**
 * Where a field lives in the OPA input (docs/policy.md "Fields"), as path segments: from `input` for
 * request and caller fields, from the call for call fields. The generator and the replay's
 * decision cache both read this one table, so they cannot disagree on what a policy reads.
 */
export function inputPathOf(kind: FieldKind): { base: 'input' | 'call'; path: string[] } {
  switch (kind.kind) {
    case 'call':
      return { base: 'call', path: [kind.name] };
    case 'argument':
      return { base: 'input', path: ['request', 'mcp', 'arguments', ...kind.path] };
    case 'http':
      return { base: 'input', path: ['request', 'http', kind.name] };
    case 'is_batch':
      return { base: 'input', path: ['request', 'jsonrpc', 'is_batch'] };
    case 'unparsable_calls':
      return { base: 'input', path: ['request', 'jsonrpc', 'unparsable_calls'] };
    case 'identity':
      return { base: 'input', path: ['identity', kind.name] };
    case 'group':
      return { base: 'input', path: ['identity', 'groups'] };
    case 'tag':
      return { base: 'input', path: ['identity', 'tags'] };
    case 'attribute':
      return { base: 'input', path: ['identity', 'attributes', kind.name] };
    case 'claim':
      return { base: 'input', path: ['identity', 'claims', ...kind.path] };
  }
}
