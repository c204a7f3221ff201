/**
 * Makes a value from traffic inert in GitHub-flavoured markdown: it can never open HTML, a link,
 * an autolink, an image, a mention, a table cell, code or emphasis. Every ASCII punctuation mark
 * is backslash-escaped (CommonMark allows escaping any of them), HTML-significant characters become
 * entities, line breaks and bidi controls are neutralised, and `@`, `://` and `www.` get a
 * zero-width space so GitHub's autolinker and mention parser never see them whole.
 */
const ZWSP = '\u200b';
const MAX_VALUE = 200;

export function escapeMarkdown(value: string, maxLength = MAX_VALUE): string {
  let text = value;
  if ([...text].length > maxLength) text = `${[...text].slice(0, maxLength - 1).join('')}…`;
  text = text.replace(/:\/\//g, `:${ZWSP}//`).replace(/(www)\./gi, `$1${ZWSP}.`);
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '&') out += '&amp;';
    else if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else if (ch === '"') out += '&quot;';
    else if (ch === "'") out += '&#39;';
    else if (ch === '@') out += `\\@${ZWSP}`;
    else if (ch === '\n' || ch === '\r' || ch === '\u2028' || ch === '\u2029') out += ' ';
    else if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0)) out += '\ufffd';
    else if (
      (code >= 0x202a && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069) ||
      code === 0x200e ||
      code === 0x200f
    )
      out += '\ufffd';
    else if (/[!-/:-?[-`{-~]/.test(ch)) out += `\\${ch}`;
    else out += ch;
  }
  return out;
}

/** A value shown in a table cell; `null` shows as an em dash. */
export function cell(value: string | null | undefined): string {
  return value === null || value === undefined || value === '' ? '—' : escapeMarkdown(value);
}
