import { describe, expect, it } from 'vitest';
import { maskDeep, maskedError, maskPersonalData } from './log-mask';

describe('personal data kept out of the logs', () => {
  it.each([
    ['/ebsn/api/auth/check?email=mario.rossi@spesa.demo', '/ebsn/api/auth/check?email=[email]'],
    ['login failed for Giulia.Bianchi+shop@example.co.uk', 'login failed for [email]'],
    ['card 4242 4242 4242 4242 declined', 'card [card] declined'],
    ['card 4000-0000-0000-0002', 'card [card]'],
    ['/ebsn/api/card/2800000012345', '/ebsn/api/card/[card]'],
    ['codice fiscale RSSMRA85T10A562S', 'codice fiscale [fiscal-code]'],
    ['cf rssmra85t10a562s', 'cf [fiscal-code]'],
    ['omocodia RSSMRA85T10A56NS', 'omocodia [fiscal-code]'],
  ])('%s', (text, masked) => {
    expect(maskPersonalData(text)).toBe(masked);
  });

  it('leaves ids, amounts, dates and routes as they are', () => {
    for (const text of [
      '/ebsn/api/orders/123456/view',
      'order 98765 total 12345 cents',
      '2026-11-29T12:00:00.000Z',
      '/ebsn/api/products?category_id=1200&page=2',
      'scheduled job failed',
    ])
      expect(maskPersonalData(text)).toBe(text);
  });

  it('masks the strings of a record at any depth, and an error with its stack and detail', () => {
    expect(maskDeep({ to: 'a.b@c.it', nested: { list: ['x', 'RSSMRA85T10A562S'] }, n: 1 })).toEqual({
      to: '[email]',
      nested: { list: ['x', '[fiscal-code]'] },
      n: 1,
    });
    const err = Object.assign(new Error('duplicate key for mario@spesa.demo'), {
      detail: 'Key (email)=(mario@spesa.demo) already exists.',
      code: '23505',
    });
    const masked = maskedError(err) as Record<string, string>;
    expect(masked.message).toBe('duplicate key for [email]');
    expect(masked.detail).toBe('Key (email)=([email]) already exists.');
    expect(masked.stack).not.toContain('mario@spesa.demo');
    expect(masked.code).toBe('23505');
  });
});
