import { describe, expect, it } from 'vitest';
import { INVITE_PROGRAMME, invitePath, isInviteOpen, mailboxOf, normaliseInviteCode } from './invite';

describe('mailboxOf: the mailbox an address reaches', () => {
  it.each([
    ['Mario.Rossi@Example.it', 'mario.rossi@example.it'],
    [' mario+spesa@example.it ', 'mario@example.it'],
    ['m.a.rio.rossi+2@gmail.com', 'mariorossi@gmail.com'],
    ['MarioRossi@googlemail.com', 'mariorossi@gmail.com'],
    // dots matter outside Gmail
    ['mario.rossi@libero.it', 'mario.rossi@libero.it'],
    // a leading "+" is part of the name, not a tag
    ['+mario@example.it', '+mario@example.it'],
    ['no-at-sign', 'no-at-sign'],
  ])('%s -> %s', (email, mailbox) => expect(mailboxOf(email)).toBe(mailbox));
});

describe('invite codes', () => {
  it.each([
    ['AMICO-ABC234', 'AMICO-ABC234'],
    [' amico-abc234 ', 'AMICO-ABC234'],
    ['AMICO-ABC23', null],
    ['AMICO-ABC230', null],
    ['AMICO-ABCI23', null],
    ['BUONO-ABC234', null],
    ['', null],
  ])('%j -> %j', (raw, code) => expect(normaliseInviteCode(raw)).toBe(code));

  it('the link is a shop path with the code', () => {
    expect(invitePath('AMICO-ABC234')).toBe('/invito/AMICO-ABC234');
  });
});

describe('the programme is open to new friends until its last day', () => {
  it.each([
    [INVITE_PROGRAMME.endsOn, true],
    ['2026-11-26', true],
    ['2099-01-01', false],
  ])('%s -> %s', (day, open) => expect(isInviteOpen(day)).toBe(open));
});
