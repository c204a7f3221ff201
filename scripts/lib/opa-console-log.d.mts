/** Types of opa-console-log.mjs, for the tests that import it. */

export function decisionIdOf(requestId: string, i: number): string;

export function consoleLinesOf(record: Record<string, unknown>, i: number): [string, string, string];

export function writeConsoleDecisionLog(from: string, to: string): Promise<number>;
