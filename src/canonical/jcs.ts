import { createHash } from 'node:crypto';

/**
 * RFC 8785 JSON Canonicalization Scheme (JCS).
 *
 * JCS is defined on I-JSON: the ECMAScript `JSON.stringify` rules for numbers and strings, with
 * object members sorted by the UTF-16 code units of their names. Written here rather than taken
 * from a library because it is ~80 lines, every hash the project computes depends on it, and the
 * RFC's vectors pin it down (see __tests__/canonical/jcs.test.ts).
 */

export type CanonicalJsonErrorKind = 'lone_surrogate' | 'non_finite_number' | 'unsupported_type' | 'cycle';

/** Thrown when a value has no canonical JSON form. `path` is where, dotted with `[i]` (root is ""). */
export class CanonicalJsonError extends Error {
  override readonly name = 'CanonicalJsonError';
  constructor(
    readonly kind: CanonicalJsonErrorKind,
    readonly path: string,
    message: string,
  ) {
    super(path === '' ? message : `${path}: ${message}`);
  }
}

/** Returns the RFC 8785 canonical JSON text of `value`. Throws {@link CanonicalJsonError}. */
export function canonicalize(value: unknown): string {
  const parts: string[] = [];
  write(value, '', parts, new Set());
  return parts.join('');
}

/** Lowercase hex SHA-256 of the UTF-8 bytes of `canonicalize(value)`. */
export function sha256Canonical(value: unknown): string {
  return createHash('sha256').update(canonicalize(value), 'utf8').digest('hex');
}

function write(value: unknown, path: string, out: string[], open: Set<object>): void {
  if (value === null) {
    out.push('null');
    return;
  }
  switch (typeof value) {
    case 'boolean':
      out.push(value ? 'true' : 'false');
      return;
    case 'number':
      out.push(serializeNumber(value, path));
      return;
    case 'string':
      out.push(serializeString(value, path));
      return;
    case 'object':
      break;
    default:
      throw new CanonicalJsonError('unsupported_type', path, `${typeof value} has no JSON form`);
  }

  const object = value as object;
  if (open.has(object)) throw new CanonicalJsonError('cycle', path, 'value contains a cycle');
  open.add(object);
  if (Array.isArray(object)) {
    out.push('[');
    object.forEach((item: unknown, index) => {
      if (index > 0) out.push(',');
      write(item, `${path}[${index}]`, out, open);
    });
    out.push(']');
  } else {
    const proto: unknown = Object.getPrototypeOf(object);
    // Plain means "made by {} or Object.create(null)" in any realm (structuredClone, vm and
    // workers hand out another realm's Object.prototype). A Date, Map or class instance would
    // silently serialise as something else (or `{}`), so it is refused.
    if (proto !== null && Object.getPrototypeOf(proto) !== null) {
      throw new CanonicalJsonError(
        'unsupported_type',
        path,
        'only plain objects and arrays have a JSON form',
      );
    }
    // Default sort compares UTF-16 code units, which is exactly RFC 8785 §3.2.3.
    const keys = Object.keys(object).sort();
    out.push('{');
    let first = true;
    for (const key of keys) {
      const member: unknown = (object as Record<string, unknown>)[key];
      const memberPath = path === '' ? key : `${path}.${key}`;
      if (member === undefined) {
        throw new CanonicalJsonError('unsupported_type', memberPath, 'undefined has no JSON form');
      }
      if (!first) out.push(',');
      first = false;
      out.push(serializeString(key, memberPath), ':');
      write(member, memberPath, out, open);
    }
    out.push('}');
  }
  open.delete(object);
}

function serializeNumber(value: number, path: string): string {
  if (!Number.isFinite(value)) {
    throw new CanonicalJsonError('non_finite_number', path, `${String(value)} is not a JSON number`);
  }
  // ECMAScript Number::toString is the RFC 8785 §3.2.2.3 algorithm; it already prints -0 as "0".
  return String(value);
}

function serializeString(value: string, path: string): string {
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      throw loneSurrogate(path, unit, i);
    }
    if (unit >= 0xdc00 && unit <= 0xdfff) throw loneSurrogate(path, unit, i);
  }
  // With no lone surrogates, JSON.stringify escapes exactly as RFC 8785 §3.2.2.2 asks:
  // \b \t \n \f \r \" \\ , other controls as lowercase \u00xx, everything else literal.
  return JSON.stringify(value);
}

function loneSurrogate(path: string, unit: number, index: number): CanonicalJsonError {
  const hex = unit.toString(16).padStart(4, '0');
  return new CanonicalJsonError(
    'lone_surrogate',
    path,
    `lone surrogate \\u${hex} at index ${index} in a string`,
  );
}
