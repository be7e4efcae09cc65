import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { buyCartSql, moveStatusSql, setInfosSql } from './cart-compose-sql';
import type { CartRepository } from './cart.repository';
import {
  type CartDeliveryPatch,
  type CartItemRow,
  type CartLineWrite,
  type CartRow,
  type LockedCartRow,
} from './cart.repository';

/**
 * What a purchase does to carts (checkout's buy, the order actions), often inside the purchase's
 * transaction (`tx`): lock the cart being bought, move its status, close it, open the next one, bring an
 * order's lines back for an edit. The cart module owns these tables; the purchase flows ask here.
 */
export class CartPurchase {
  constructor(private readonly repo: CartRepository) {}

  items(cartId: number): Promise<CartItemRow[]> {
    return this.repo.listItems(cartId);
  }

  setInfo(cartId: number, name: string, value: string): Promise<void> {
    return this.repo.setCartInfo(cartId, name, value);
  }

  /** The cart row, locked until the transaction ends (concurrent buys of one cart queue here). */
  lockForPurchase(cartId: number, userId: number, tx: Db): Promise<LockedCartRow | null> {
    return this.repo.lockForPurchase(cartId, userId, tx);
  }

  /** `lockForPurchase`, `closeBought` and `openAfterPurchase` as parts of one statement (buyCartSql). */
  buyCartSql(...args: Parameters<typeof buyCartSql>) {
    return buyCartSql(...args);
  }

  /** The cart's status moves only from `from` (7 = locked for payment); `tx` when inside one. */
  moveStatus(cartId: number, from: number, to: number, db: Db = this.repo.db): Promise<boolean> {
    return this.repo.moveStatus(cartId, from, to, db);
  }

  /**
   * The status move of `moveStatus` as a statement for another module's data-modifying CTE (one round trip
   * with that module's write); it returns the cart's id when moved.
   */
  moveStatusSql(cartId: number, from: number, to: number): SQL {
    return moveStatusSql(cartId, from, to);
  }

  /** The infos' writes of `setInfo` (at least one) as a statement for another module's data-modifying CTE. */
  setInfosSql(cartId: number, infos: Readonly<Record<string, string>>): SQL {
    return setInfosSql(cartId, infos);
  }

  /** A cart that became an order is closed (whatever its status). */
  closeBought(cartId: number, tx: Db): Promise<void> {
    return this.repo.closeBought(cartId, tx);
  }

  /** The customer's next open cart, keeping the delivery choice of the one just bought. */
  openAfterPurchase(userId: number, delivery: CartDeliveryPatch, tx: Db): Promise<CartRow> {
    return this.repo.createOpenCart(userId, delivery, tx);
  }

  /** An edited order's delivery becomes the open cart's (null: the cart is locked or closed). */
  takeDelivery(
    cartId: number,
    lockedStatus: number,
    delivery: CartDeliveryPatch,
    tx: Db,
  ): Promise<CartRow | null> {
    return this.repo.updateDelivery(cartId, lockedStatus, delivery, tx);
  }

  /** An edited order's lines added to the open cart (a line the cart already has adds up). */
  mergeLines(cartId: number, lines: readonly CartLineWrite[], tx: Db): Promise<void> {
    return this.repo.mergeLines(cartId, lines, tx);
  }
}
