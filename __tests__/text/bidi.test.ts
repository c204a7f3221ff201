import { describe, expect, it } from '@jest/globals';
import { escapeBidiControls, humanText, isBidiControl } from '../../src/text/bidi.js';
import { inertJson } from '../../src/text/workflowCommands.js';
import { escapeHtmlText, escapeMarkdown } from '../../src/render/escape.js';
import { inert } from '../../src/action/annotations.js';

/** Every code point, as Unicode's own Bidi_Control property (the regex engine's table) has it. */
function* codePoints(): Generator<string> {
  for (let cp = 0; cp <= 0x10ffff; cp++) if (cp < 0xd800 || cp > 0xdfff) yield String.fromCodePoint(cp);
}
const UNICODE_BIDI = /^\p{Bidi_Control}$/u;
const BIDI = [...codePoints()].filter((ch) => UNICODE_BIDI.test(ch));

describe('the bidi controls', () => {
  it('are exactly the Bidi_Control property: each becomes U+FFFD in human text, nothing else changes', () => {
    expect(BIDI).toHaveLength(12);
    const changed: string[] = [];
    for (const ch of codePoints()) {
      const bidi = UNICODE_BIDI.test(ch);
      if (isBidiControl(ch.codePointAt(0)!) !== bidi || humanText(ch) !== (bidi ? '\ufffd' : ch)) {
        changed.push(`U+${ch.codePointAt(0)!.toString(16)}`);
      }
    }
    expect(changed).toEqual([]);
  });

  it('keep JSON exact: written as escapes, parsed back to the same values', () => {
    const value = { tool: `write${BIDI.join('')}file`, ['key\u202e']: ['\u2066', '##[x]'] };
    const text = inertJson(JSON.stringify(value, null, 2));
    expect([...text].filter((ch) => UNICODE_BIDI.test(ch))).toEqual([]);
    expect(JSON.parse(text)).toEqual(value);
    expect(escapeBidiControls('plain')).toBe('plain');
  });

  it('show as U+FFFD wherever a renderer escapes a value: markdown, HTML, annotations', () => {
    for (const ch of BIDI) {
      expect(escapeMarkdown(`a${ch}b`)).toBe('a\ufffdb');
      expect(escapeHtmlText(`a${ch}b`)).toBe('a\ufffdb');
      expect(inert(`a${ch}b`)).toBe('a\ufffdb');
    }
  });
});
