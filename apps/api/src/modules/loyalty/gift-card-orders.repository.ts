import type { GiftCardOrderState } from '@spesa/shared/loyalty/gift-card-partners';
import { and, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { giftCardOrders } from '../../db/schema';

export type GiftCardOrderRow = typeof giftCardOrders.$inferSelect & {
  state: GiftCardOrderState;
  lines: Array<{ value: number; quantity: number }>;
};
export type NewGiftCardOrder = typeof giftCardOrders.$inferInsert;

export interface GiftCardOrderFilter {
  state?: GiftCardOrderState | undefined;
  /** received before this instant and still received (late); false: the others */
  lateBefore?: { before: Date; late: boolean } | undefined;
}

/** The companies' gift-card requests (table gift_card_orders, decision 044). */
export class GiftCardOrdersRepository {
  constructor(private readonly db: Db) {}

  /** Inserts the request unless its key is taken; null when it is (the caller reads the stored one). */
  async insert(order: NewGiftCardOrder, db: Db = this.db): Promise<GiftCardOrderRow | null> {
    const [row] = await db
      .insert(giftCardOrders)
      .values(order)
      .onConflictDoNothing({ target: giftCardOrders.requestKey })
      .returning();
    return (row as GiftCardOrderRow | undefined) ?? null;
  }

  async byKey(requestKey: string, db: Db = this.db): Promise<GiftCardOrderRow | null> {
    const [row] = await db.select().from(giftCardOrders).where(eq(giftCardOrders.requestKey, requestKey));
    return (row as GiftCardOrderRow | undefined) ?? null;
  }

  async byId(id: number, db: Db = this.db): Promise<GiftCardOrderRow | null> {
    const [row] = await db.select().from(giftCardOrders).where(eq(giftCardOrders.giftCardOrderId, id));
    return (row as GiftCardOrderRow | undefined) ?? null;
  }

  /** Newest first; the late ones are those still received and received before `lateBefore.before`. */
  async list(
    filter: GiftCardOrderFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: GiftCardOrderRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.state) conditions.push(eq(giftCardOrders.state, filter.state));
    if (filter.lateBefore) {
      const late = and(
        eq(giftCardOrders.state, 'received'),
        lt(giftCardOrders.receivedAt, filter.lateBefore.before),
      );
      if (late) conditions.push(filter.lateBefore.late ? late : sql`NOT (${late})`);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(giftCardOrders)
        .where(where)
        .orderBy(desc(giftCardOrders.receivedAt), desc(giftCardOrders.giftCardOrderId))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(giftCardOrders).where(where),
    ]);
    return { rows: rows as GiftCardOrderRow[], total: total?.n ?? 0 };
  }

  /**
   * Moves a request from one of `from` to `to`, guarded in SQL (two staff members at once: one wins); null
   * when it was no longer in one of `from`.
   */
  async move(
    id: number,
    from: readonly GiftCardOrderState[],
    to: GiftCardOrderState,
    change: { at: Date; note: string | null; staffUserId: number },
    tx: Db,
  ): Promise<GiftCardOrderRow | null> {
    const stamp =
      to === 'confirmed'
        ? { confirmedAt: change.at }
        : to === 'delivered'
          ? { deliveredAt: change.at }
          : to === 'cancelled'
            ? { cancelledAt: change.at }
            : {};
    const [row] = await tx
      .update(giftCardOrders)
      .set({
        state: to,
        ...stamp,
        ...(change.note ? { staffNote: change.note } : {}),
        staffUserId: change.staffUserId,
      })
      .where(and(eq(giftCardOrders.giftCardOrderId, id), inArray(giftCardOrders.state, [...from])))
      .returning();
    return (row as GiftCardOrderRow | undefined) ?? null;
  }
}
