import { describe, it, expect } from '@jest/globals';
import { renderReplayText } from '../../src/render/text.js';
import { report } from './fixtures.js';

describe('the text report of a decision-log sample', () => {
  it('says how many files, what was skipped, and where each malformed element is', () => {
    const r = report([]);
    r.meta.traffic = {
      path: 'logs/',
      sha256: 'd'.repeat(64),
      format: 'opa-decision-log',
      files: [
        { path: 'logs/a.log', sha256: 'e'.repeat(64), count: 30 },
        { path: 'logs/b.json.gz', sha256: 'f'.repeat(64), count: 12 },
      ],
    };
    r.meta.skipped = { non_decision: 20, other_path: 3 };
    r.result!.malformed = {
      count: 2,
      examples: [
        { file: 'logs/a.log', line: 7, reason: 'no input' },
        { file: 'logs/b.json.gz', index: 4, reason: 'decision_id: must be a non-empty string' },
      ],
    };
    const text = renderReplayText(r, { colour: false });
    expect(text).toContain('2 files in path order: logs/a.log … logs/b.json.gz');
    expect(text).toContain('OPA decision log: 20 other log lines and 3 decisions of other paths skipped');
    expect(text).toContain('  logs/a.log:7: no input');
    expect(text).toContain('  logs/b.json.gz:[4]: decision_id: must be a non-empty string');
  });

  it('a one-file sample of records reads as before', () => {
    const text = renderReplayText(report([]), { colour: false });
    expect(text).not.toContain('files in path order');
    expect(text).not.toContain('OPA decision log');
    expect(text).toContain('line 7: not JSON');
  });
});
