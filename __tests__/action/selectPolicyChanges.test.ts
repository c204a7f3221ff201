import { describe, expect, it } from '@jest/globals';
import { selectPolicyChanges } from '../../src/action/pullRequest.js';

const GLOBS = ['policies/**/*.{json,yaml,yml}'];

describe('selectPolicyChanges', () => {
  it('keeps added, modified and removed policy files, sorted, and ignores the rest', () => {
    expect(
      selectPolicyChanges(
        [
          { filename: 'policies/b.yaml', status: 'modified' },
          { filename: 'README.md', status: 'modified' },
          { filename: 'policies/a.json', status: 'added' },
          { filename: 'policies/c.yml', status: 'removed' },
          { filename: 'policies/d.yaml', status: 'unchanged' },
        ],
        GLOBS,
      ),
    ).toEqual([
      { path: 'policies/a.json', status: 'added', previousPath: null },
      { path: 'policies/b.yaml', status: 'modified', previousPath: null },
      { path: 'policies/c.yml', status: 'removed', previousPath: null },
    ]);
  });

  it('a rename inside the globs compares against the old name', () => {
    expect(
      selectPolicyChanges(
        [{ filename: 'policies/new.yaml', status: 'renamed', previous_filename: 'policies/old.yaml' }],
        GLOBS,
      ),
    ).toEqual([{ path: 'policies/new.yaml', status: 'renamed', previousPath: 'policies/old.yaml' }]);
  });

  it('a move into the globs is a new policy and a move out of them a deleted one', () => {
    expect(
      selectPolicyChanges(
        [
          { filename: 'policies/open.yaml', status: 'renamed', previous_filename: 'drafts/open.yaml' },
          { filename: 'archive/gone.yaml', status: 'renamed', previous_filename: 'policies/gone.yaml' },
        ],
        GLOBS,
      ),
    ).toEqual([
      { path: 'policies/gone.yaml', status: 'removed', previousPath: null },
      { path: 'policies/open.yaml', status: 'added', previousPath: null },
    ]);
  });

  it('never skips a policy whose directory name holds a line break', () => {
    expect(selectPolicyChanges([{ filename: 'policies/a\nb/c.yaml', status: 'added' }], GLOBS)).toHaveLength(
      1,
    );
  });
});
