import { describe, it, expect } from '@jest/globals';
import { ACCEPT_USAGE, parseAcceptCommand } from '../../src/acceptance/command.js';

const HEX12 = '0123456789ab';
const HEX64 = '0123456789abcdef'.repeat(4);

describe('parseAcceptCommand', () => {
  it.each([
    ['12 hex', `/policy-replay accept ${HEX12}`, HEX12],
    ['64 hex', `/policy-replay accept ${HEX64}`, HEX64],
    ['uppercase hex, lowercased', '/policy-replay accept 0123456789AB', HEX12],
    ['mixed case', `/policy-replay accept ${HEX64.toUpperCase()}`, HEX64],
    ['trailing spaces', `/policy-replay accept ${HEX12}   `, HEX12],
    ['CRLF line end and more lines', `/policy-replay accept ${HEX12}\r\nthanks, intended`, HEX12],
    ['a bare CRLF', `/policy-replay accept ${HEX12}\r\n`, HEX12],
    ['several spaces or a tab between words', `/policy-replay   accept\t${HEX12}`, HEX12],
    ['a later line says anything', `/policy-replay accept ${HEX12}\n/policy-replay approve x`, HEX12],
  ])('accepts %s', (_what, body, prefix) => {
    expect(parseAcceptCommand(body)).toEqual({ kind: 'accept', prefix });
  });

  it.each([
    ['an empty body', ''],
    ['plain conversation', 'LGTM, this change is intended'],
    ['a longer command word', `/policy-replayed accept ${HEX12}`],
    ['a hyphenated longer word', `/policy-replay-bot accept ${HEX12}`],
    ['a mention mid-line', `please run /policy-replay accept ${HEX12}`],
    ['the command on the second line', `Looks good.\n/policy-replay accept ${HEX12}`],
    ['the command on the second line after CRLF', `Looks good.\r\n/policy-replay accept ${HEX12}`],
    ['another slash command', `/approve ${HEX12}`],
    ['a different case of the name', `/Policy-Replay accept ${HEX12}`],
  ])('ignores %s', (_what, body) => {
    expect(parseAcceptCommand(body)).toEqual({ kind: 'none' });
  });

  it.each([
    ['the name alone', '/policy-replay'],
    ['no digest', '/policy-replay accept'],
    ['no digest, trailing space', '/policy-replay accept '],
    ['11 hex', '/policy-replay accept 0123456789a'],
    ['65 hex', `/policy-replay accept ${HEX64}0`],
    ['non-hex', '/policy-replay accept 0123456789ag'],
    ['a 0x prefix', `/policy-replay accept 0x${HEX12}`],
    ['extra words', `/policy-replay accept ${HEX12} please`],
    ['two digests', `/policy-replay accept ${HEX12} ${HEX12}`],
    ['another verb', `/policy-replay approve ${HEX12}`],
    ['the verb in capitals', `/policy-replay ACCEPT ${HEX12}`],
    ['the digest glued to the verb', `/policy-replay accept${HEX12}`],
  ])('refuses %s as malformed', (_what, body) => {
    expect(parseAcceptCommand(body)).toEqual({ kind: 'malformed' });
  });

  it('names the command in its usage', () => {
    expect(ACCEPT_USAGE).toContain('/policy-replay accept');
  });
});
