import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Result } from '../../lib/result';

/**
 * The premium card's free deliveries as checkout sees them (the loyalty module's PremiumService, wired in
 * app.ts; decision 041): whether a cart's delivery is priced free, and the perk taken, given back or kept
 * inside the purchase's transaction.
 */
export interface OrderPremiumPort {
  /** premium today with a free delivery left, or the order being edited already holds one */
  freeDeliveryAvailable(userId: number, editingOrderId: number | null): Promise<boolean>;
  /** uses one free delivery for the order (the same order again: kept, not used twice) */
  takeFreeDelivery(userId: number, orderId: number, tx: Db): Promise<Result<{ left: number }>>;
  /** gives the order's free delivery back; false when it held none */
  releaseFreeDelivery(orderId: number, tx: Db): Promise<boolean>;
}

/**
 * The premium card's 20 % product as checkout sees it (the loyalty module's PremiumProductService, wired in
 * app.ts; decision 043): its lines cost 20 % less.
 */
export interface PremiumProductPort {
  /** the product discounted for this customer now (premium, the perk running, a product chosen); else null */
  discountedProductOf(userId: number): Promise<number | null>;
  /**
   * whether the customer has chosen a product, as the loyalty module's subquery keyed by `userId` (a value
   * of the composing read): false means `discountedProductOf` is null
   */
  hasChoiceSql(userId: SQL): SQL<boolean>;
}
