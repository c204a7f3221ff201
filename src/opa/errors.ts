/** The OPA toolchain is missing or failed: the CLI exits 3 on these. */
export class OpaToolchainError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'OpaToolchainError';
  }
}

/**
 * `opa build` ran past its time limit and was killed. Not a toolchain failure: the policy asked
 * for more than the limit allows, so it is reported as a problem of the policy (exit 2).
 */
export class OpaTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`opa build did not finish within ${timeoutMs / 1000} s and was stopped`);
    this.name = 'OpaTimeoutError';
  }
}
