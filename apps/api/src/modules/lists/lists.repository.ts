import type { ListGrant, ListRole } from '@spesa/shared/contracts/lists';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { wishlistItems, wishlists, wishlistShares } from '../../db/schema';
import { wireTimestamp } from '../../db/wire-time';

/** A list as the signed-in customer sees it: its owner's columns and the customer's role on it. */
export interface ListRow {
  listId: number;
  ownerId: number;
  ownerName: string;
  name: string;
  isDefault: boolean;
  confirmedAddressId: number | null;
  confirmedAt: string | null;
  size: number;
  role: ListRole;
}

export interface ShareRow {
  listId: number;
  userId: number;
  name: string;
  email: string;
  grant: ListGrant;
}

export interface ListItemRow {
  itemId: number;
  productId: number;
  quantity: number;
  infos: Record<string, string>;
}

/** numeric(10,3) as text: quantities never go through a float column */
const qty = (n: number): string => n.toFixed(3);
const personName = (alias: string) =>
  sql.raw(`COALESCE(NULLIF(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), 'Cliente')`);

/**
 * The lists the customer can see: their own and those shared with them, with the customer's role. Every read
 * goes through it, so a list the customer neither owns nor was shared does not exist for them.
 */
const visibleLists = (userId: number) => sql`
  SELECT w.list_id AS "listId", w.user_id AS "ownerId", ${personName('u')} AS "ownerName", w.name,
         (w.is_default AND w.user_id = ${userId}) AS "isDefault",
         w.confirmed_address_id AS "confirmedAddressId",
         ${wireTimestamp('w.confirmed_at', 'milliseconds')} AS "confirmedAt",
         (SELECT count(*)::int FROM wishlist_items i WHERE i.list_id = w.list_id) AS size,
         CASE WHEN w.user_id = ${userId} THEN 'OWNER' ELSE s.grant END AS role
    FROM wishlists w
    JOIN users u ON u.user_id = w.user_id
    LEFT JOIN wishlist_shares s ON s.list_id = w.list_id AND s.user_id = ${userId}
   WHERE (w.user_id = ${userId} OR s.user_id IS NOT NULL)`;

/** The lists module's tables (wishlists, wishlist_items, wishlist_shares); reads join users and addresses. */
export class ListsRepository {
  constructor(readonly db: Db) {}

  async countVisible(userId: number): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM (${visibleLists(userId)}) v`,
    );
    return row?.n ?? 0;
  }

  /** Own lists first (the default first), then shared ones; by name within each. */
  async listVisible(userId: number, limit: number, offset: number): Promise<ListRow[]> {
    return queryRows<ListRow>(
      this.db,
      sql`SELECT * FROM (${visibleLists(userId)}) v
          ORDER BY (v.role = 'OWNER') DESC, v."isDefault" DESC, lower(v.name), v."listId"
          LIMIT ${limit} OFFSET ${offset}`,
    );
  }

  async findVisible(userId: number, listId: number, db: Db = this.db): Promise<ListRow | null> {
    const [row] = await queryRows<ListRow>(db, sql`${visibleLists(userId)} AND w.list_id = ${listId}`);
    return row ?? null;
  }

  /** Locks the list's row (item changes of one list are serialised) and answers it as the customer sees it. */
  async lockVisible(userId: number, listId: number, db: Db): Promise<ListRow | null> {
    await db.execute(sql`SELECT list_id FROM wishlists WHERE list_id = ${listId} FOR UPDATE`);
    return this.findVisible(userId, listId, db);
  }

  async sharesOf(listIds: readonly number[]): Promise<ShareRow[]> {
    if (listIds.length === 0) return [];
    return queryRows<ShareRow>(
      this.db,
      sql`SELECT s.list_id AS "listId", s.user_id AS "userId", ${personName('u')} AS name, u.email, s.grant
            FROM wishlist_shares s JOIN users u ON u.user_id = s.user_id
           WHERE s.list_id IN (${sql.join(
             listIds.map((id) => sql`${id}`),
             sql`, `,
           )})
           ORDER BY s.created_at, s.user_id`,
    );
  }

  async countOwned(userId: number): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM wishlists WHERE user_id = ${userId}`,
    );
    return row?.n ?? 0;
  }

  // ---------- items ----------
  async items(listId: number, db: Db = this.db): Promise<ListItemRow[]> {
    return queryRows<ListItemRow>(
      db,
      sql`SELECT item_id AS "itemId", product_id AS "productId", quantity::float8 AS quantity, infos
            FROM wishlist_items WHERE list_id = ${listId} ORDER BY item_id`,
    );
  }

  async insertItem(
    listId: number,
    item: { productId: number; quantity: number; infos: Record<string, string> },
    db: Db,
  ): Promise<void> {
    await db.insert(wishlistItems).values({
      listId,
      productId: item.productId,
      quantity: qty(item.quantity),
      infos: item.infos,
    });
  }

  async setItem(
    listId: number,
    itemId: number,
    change: { quantity: number; infos?: Record<string, string> },
    db: Db,
  ): Promise<void> {
    await db
      .update(wishlistItems)
      .set({
        quantity: qty(change.quantity),
        ...(change.infos ? { infos: change.infos } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(wishlistItems.listId, listId), eq(wishlistItems.itemId, itemId)));
  }

  async deleteItems(listId: number, itemIds: readonly number[], db: Db): Promise<void> {
    if (itemIds.length === 0) return;
    await db
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.listId, listId), inArray(wishlistItems.itemId, [...itemIds])));
  }

  async touch(listId: number, db: Db): Promise<void> {
    await db
      .update(wishlists)
      .set({ updatedAt: sql`now()` })
      .where(eq(wishlists.listId, listId));
  }

  // ---------- lists ----------
  /**
   * A new list of the customer; it is the default when the customer has none (the first list). The partial
   * unique index keeps one default: of two first lists created at once, the second is not the default.
   */
  async insertList(userId: number, name: string): Promise<number> {
    const [asDefault] = await queryRows<{ listId: number }>(
      this.db,
      sql`INSERT INTO wishlists (user_id, name, is_default)
          SELECT ${userId}, ${name}, true
           WHERE NOT EXISTS (SELECT 1 FROM wishlists WHERE user_id = ${userId} AND is_default)
          ON CONFLICT (user_id) WHERE is_default DO NOTHING
          RETURNING list_id AS "listId"`,
    );
    if (asDefault) return asDefault.listId;
    const [row] = await this.db
      .insert(wishlists)
      .values({ userId, name, isDefault: false })
      .returning({ listId: wishlists.listId });
    if (!row) throw new Error('insertList: no row returned');
    return row.listId;
  }

  async rename(ownerId: number, listId: number, name: string): Promise<void> {
    await this.db
      .update(wishlists)
      .set({ name, updatedAt: sql`now()` })
      .where(and(eq(wishlists.listId, listId), eq(wishlists.userId, ownerId)));
  }

  /** Locks every list of the owner, in id order (select, confirm and delete move flags across them). */
  async lockOwned(ownerId: number, db: Db): Promise<void> {
    await db.execute(
      sql`SELECT list_id FROM wishlists WHERE user_id = ${ownerId} ORDER BY list_id FOR UPDATE`,
    );
  }

  /** Deletes the list (items and shares go with it); a deleted default passes to the oldest list left. */
  async deleteList(ownerId: number, listId: number, db: Db): Promise<boolean> {
    const rows = await db
      .delete(wishlists)
      .where(and(eq(wishlists.listId, listId), eq(wishlists.userId, ownerId)))
      .returning({ isDefault: wishlists.isDefault });
    const deleted = rows[0];
    if (!deleted) return false;
    if (deleted.isDefault)
      await db.execute(
        sql`UPDATE wishlists SET is_default = true, updated_at = now()
             WHERE list_id = (SELECT min(list_id) FROM wishlists WHERE user_id = ${ownerId})`,
      );
    return true;
  }

  /** Makes the list the owner's default: the previous default stops being it first (one default). */
  async makeDefault(ownerId: number, listId: number, db: Db): Promise<void> {
    await db.execute(
      sql`UPDATE wishlists SET is_default = false, updated_at = now()
           WHERE user_id = ${ownerId} AND is_default AND list_id <> ${listId}`,
    );
    await db.execute(
      sql`UPDATE wishlists SET is_default = true, updated_at = now()
           WHERE user_id = ${ownerId} AND list_id = ${listId} AND NOT is_default`,
    );
  }

  /** The list becomes the usual basket of the address: another list of the owner confirmed for it stops. */
  async confirmForAddress(ownerId: number, listId: number, addressId: number, db: Db): Promise<void> {
    await db.execute(
      sql`UPDATE wishlists SET confirmed_address_id = NULL, confirmed_at = NULL, updated_at = now()
           WHERE user_id = ${ownerId} AND confirmed_address_id = ${addressId} AND list_id <> ${listId}`,
    );
    await db.execute(
      sql`UPDATE wishlists SET confirmed_address_id = ${addressId}, confirmed_at = now(), updated_at = now()
           WHERE user_id = ${ownerId} AND list_id = ${listId}`,
    );
  }

  /** One of the customer's own delivery addresses, not deleted (pickup points belong to no customer). */
  async isOwnAddress(userId: number, addressId: number): Promise<boolean> {
    const [row] = await queryRows<{ one: number }>(
      this.db,
      sql`SELECT 1 AS one FROM addresses
           WHERE address_id = ${addressId} AND user_id = ${userId} AND deleted_at IS NULL`,
    );
    return row !== undefined;
  }

  // ---------- sharing ----------
  /** A customer who can sign in (not anonymised), by e-mail, case-insensitive. */
  async customerByEmail(email: string): Promise<{ userId: number } | null> {
    const [row] = await queryRows<{ userId: number }>(
      this.db,
      sql`SELECT user_id AS "userId" FROM users
           WHERE lower(email) = lower(${email}) AND password_hash IS NOT NULL
           ORDER BY user_id LIMIT 1`,
    );
    return row ?? null;
  }

  async countShares(listId: number): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM wishlist_shares WHERE list_id = ${listId}`,
    );
    return row?.n ?? 0;
  }

  /** Shares the list with the customer, or changes the grant of an existing share. */
  async share(listId: number, userId: number, grant: ListGrant): Promise<void> {
    await this.db
      .insert(wishlistShares)
      .values({ listId, userId, grant })
      .onConflictDoUpdate({ target: [wishlistShares.listId, wishlistShares.userId], set: { grant } });
  }

  async unshare(listId: number, userId: number): Promise<boolean> {
    const rows = await this.db
      .delete(wishlistShares)
      .where(and(eq(wishlistShares.listId, listId), eq(wishlistShares.userId, userId)))
      .returning({ userId: wishlistShares.userId });
    return rows.length > 0;
  }
}
