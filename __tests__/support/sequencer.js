// Jest testSequencer (jest.config.js). Jest starts the suites it has timings for slowest first,
// and the rest by file size. A fresh clone has no timings, and file size says little here: the
// slowest suites (worker-thread replays, property runs, whole Action runs) are short files of the
// e2e and conformance projects, which then start last and leave one core idle at the end. Suites
// without a timing start by project instead, the costliest project first, then by file size.
import TestSequencer from '@jest/test-sequencer';

const COSTLIEST_FIRST = ['conformance', 'e2e', 'opa', 'unit'];

function rankOf(test) {
  const rank = COSTLIEST_FIRST.indexOf(test.context.config.displayName?.name ?? '');
  return rank === -1 ? COSTLIEST_FIRST.length : rank;
}

export default class CostliestProjectFirst extends TestSequencer {
  sort(tests) {
    // Jest's order: failed last time first, then suites without a timing, then the slowest.
    const ordered = super.sort(tests);
    const position = new Map(ordered.map((test, i) => [test, i]));
    const untimed = (test) => test.duration == null && !this.hasFailed(test);
    return [...ordered].sort((a, b) => {
      if (untimed(a) && untimed(b)) return rankOf(a) - rankOf(b) || position.get(a) - position.get(b);
      return position.get(a) - position.get(b);
    });
  }
}
