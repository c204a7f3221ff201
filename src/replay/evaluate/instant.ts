import { instantNanos } from '../../time/rfc3339.js';

const instantCache = new Map<string, bigint | null>();

/** A record's occurred_at as an instant (nanoseconds since the epoch), parsed once per text. */
export function instantOf(occurredAt: string | null): bigint | null {
  if (occurredAt === null) return null;
  let cached = instantCache.get(occurredAt);
  if (cached === undefined) {
    cached = instantNanos(occurredAt);
    if (instantCache.size > 10_000) instantCache.clear();
    instantCache.set(occurredAt, cached);
  }
  return cached;
}
