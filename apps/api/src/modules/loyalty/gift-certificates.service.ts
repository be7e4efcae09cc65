import type { GiftCertificate } from '@spesa/shared/contracts/checkout';
import type { Db } from '../../db/client';
import { failWith, ok, type Failure, type Result } from '../../lib/result';
import type {
  GiftCertificateRow,
  GiftCertificatesRepository,
  GiftUseRow,
} from './gift-certificates.repository';
import { GIFT_TEXT } from './loyalty.messages';

const euro = (cents: number) => cents / 100;

/** A certificate priced for one customer's goods now (checkout's CartGift). */
export interface PricedGift {
  giftCertificateId: number;
  giftCertificate: GiftCertificate;
  discountCents: number;
  refusal: Failure | null;
}

/**
 * Gift certificates (decisions 017 and 040): whether a customer may use a code today, what it takes off the
 * goods, how it reads on the wire; the codes of a cart and the uses of an order. Checkout reaches it through
 * its CheckoutGiftsPort and the orders module through its OrderGiftsPort (both wired in app.ts).
 */
export class GiftCertificatesService {
  constructor(
    private readonly repo: GiftCertificatesRepository,
    private readonly today: () => string,
  ) {}

  discountCents(gift: GiftCertificateRow, itemsCents: number): number {
    if (itemsCents < gift.minSpendCents) return 0;
    if (gift.kind === 'percent') return Math.floor((itemsCents * gift.value) / 10_000);
    return Math.min(gift.value, itemsCents);
  }

  /** Why a code cannot be used by this customer today (null: it can). */
  async refusal(
    gift: GiftCertificateRow | null,
    userId: number,
    exceptOrderId: number | null,
  ): Promise<Failure | null> {
    const today = this.today();
    if (!gift || !gift.active || today < gift.validFrom || today > gift.validTo)
      return failWith(GIFT_TEXT.invalid);
    if (gift.maxUses !== null && gift.uses >= gift.maxUses) return failWith(GIFT_TEXT.invalid);
    if (gift.oncePerUser && (await this.repo.usedBy(gift.giftCertificateId, userId, exceptOrderId)))
      return failWith(GIFT_TEXT.invalid);
    return null;
  }

  wire(g: GiftCertificateRow): GiftCertificate {
    return {
      giftCertificateId: g.giftCertificateId,
      code: g.code,
      name: g.name,
      descr: g.descr,
      kind: g.kind,
      value: g.kind === 'percent' ? g.value / 100 : euro(g.value),
      minSpend: euro(g.minSpendCents),
      validTo: g.validTo,
    };
  }

  private async priced(
    gift: GiftCertificateRow,
    userId: number,
    itemsCents: number,
    exceptOrderId: number | null,
  ): Promise<PricedGift> {
    const refusal = await this.refusal(gift, userId, exceptOrderId);
    return {
      giftCertificateId: gift.giftCertificateId,
      giftCertificate: this.wire(gift),
      discountCents: refusal ? 0 : this.discountCents(gift, itemsCents),
      refusal,
    };
  }

  // ---------- checkout (CheckoutGiftsPort) ----------
  async ofCart(
    cartId: number,
    userId: number,
    itemsCents: number,
    exceptOrderId: number | null,
  ): Promise<PricedGift[]> {
    const gifts = await this.repo.ofCart(cartId);
    const priced: PricedGift[] = [];
    for (const g of gifts) priced.push(await this.priced(g, userId, itemsCents, exceptOrderId));
    return priced;
  }

  async check(userId: number, code: string, itemsCents: number): Promise<Result<PricedGift>> {
    const gift = await this.repo.byCode(code);
    if (!gift) return failWith(GIFT_TEXT.invalid);
    const priced = await this.priced(gift, userId, itemsCents, null);
    return priced.refusal ?? ok(priced);
  }

  /** One code per cart: applying another replaces it. */
  async putInCart(
    userId: number,
    cartId: number,
    code: string,
    itemsCents: number,
  ): Promise<Result<PricedGift>> {
    const checked = await this.check(userId, code, itemsCents);
    if (!checked.ok) return checked;
    for (const g of await this.repo.ofCart(cartId))
      if (g.giftCertificateId !== checked.data.giftCertificateId)
        await this.repo.removeFromCart(cartId, g.giftCertificateId);
    await this.repo.addToCart(cartId, checked.data.giftCertificateId);
    return checked;
  }

  async takeFromCart(cartId: number, code: string): Promise<boolean> {
    const gift = await this.repo.byCode(code);
    return gift ? this.repo.removeFromCart(cartId, gift.giftCertificateId) : false;
  }

  orderIntoCart(tx: Db, orderId: number, cartId: number): Promise<void> {
    return this.repo.orderIntoCart(tx, orderId, cartId);
  }

  recordUse(
    tx: Db,
    use: { giftCertificateId: number; orderId: number; userId: number; discountCents: number },
  ): Promise<void> {
    return this.repo.recordUse(tx, use);
  }

  consume(tx: Db, giftCertificateId: number): Promise<boolean> {
    return this.repo.consume(tx, giftCertificateId);
  }

  releaseUses(tx: Db, orderId: number): Promise<void> {
    return this.repo.releaseUses(tx, orderId);
  }

  // ---------- orders (OrderGiftsPort) ----------
  usesOf(orderIds: readonly number[]): Promise<GiftUseRow[]> {
    return this.repo.usesOf(orderIds);
  }
}
