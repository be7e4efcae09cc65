import { describe, expect, it } from 'vitest';
import { promoFor, type Buyer, type CartPromo } from './promo-audience';

const promo = (p: Partial<CartPromo> & { promoId: number; priceCents: number }): CartPromo => ({
  selectable: false,
  audience: 'all',
  segmentId: null,
  view: null,
  ...p,
});
const nobody: Buyer = { card: false, segments: [] };
const holder: Buyer = { card: true, segments: [] };
const segment7: Buyer = { card: false, segments: [7] };

describe('promoFor: the promotion a cart line is priced with (decision 032)', () => {
  const everyone = promo({ promoId: 1, priceCents: 180 });
  const card = promo({ promoId: 2, priceCents: 160, audience: 'card' });
  const chosenCard = promo({ promoId: 3, priceCents: 150, audience: 'card', selectable: true });
  const personal = promo({ promoId: 4, priceCents: 140, audience: 'segment', segmentId: 7 });
  it.each([
    ['no promotion', [], null, holder, null],
    ['for everyone, anyone', [everyone], null, nobody, 1],
    ['card price, no card: the list price', [card], null, nobody, null],
    ['card price, a card', [card], null, holder, 2],
    ['card and public: the card holder gets the lower', [everyone, card], null, holder, 2],
    ['card and public: without card the public one', [everyone, card], null, nobody, 1],
    ['selectable card offer not chosen', [chosenCard], null, holder, null],
    ['selectable card offer chosen by a holder', [chosenCard], 3, holder, 3],
    ['selectable card offer chosen without card', [chosenCard], 3, nobody, null],
    ["a segment's offer, a customer of it", [everyone, personal], null, segment7, 4],
    ["a segment's offer, a card holder outside it", [everyone, personal], null, holder, 1],
    [
      'a segment offer without its segment id reaches nobody',
      [promo({ promoId: 5, priceCents: 1, audience: 'segment' })],
      null,
      segment7,
      null,
    ],
  ] as Array<[string, CartPromo[], number | null, Buyer, number | null]>)(
    '%s',
    (_what, promos, chosen, buyer, expected) => {
      expect(promoFor(promos, chosen, buyer)?.promoId ?? null).toBe(expected);
    },
  );
});
