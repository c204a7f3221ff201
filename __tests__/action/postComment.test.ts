import { describe, expect, it } from '@jest/globals';
import {
  CommentArtifactError,
  MAX_COMMENT_FILE_BYTES,
  commentBodyFromBytes,
  parsePullRequestNumber,
  sourceRunOf,
} from '../../src/action/postComment.js';
import type { RunContext } from '../../src/action/context.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('parsePullRequestNumber (untrusted artifact)', () => {
  it.each([
    ['42', 42],
    ['42\n', 42],
    [' 7 \r\n', 7],
    ['2147483647', 2147483647],
  ])('reads %j as %d', (text, n) => {
    expect(parsePullRequestNumber(text, 'pr-number')).toBe(n);
  });

  it.each([
    '',
    '0',
    '-1',
    '42abc',
    '4 2',
    '1e3',
    '0x2a',
    '042',
    '2147483648',
    '42\nfoo=bar',
    '::error::x',
    '٤٢',
  ])('refuses %j without echoing it', (text) => {
    expect(() => parsePullRequestNumber(text, 'pr-number')).toThrow(CommentArtifactError);
    try {
      parsePullRequestNumber(text, 'pr-number');
    } catch (error) {
      if (text.length > 2) expect((error as Error).message).not.toContain(text);
    }
  });
});

describe('commentBodyFromBytes (untrusted artifact)', () => {
  it('keeps a rendered body as it is', () => {
    const body = '## ✅ policy-replay: pass\n\n| a | b |\n|---|---|\n| `x` | 1 |\n';
    expect(commentBodyFromBytes(bytes(body), 'c.md')).toBe(body);
  });

  it('removes every policy-replay marker, whatever its id, so no other comment can be claimed', () => {
    const body =
      '<!-- policy-replay:comment -->\nhello <!-- policy-replay:comment:security -->\n<!--policy-replay:drift:policies/a.yaml-->end';
    expect(commentBodyFromBytes(bytes(body), 'c.md')).toBe('\nhello \nend');
  });

  it('refuses an unterminated marker', () => {
    expect(() => commentBodyFromBytes(bytes('x <!-- policy-replay:comment:other'), 'c.md')).toThrow(
      /malformed policy-replay marker/,
    );
  });

  it('refuses bytes that are not UTF-8 and control characters no rendered comment has', () => {
    expect(() => commentBodyFromBytes(new Uint8Array([0x68, 0xff, 0x69]), 'c.md')).toThrow(/not UTF-8/);
    expect(() => commentBodyFromBytes(bytes('a\u0000b'), 'c.md')).toThrow(/control characters/);
    expect(() => commentBodyFromBytes(bytes('a\u001b[31mb'), 'c.md')).toThrow(/control characters/);
    expect(commentBodyFromBytes(bytes('a\tb\r\nc'), 'c.md')).toBe('a\tb\r\nc');
  });

  it('refuses a body longer than a comment can be, counted in code points', () => {
    expect(() => commentBodyFromBytes(bytes('😀'.repeat(65_500)), 'c.md')).toThrow(/more than a comment can/);
    expect(commentBodyFromBytes(bytes('😀'.repeat(65_000)), 'c.md')).toHaveLength(130_000);
    expect(MAX_COMMENT_FILE_BYTES).toBe(65_536 * 4);
  });
});

describe('sourceRunOf', () => {
  const context = (eventName: string, event: Record<string, unknown>) => ({ eventName, event }) as RunContext;
  const sha = 'a'.repeat(40);

  it('reads the run that triggered a workflow_run event', () => {
    expect(
      sourceRunOf(
        context('workflow_run', {
          workflow_run: { id: 9, event: 'pull_request', head_sha: sha, head_branch: 'topic' },
        }),
      ),
    ).toEqual({ id: 9, event: 'pull_request', headSha: sha, headBranch: 'topic' });
  });

  it('refuses any other event and a payload without a head commit', () => {
    expect(() => sourceRunOf(context('pull_request', {}))).toThrow(/runs on the workflow_run event/);
    expect(() => sourceRunOf(context('workflow_run', { workflow_run: { head_sha: 'main' } }))).toThrow(
      /names no head commit/,
    );
  });
});
