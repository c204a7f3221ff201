import { SECONDS_PER_DAY, civilFromDays } from '../time/calendar.js';
import { instantNanos } from '../time/rfc3339.js';

/**
 * Every time a person reads (comment, job summary, issue, terminal) in one form: UTC, to the
 * second, `2026-11-29 22:41:29Z` (docs/action.md "The comment"). Fractional seconds are dropped — cut,
 * never rounded, so a time never moves into a second that had not begun — because a reviewer
 * compares minutes and seconds, and the JSON report keeps the exact value. An offset is converted
 * to UTC. `null` (no time recorded) reads `—`; text that is no RFC 3339 instant is returned as it
 * is, for the caller to escape like any other value.
 */
export function humanTime(text: string | null): string {
  if (text === null) return '—';
  const nanos = instantNanos(text);
  if (nanos === null) return text;
  const seconds = Number(nanos / 1_000_000_000n - (nanos < 0n && nanos % 1_000_000_000n !== 0n ? 1n : 0n));
  const days = Math.floor(seconds / SECONDS_PER_DAY);
  const inDay = seconds - days * SECONDS_PER_DAY;
  const { year, month, day } = civilFromDays(days);
  const two = (value: number) => String(value).padStart(2, '0');
  const hh = two(Math.floor(inDay / 3600));
  const mm = two(Math.floor((inDay % 3600) / 60));
  const ss = two(inDay % 60);
  const yyyy = year < 0 ? `-${String(-year).padStart(4, '0')}` : String(year).padStart(4, '0');
  return `${yyyy}-${two(month)}-${two(day)} ${hh}:${mm}:${ss}Z`;
}
