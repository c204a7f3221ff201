import { civilFromDays, SECONDS_PER_DAY } from '../time/calendar.js';
import { instantNanos } from '../time/rfc3339.js';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * The one form human outputs write a time in (docs/drift.md, docs/cli.md): UTC, to the second, a space for
 * the `T` — `2026-11-29 22:41:29Z`, whatever offset and fraction the recorded text had. Text that
 * is no RFC 3339 instant comes back unchanged, so nothing recorded is hidden.
 */
export function utcTimeText(timestamp: string): string {
  const nanos = instantNanos(timestamp);
  if (nanos === null) return timestamp;
  const seconds = nanos / 1_000_000_000n - (nanos % 1_000_000_000n < 0n ? 1n : 0n);
  const days = Number(seconds / BigInt(SECONDS_PER_DAY) - (seconds % BigInt(SECONDS_PER_DAY) < 0n ? 1n : 0n));
  const ofDay = Number(seconds - BigInt(days) * BigInt(SECONDS_PER_DAY));
  const { year, month, day } = civilFromDays(days);
  const clock = `${pad(Math.floor(ofDay / 3600))}:${pad(Math.floor(ofDay / 60) % 60)}:${pad(ofDay % 60)}`;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)} ${clock}Z`;
}
