import { describe, expect, it } from 'vitest';
import type { OrderItem } from '@spesa/shared/contracts/orders';
import { checkRefund, refundableLines } from './order-payment';

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

describe('a refund of one line', () => {
  const key = 'b6a1c7d0-1f0e-4a53-9d3e-2a7a9c1d0e11';
  it.each([
    ['1', 1],
    ['0,3', 0.3],
    ['0.25', 0.25],
  ])('takes the quantity %s', (quantityText, quantity) => {
    expect(checkRefund('1,50', 'Confezione rotta', key, { orderItemId: 41, quantityText })).toEqual({
      ok: true,
      body: {
        amount: 1.5,
        reason: 'Confezione rotta',
        idempotencyKey: key,
        line: { orderItemId: 41, quantity },
      },
    });
  });
  it.each(['', '0', '-1', '0,0001', 'due'])('refuses the quantity "%s" in Italian', (quantityText) => {
    const checked = checkRefund('1,50', 'Confezione rotta', key, { orderItemId: 41, quantityText });
    expect(checked.ok).toBe(false);
    expect((checked as { quantity?: string }).quantity).toMatch(/quantità da rimborsare/);
  });
});

describe('the lines a refund may name', () => {
  const item = (over: Partial<OrderItem>): OrderItem =>
    ({
      orderItemId: 1,
      name: 'Mele Golden',
      sellingType: 'Pezzo',
      delivered: { quantity: 1, weight: null, unitPrice: 2, grossTotal: 2, substitute: null },
      ...over,
    }) as OrderItem;
  it('delivered lines only, a weighed one by its weight in kg, a substitute by its name', () => {
    expect(
      refundableLines([
        item({ orderItemId: 1 }),
        item({ orderItemId: 2, delivered: null }),
        item({
          orderItemId: 3,
          delivered: { quantity: 1, weight: 0.8, unitPrice: 2.5, grossTotal: 2, substitute: null },
        }),
        item({
          orderItemId: 4,
          delivered: {
            quantity: 2,
            weight: null,
            unitPrice: 1,
            grossTotal: 2,
            substitute: { productId: 9, name: 'Pere' },
          },
        }),
        item({
          orderItemId: 5,
          delivered: { quantity: 0, weight: null, unitPrice: 1, grossTotal: 0, substitute: null },
        }),
      ]),
    ).toEqual([
      { orderItemId: 1, name: 'Mele Golden', quantity: 1, unit: 'pz', grossTotal: 2 },
      { orderItemId: 3, name: 'Mele Golden', quantity: 0.8, unit: 'kg', grossTotal: 2 },
      { orderItemId: 4, name: 'Pere', quantity: 2, unit: 'pz', grossTotal: 2 },
    ]);
  });
});
