/** One problem found in a policy file, located for an editor and for a GitHub annotation. */
export interface PolicyProblem {
  file: string;
  /** JSON path in the document, e.g. `rules[2].conditions[0].field`; `""` for the whole document. */
  path: string;
  /** 1-based line and column in the file. */
  line: number;
  column: number;
  message: string;
  severity: 'error' | 'warning';
}

/** `file:line:column: path: message`, the form editors and CI logs link. */
export function formatProblem(problem: PolicyProblem): string {
  const where = problem.path === '' ? '(document)' : problem.path;
  return `${problem.file}:${problem.line}:${problem.column}: ${problem.severity}: ${where}: ${problem.message}`;
}

export function sortProblems(problems: PolicyProblem[]): PolicyProblem[] {
  return [...problems].sort(
    (a, b) =>
      a.line - b.line ||
      a.column - b.column ||
      (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) ||
      (a.message < b.message ? -1 : a.message > b.message ? 1 : 0),
  );
}
