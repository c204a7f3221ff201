/**
 * JSON whose numbers keep their exact value. OPA keeps every number of an input or a result
 * exactly (`time.now_ns()` alone is beyond 2^53), and two results must never compare equal because
 * JavaScript rounded them alike. Numbers parse to `ExactNumber`, holding the canonical decimal
 * form of the value, so `1`, `1.0` and `1e0` are one value, as they are to OPA.
 */

export class ExactNumber {
  /** Canonical: `-`? digits with no leading zero, then `e` and the exponent when it is not 0. */
  readonly value: string;
  constructor(readonly text: string) {
    this.value = canonicalNumber(text);
  }
}

export type ExactValue = null | boolean | string | ExactNumber | ExactValue[] | { [key: string]: ExactValue };

/** The canonical form of a JSON number's value: digits without leading or trailing zeros, an exponent. */
export function canonicalNumber(text: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (m === null) throw new SyntaxError(`not a JSON number: ${text}`);
  const [, sign, whole, fraction = '', exponent = '0'] = m;
  let digits = (whole! + fraction).replace(/^0+/, '');
  if (digits === '') return '0';
  let exp = BigInt(exponent) - BigInt(fraction.length);
  const trailing = /0*$/.exec(digits)![0].length;
  digits = digits.slice(0, digits.length - trailing);
  exp += BigInt(trailing);
  return `${sign}${digits}${exp === 0n ? '' : `e${exp}`}`;
}

export class ExactJsonError extends Error {
  constructor(
    /** What is wrong, without the place. */
    readonly reason: string,
    /** 0-based offset in the text. */
    readonly offset: number,
  ) {
    super(`${reason} at offset ${offset}`);
  }
}

/** Parses JSON text (RFC 8259), numbers as ExactNumber. Throws ExactJsonError. */
export function parseExactJson(text: string): ExactValue {
  let at = 0;
  const fail = (message: string): never => {
    throw new ExactJsonError(message, at);
  };
  const space = (): void => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++;
  };
  const string = (): string => {
    const start = at;
    at++; // the opening quote
    while (at < text.length && text[at] !== '"') {
      if (text[at] === '\\') at++;
      else if (text.charCodeAt(at) < 0x20) fail('a control character in a string');
      at++;
    }
    if (at >= text.length) fail('an unterminated string');
    at++;
    return JSON.parse(text.slice(start, at)) as string;
  };
  const value = (depth: number): ExactValue => {
    if (depth > 1000) fail('nesting deeper than 1000');
    space();
    const c = text[at];
    if (c === '{') {
      at++;
      const object: { [key: string]: ExactValue } = {};
      space();
      if (text[at] === '}') return (at++, object);
      for (;;) {
        space();
        if (text[at] !== '"') fail('expected a key');
        const key = string();
        space();
        if (text[at++] !== ':') fail('expected ":"');
        Object.defineProperty(object, key, {
          value: value(depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
        space();
        if (text[at] === ',') at++;
        else if (text[at] === '}') return (at++, object);
        else fail('expected "," or "}"');
      }
    }
    if (c === '[') {
      at++;
      const array: ExactValue[] = [];
      space();
      if (text[at] === ']') return (at++, array);
      for (;;) {
        array.push(value(depth + 1));
        space();
        if (text[at] === ',') at++;
        else if (text[at] === ']') return (at++, array);
        else fail('expected "," or "]"');
      }
    }
    if (c === '"') return string();
    for (const [word, v] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const)
      if (text.startsWith(word, at)) return ((at += word.length), v);
    const number = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(at, at + 4096));
    if (number === null) fail('unexpected character');
    at += number![0].length;
    return new ExactNumber(number![0]);
  };
  const result = value(0);
  space();
  if (at !== text.length) fail('text after the value');
  return result;
}

/** JSON text of an exact value: numbers as their original text, object keys in their order. */
export function stringifyExact(v: ExactValue): string {
  if (v instanceof ExactNumber) return v.text;
  if (Array.isArray(v)) return `[${v.map(stringifyExact).join(',')}]`;
  if (typeof v === 'object' && v !== null)
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}:${stringifyExact(x)}`)
      .join(',')}}`;
  return JSON.stringify(v);
}
