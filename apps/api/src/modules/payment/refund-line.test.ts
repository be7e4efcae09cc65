import { describe, expect, it } from 'vitest';
import { lineRefundProblem } from './refund-line';

const line = (quantity: number, grossCents: number, refundedQuantity = 0, refundedCents = 0) => ({
  name: 'Mele',
  quantity,
  grossCents,
  refundedQuantity,
  refundedCents,
});

describe('how much of a line may be refunded (table)', () => {
  const rows: Array<
    [name: string, l: ReturnType<typeof line>, quantity: number, cents: number, expected: unknown]
  > = [
    ['the whole line', line(3, 450), 3, 450, null],
    ['one piece of three at its price', line(3, 450), 1, 150, null],
    ['one piece of three for less (a damaged piece)', line(3, 450), 1, 80, null],
    [
      'one piece of three for more than its price',
      line(3, 450),
      1,
      151,
      { amount: expect.stringMatching(/^1,50\s€$/) },
    ],
    ['more pieces than delivered', line(3, 450), 4, 450, { quantity: '3' }],
    ['a weighed line: 0,3 of 0,8 kg', line(0.8, 200), 0.3, 75, null],
    [
      'a weighed line: 0,3 of 0,8 kg a cent too much',
      line(0.8, 200),
      0.3,
      76,
      { amount: expect.stringMatching(/^0,75\s€$/) },
    ],
    ['after a refund of 0,5 kg, 0,3 kg left', line(0.8, 200, 0.5, 125), 0.4, 50, { quantity: '0,3' }],
    ['after a partial-price refund, the rest of the price with the rest', line(3, 450, 1, 80), 2, 370, null],
    [
      'after a partial-price refund, not above the line',
      line(3, 450, 1, 80),
      2,
      371,
      { amount: expect.stringMatching(/^3,70\s€$/) },
    ],
    ['nothing left', line(1, 100, 1, 100), 0.001, 1, { quantity: '0' }],
  ];
  for (const [name, l, quantity, cents, expected] of rows)
    it(name, () => expect(lineRefundProblem(l, quantity, cents)).toEqual(expected));
});
