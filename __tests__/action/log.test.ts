import { describe, expect, it } from '@jest/globals';
import { safeLogLine } from '../../src/action/log.js';
import { runnerCommands } from '../support/runnerCommands.js';

describe('safeLogLine', () => {
  it('never lets a path start a workflow command', () => {
    const path = 'policies/x\n::warning title=t::All verified\r\n::stop-commands::deadbeef\n.yaml';
    const line = safeLogLine(`${path}: replaying traffic/x.jsonl`);
    expect(line.split(/\r|\n/)).toHaveLength(1);
    expect(line).toBe(
      'policies/x␤::warning title=t::All verified␤::stop-commands::deadbeef␤.yaml: replaying traffic/x.jsonl',
    );
    // Indenting is not enough: the runner trims leading whitespace before looking for `::`.
    expect(runnerCommands(safeLogLine('::error::x'))).toEqual([]);
    expect(runnerCommands(safeLogLine('  ::error::x'))).toEqual([]);
    expect(runnerCommands(safeLogLine('policies/##[error]x.yaml'))).toEqual([]);
    expect(safeLogLine('a\u2028::b')).toBe('a␤::b');
  });
});
