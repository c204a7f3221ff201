import { describe, it, expect } from '@jest/globals';
import { progressReporter } from '../../src/cli/progress.js';

describe('the progress indicator', () => {
  it('writes to a terminal stderr after the delay and clears itself at the end', () => {
    let stderr = '';
    const progress = progressReporter({ stderr: (t) => (stderr += t), stderrIsTTY: true }, 0);
    progress.update(12_345);
    expect(stderr).toMatch(/replaying… 12,345 records/);
    progress.done();
    expect(stderr.endsWith('\r\u001b[2K')).toBe(true);
  });

  it('stays silent off a terminal and during the first moment', () => {
    let stderr = '';
    const offTty = progressReporter({ stderr: (t) => (stderr += t), stderrIsTTY: false }, 0);
    offTty.update(1);
    offTty.done();
    const quick = progressReporter({ stderr: (t) => (stderr += t), stderrIsTTY: true }, 60_000);
    quick.update(1);
    quick.done();
    expect(stderr).toBe('');
  });
});
