import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { carts } from '../../db/schema';

/** SQL of the cart (issue 4: its delivery part). One open cart per customer (unique partial index). */
export type CartRow = typeof carts.$inferSelect;
export type CartDeliveryPatch = Partial<
  Pick<
    CartRow,
    | 'deliveryServiceId'
    | 'storeId'
    | 'warehouseId'
    | 'shippingAddressId'
    | 'timeslotDate'
    | 'timeslotId'
    | 'slotId'
    | 'addressAutoAssigned'
    | 'timeslotAutoAssigned'
    | 'storeAutoAssigned'
  >
>;

export class CartRepository {
  constructor(private readonly db: Db) {}

  async findOpenCart(userId: number): Promise<CartRow | null> {
    const [row] = await this.db
      .select()
      .from(carts)
      .where(and(eq(carts.userId, userId), isNull(carts.closedAt)))
      .limit(1);
    return row ?? null;
  }

  /** Creates the open cart unless one exists (concurrent calls: the unique index keeps one), returns it. */
  async createOpenCart(userId: number, values: CartDeliveryPatch): Promise<CartRow> {
    await this.db
      .insert(carts)
      .values({ userId, ...values })
      .onConflictDoNothing({ target: carts.userId, where: sql`${carts.closedAt} IS NULL` });
    const row = await this.findOpenCart(userId);
    if (!row) throw new Error('createOpenCart: no open cart after insert');
    return row;
  }

  /**
   * Changes the delivery part of the open cart, unless it is locked (status 7): the guard is in the
   * UPDATE, so a cart locked meanwhile is never changed. Null when nothing was updated.
   */
  async updateDelivery(
    cartId: number,
    lockedStatus: number,
    patch: CartDeliveryPatch,
  ): Promise<CartRow | null> {
    const [row] = await this.db
      .update(carts)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(carts.cartId, cartId), isNull(carts.closedAt), ne(carts.cartStatusId, lockedStatus)))
      .returning();
    return row ?? null;
  }

  async isAddressInOpenCart(userId: number, addressId: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: carts.cartId })
      .from(carts)
      .where(and(eq(carts.userId, userId), isNull(carts.closedAt), eq(carts.shippingAddressId, addressId)))
      .limit(1);
    return rows.length > 0;
  }

  /** Test and checkout helper: the cart's status (7 = locked for payment). */
  async setStatus(cartId: number, cartStatusId: number): Promise<void> {
    await this.db
      .update(carts)
      .set({ cartStatusId, updatedAt: sql`now()` })
      .where(eq(carts.cartId, cartId));
  }

  /** Account deletion: the customer's carts forget where and when they were going. */
  async forgetDelivery(userId: number): Promise<void> {
    await this.db
      .update(carts)
      .set({
        shippingAddressId: null,
        timeslotDate: null,
        timeslotId: null,
        slotId: null,
        updatedAt: sql`now()`,
      })
      .where(eq(carts.userId, userId));
  }
}
