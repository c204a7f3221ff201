/**
 * Makes a value from traffic inert in GitHub-flavoured markdown while keeping it readable (a
 * request id such as `req-7f3a` or a time stays as it is). Inside the inline contexts where values
 * appear (table cells, headings, list items), only these characters can start markup:
 * - `\`, `` ` ``, `*`, `_`, `[`, `]`, `(`, `)`, `|`, `~`, `$`, `#`, `!` (escapes, code, emphasis,
 *   links and images, table cells, strikethrough, math, headings) are backslash-escaped;
 * - `<`, `>`, `&` become entities, so no HTML or entity reaches the renderer;
 * - `@`, `#` before a digit, `://` and `www.` get a zero-width space, so GitHub's mention,
 *   issue-reference and autolink parsers never see them whole;
 * - line breaks become spaces, other control characters and every bidi control (src/text/bidi.ts)
 *   become U+FFFD.
 */
import { humanText, isBidiControl } from '../text/bidi.js';

const ZWSP = '\u200b';
const MAX_VALUE = 200;

export function escapeMarkdown(value: string, maxLength = MAX_VALUE): string {
  let text = value;
  if ([...text].length > maxLength) text = `${[...text].slice(0, maxLength - 1).join('')}…`;
  text = text
    .replace(/:\/\//g, `:${ZWSP}//`)
    .replace(/(www)\./gi, `$1${ZWSP}.`)
    .replace(/@/g, `@${ZWSP}`)
    .replace(/#(?=[0-9])/g, `#${ZWSP}`)
    .replace(/\b(GH)-(?=[0-9])/gi, `$1-${ZWSP}`);
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '&') out += '&amp;';
    else if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else if (ch === '\n' || ch === '\r' || ch === '\u2028' || ch === '\u2029') out += ' ';
    else if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0)) out += '\ufffd';
    else if (isBidiControl(code)) out += '\ufffd';
    else if ('\\`*_[]()|~$#!'.includes(ch)) out += `\\${ch}`;
    else out += ch;
  }
  return out;
}

/** A value shown in a table cell; `null` shows as an em dash. */
export function cell(value: string | null | undefined): string {
  return value === null || value === undefined || value === '' ? '—' : escapeMarkdown(value);
}

/**
 * A value inside an HTML block (`<summary>…</summary>`), where markdown escapes would show as
 * backslashes: entities for what HTML reads, and the same zero-width spaces against mentions,
 * issue references and autolinks.
 */
export function escapeHtmlText(value: string, maxLength = MAX_VALUE): string {
  let text = value;
  if ([...text].length > maxLength) text = `${[...text].slice(0, maxLength - 1).join('')}…`;
  return humanText(
    text
      .replace(/:\/\//g, `:${ZWSP}//`)
      .replace(/(www)\./gi, `$1${ZWSP}.`)
      .replace(/@/g, `@${ZWSP}`)
      .replace(/#(?=[0-9])/g, `#${ZWSP}`)
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/[\r\n\u2028\u2029]/g, ' ')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, '\ufffd'),
  );
}
