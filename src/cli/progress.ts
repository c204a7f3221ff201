/**
 * A progress line on stderr for long replays: shown only on a terminal, only after the replay has
 * run for a moment, and cleared at the end so it never mixes with the report.
 */
export function progressReporter(io: { stderr: (t: string) => void; stderrIsTTY: boolean }, delayMs = 750) {
  const started = Date.now();
  let shown = false;
  let last = 0;
  return {
    update(records: number) {
      if (!io.stderrIsTTY) return;
      const now = Date.now();
      if (now - started < delayMs || now - last < 100) return;
      last = now;
      shown = true;
      const rate = Math.round(records / ((now - started) / 1000));
      io.stderr(
        `\r\u001b[2Kreplaying… ${records.toLocaleString('en-US')} records (${rate.toLocaleString('en-US')}/s)`,
      );
    },
    done() {
      if (shown) io.stderr('\r\u001b[2K');
    },
  };
}
