import type { SQL } from 'drizzle-orm';
import type { GiftCertificate } from '@spesa/shared/contracts/checkout';
import type { Db } from '../../db/client';
import type { Failure, Result } from '../../lib/result';

/** A certificate applied to a cart, as its rules price it for one customer now. */
export interface CartGift {
  giftCertificateId: number;
  giftCertificate: GiftCertificate;
  /** what it takes off these goods, cents (0 when refused or below its minimum spend) */
  discountCents: number;
  /** why this customer cannot use it now (null: they can) */
  refusal: Failure | null;
  /** why it takes nothing off yet (below its minimum spend), for the customer */
  notice: string | null;
}

/**
 * Gift certificates as checkout sees them (the loyalty module's GiftCertificatesService, wired in app.ts;
 * decision 040): their rules (who may use one, when, what it takes off) and their records (the codes of a
 * cart, the uses of an order) belong to the loyalty module. The purchase's writes join its transaction.
 */
export interface CheckoutGiftsPort {
  /** the cart's codes priced for `itemsCents` of goods */
  ofCart(
    cartId: number,
    userId: number,
    itemsCents: number,
    exceptOrderId: number | null,
  ): Promise<CartGift[]>;
  /**
   * whether the cart holds a code, as the loyalty module's subquery keyed by `cartId` (a value of the
   * composing read): false means `ofCart` answers none
   */
  hasCodesSql(cartId: SQL): SQL<boolean>;
  /** whether the customer may use `code` now, and what it would take off `itemsCents` */
  check(userId: number, code: string, itemsCents: number): Promise<Result<CartGift>>;
  /** applies `code` to the cart in place of any other (refused: nothing changes) */
  putInCart(userId: number, cartId: number, code: string, itemsCents: number): Promise<Result<CartGift>>;
  /** false: the code is not in the cart */
  takeFromCart(cartId: number, code: string): Promise<boolean>;
  /** the codes an order used, applied again to a cart (the order reopened for editing) */
  orderIntoCart(orderId: number, cartId: number, tx: Db): Promise<void>;
  /** records the uses of a new order and takes them (a use no longer left: false, the caller rolls back) */
  recordUse(
    use: { giftCertificateId: number; orderId: number; userId: number; discountCents: number },
    tx: Db,
  ): Promise<void>;
  consume(giftCertificateId: number, tx: Db): Promise<boolean>;
  /** gives back the uses of an order (cancelled, or edited and bought again) */
  releaseUses(orderId: number, tx: Db): Promise<void>;
}
