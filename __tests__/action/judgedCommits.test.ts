import { describe, expect, it } from '@jest/globals';
import { mergeCommitPair } from '../../src/action/judgedCommits.js';

const TIP = 'a'.repeat(40);
const HEAD = 'b'.repeat(40);
const MERGE = 'c'.repeat(40);

describe('mergeCommitPair', () => {
  it('judges a merge of the pull request head against its first parent, the base tip', () => {
    expect(mergeCommitPair({ sha: MERGE, parents: [TIP, HEAD] }, HEAD)).toEqual({
      against: 'base-tip',
      base: TIP,
      head: MERGE,
    });
  });

  it('has no pair for a checkout that is not a merge of that head', () => {
    expect(mergeCommitPair(null, HEAD)).toBeNull();
    expect(mergeCommitPair({ sha: HEAD, parents: [TIP] }, HEAD)).toBeNull();
    // A merge of something else, or with the head first, is not the pull request's merge.
    expect(mergeCommitPair({ sha: MERGE, parents: [TIP, 'd'.repeat(40)] }, HEAD)).toBeNull();
    expect(mergeCommitPair({ sha: MERGE, parents: [HEAD, TIP] }, HEAD)).toBeNull();
    expect(mergeCommitPair({ sha: MERGE, parents: [TIP, HEAD, 'd'.repeat(40)] }, HEAD)).toBeNull();
  });
});
