import { describe, expect, it } from 'vitest';
import { checkRefund } from './order-payment';

describe('the refund dialog checks what the API checks, in Italian', () => {
  const key = 'b6a1c7d0-1f0e-4a53-9d3e-2a7a9c1d0e11';
  it.each([
    ['12,50', 'Yogurt scaduto', 12.5],
    ['12.5', 'Yogurt scaduto', 12.5],
    ['0,01', 'Sacchetto mancante', 0.01],
  ])('takes %s with a reason', (amount, reason, euros) => {
    expect(checkRefund(amount, reason, key)).toEqual({
      ok: true,
      body: { amount: euros, reason, idempotencyKey: key },
    });
  });
  it.each([
    ['', 'Yogurt scaduto', 'amount', /maggiore di zero/],
    ['0', 'Yogurt scaduto', 'amount', /maggiore di zero/],
    ['abc', 'Yogurt scaduto', 'amount', /importo in euro/],
    ['5', '  ', 'reason', /motivo del rimborso/],
    ['5', 'ok', 'reason', /motivo del rimborso/],
  ])('refuses %s / "%s" on %s', (amount, reason, field, text) => {
    const checked = checkRefund(amount, reason, key);
    expect(checked.ok).toBe(false);
    expect((checked as Record<string, unknown>)[field]).toMatch(text);
  });
});
