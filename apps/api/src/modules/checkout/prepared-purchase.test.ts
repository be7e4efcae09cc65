import { describe, expect, it } from 'vitest';
import type { CartItemRow } from '../cart/cart.repository';
import type { NewOrderItem } from '../orders/order-placement.repository';
import type { PackagingTypeRow } from './checkout.repository';
import { thawPurchase, type PreparedPurchase, type PurchaseNow } from './prepared-purchase';

// Buy writes prepare's frozen purchase only while nothing it was priced with may have changed; anything else
// sends it to price the cart again (decision 059, session 45).

const row = (itemId: number, productId: number, quantity: number): CartItemRow => ({
  itemId,
  cartId: 1,
  productId,
  optionsKey: '',
  options: {},
  quantity,
  promoId: null,
  infos: {},
  insertionTypeId: 1,
});

const item = (position: number, productId: number, quantity: number): NewOrderItem => ({
  position,
  productId,
  codInt: String(productId),
  name: `Prodotto ${productId}`,
  shortDescr: '',
  description: '',
  sellingType: 'Pezzo',
  unitBase: 'pz',
  mediaUrl: '',
  sectorId: 1,
  options: {},
  optionsKey: '',
  promoId: null,
  promo: null,
  quantity,
  unitPriceCents: 199,
  unitPriceStandardCents: 199,
  lineTotalCents: Math.round(199 * quantity),
  lineStandardCents: Math.round(199 * quantity),
  variableWeight: false,
  acceptAlternatives: false,
  infos: {},
});

const bags: PackagingTypeRow = {
  packagingTypeId: 2,
  code: 'BUSTE',
  name: 'Buste',
  descr: '',
  priceCents: 15,
  itemsPerBag: 8,
  mediaIcon: '',
  isDefault: true,
};

const frozen: PreparedPurchase = {
  catalogueVersion: 7,
  day: '2026-11-30',
  buyer: { card: true, segments: [3, 5] },
  lines: [
    { itemId: 10, productId: 100, optionsKey: '', quantity: 2, promoId: null },
    { itemId: 11, productId: 101, optionsKey: '', quantity: 0.6, promoId: null },
  ],
  items: [item(1, 100, 2), item(2, 101, 0.6)],
  figures: {
    itemsCents: 517,
    itemsStandardCents: 517,
    variableWeightCents: 119,
    foodCents: 517,
    feeCents: 0,
    feeBaseCents: 0,
    premiumFreeDelivery: false,
    premiumProduct: null,
    packaging: bags,
    bags: 1,
    packagingCents: 15,
    gifts: [],
    giftDiscountCents: 0,
    mealVouchers: null,
    totalCents: 532,
    prebilledCents: 562,
  },
};

const now: PurchaseNow = {
  catalogueVersion: 7,
  day: '2026-11-30',
  buyer: { card: true, segments: [5, 3] },
  premiumChoice: false,
  lines: [row(10, 100, 2), { ...row(11, 101, 0.6), infos: { accept_alternatives: 'true', notes: 'mature' } }],
  packaging: bags,
};

describe('thawPurchase', () => {
  it('nothing changed: the frozen lines, with the infos the cart has now', () => {
    const items = thawPurchase(frozen, now);
    expect(items?.map((i) => [i.productId, i.quantity, i.lineTotalCents])).toEqual([
      [100, 2, 398],
      [101, 0.6, 119],
    ]);
    expect(items?.[1]?.infos).toEqual({ accept_alternatives: 'true', notes: 'mature' });
    expect(items?.[1]?.acceptAlternatives).toBe(true);
  });

  it.each<[string, PreparedPurchase | null, Partial<PurchaseNow>]>([
    ['not frozen (a choice saved since)', null, {}],
    ['a catalogue write since (prices, price lists, promotions, stock)', frozen, { catalogueVersion: 8 }],
    ['another day (a promotion or a gift code may have ended)', frozen, { day: '2026-12-01' }],
    ['the card gone', frozen, { buyer: { card: false, segments: [3, 5] } }],
    ['a segment more', frozen, { buyer: { card: true, segments: [3, 5, 9] } }],
    ['a premium product chosen', frozen, { premiumChoice: true }],
    ['the bags cost more', frozen, { packaging: { ...bags, priceCents: 20 } }],
    ['another quantity', frozen, { lines: [row(10, 100, 3), row(11, 101, 0.6)] }],
    ['a line more', frozen, { lines: [row(10, 100, 2), row(11, 101, 0.6), row(12, 102, 1)] }],
    ['a line replaced', frozen, { lines: [row(10, 100, 2), row(13, 101, 0.6)] }],
    ['a promotion chosen', frozen, { lines: [row(10, 100, 2), { ...row(11, 101, 0.6), promoId: 4 }] }],
    [
      'a gift code in the figures',
      {
        ...frozen,
        figures: {
          ...frozen.figures,
          gifts: [
            {
              giftCertificateId: 1,
              giftCertificate: {} as PreparedPurchase['figures']['gifts'][number]['giftCertificate'],
              discountCents: 100,
              refusal: null,
              notice: null,
            },
          ],
        },
      },
      {},
    ],
  ])('%s: priced again', (_why, prepared, change) => {
    expect(thawPurchase(prepared, { ...now, ...change })).toBeNull();
  });
});
