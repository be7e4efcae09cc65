import type { Db } from '../../db/client';
import {
  CartRepository,
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
  lockForPurchase(tx: Db, cartId: number, userId: number): Promise<LockedCartRow | null> {
    return this.repo.lockForPurchase(tx, cartId, userId);
  }

  /** The cart's status moves only from `from` (7 = locked for payment); `tx` when inside one. */
  moveStatus(cartId: number, from: number, to: number, tx?: Db): Promise<boolean> {
    return this.repo.moveStatus(tx ?? this.repo.db, cartId, from, to);
  }

  /** A cart that became an order is closed (whatever its status). */
  closeBought(tx: Db, cartId: number): Promise<void> {
    return this.repo.closeBought(tx, cartId);
  }

  /** The customer's next open cart, keeping the delivery choice of the one just bought. */
  openAfterPurchase(tx: Db, userId: number, delivery: CartDeliveryPatch): Promise<CartRow> {
    return new CartRepository(tx).createOpenCart(userId, delivery);
  }

  /** An edited order's delivery becomes the open cart's (null: the cart is locked or closed). */
  takeDelivery(
    tx: Db,
    cartId: number,
    lockedStatus: number,
    delivery: CartDeliveryPatch,
  ): Promise<CartRow | null> {
    return new CartRepository(tx).updateDelivery(cartId, lockedStatus, delivery);
  }

  /** An edited order's lines added to the open cart (a line the cart already has adds up). */
  mergeLines(tx: Db, cartId: number, lines: readonly CartLineWrite[]): Promise<void> {
    return this.repo.mergeLines(tx, cartId, lines);
  }
}
