/**
 * The process's stdout and stderr as a command writes to them. A write that fails (stdout on a
 * full disk, a pipe closed early) must not end the run as an unhandled 'error' event with exit 1,
 * the "threshold crossed" code: the failure is remembered, and the entry point reports it in one
 * line with exit 2 (docs/cli.md "Exit codes").
 */
export interface ProcessOutput {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Resolves once everything written to stdout is flushed: the first write error, or null. */
  flushed(): Promise<NodeJS.ErrnoException | null>;
}

export function processOutput(
  out: NodeJS.WriteStream = process.stdout,
  err: NodeJS.WriteStream = process.stderr,
): ProcessOutput {
  let failure: NodeJS.ErrnoException | null = null;
  out.on('error', (error: NodeJS.ErrnoException) => {
    failure ??= error;
  });
  // Nowhere is left to report a failing stderr; it must not crash the run either.
  err.on('error', () => undefined);
  return {
    stdout: (text) => {
      if (failure === null) out.write(text);
    },
    stderr: (text) => {
      err.write(text);
    },
    flushed: () =>
      new Promise((resolve) => {
        if (failure !== null || out.destroyed) {
          resolve(failure);
          return;
        }
        out.write('', (error) => resolve(failure ?? (error as NodeJS.ErrnoException | null) ?? null));
      }),
  };
}

/** The one line printed when stdout could not be written. */
export function stdoutFailureMessage(error: NodeJS.ErrnoException): string {
  const why = error.code ? `${error.code}: ${error.message.replace(/^\w+: /, '')}` : error.message;
  return `policy-replay: cannot write to standard output (${why.replace(/[\r\n]+/g, ' ')}); nothing was printed in full — write the report with --out FILE instead\n`;
}
