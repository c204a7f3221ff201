/** A policy could not be evaluated on one input (a builtin failed, the module trapped). */
export class EvaluationError extends Error {
  constructor(
    readonly policy: string,
    readonly requestId: string | undefined,
    readonly failure: unknown,
  ) {
    super(
      `evaluating ${policy}${requestId !== undefined ? ` on request ${JSON.stringify(requestId)}` : ''} failed: ${describe(failure)}`,
    );
    this.name = 'EvaluationError';
  }
}

function describe(cause: unknown): string {
  if (cause instanceof Error) return cause.message;
  if (typeof cause === 'object' && cause !== null && 'message' in cause) return String(cause.message);
  return String(cause);
}
