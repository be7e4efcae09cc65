import type {
  AdminListPriceSet,
  AdminPriceListProduct,
  AdminPriceListsOverview,
} from '@spesa/shared/contracts/admin-price-lists';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { fieldFail, ok, type Failure, type MessageTable, type Result } from '../../lib/result';
import { romeNow } from '../../lib/rome-time';
import type { CatalogueAuditPort } from './catalogue-import';
import {
  applyPriceListPrices,
  assignPriceList,
  ensurePriceList,
  PRICE_LIST_TEXT,
  removePriceListPrice,
} from './price-lists';

interface Staff {
  userId: number;
  name: string;
}

/** The back office's price-list texts (decision 099): { code, text }. */
export const PRICE_LIST_ADMIN_TEXT = {
  codeTaken: { code: 'msg.priceList.codeTaken', text: 'Esiste già un listino con questo codice.' },
  listNotFound: { code: 'msg.priceList.notFound', text: 'Listino non trovato.' },
  storeUnknown: { code: 'msg.priceList.storeUnknown', text: 'Negozio sconosciuto.' },
  productUnknown: { code: 'msg.priceList.productUnknown', text: 'Prodotto sconosciuto.' },
  priceNotFound: {
    code: 'msg.priceList.priceNotFound',
    text: 'Questo listino non ha un prezzo del prodotto da quel giorno.',
  },
} as const satisfies MessageTable;

/** the audit log's resources */
const LISTS = 'price-lists';
const STORES = 'price-list-stores';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * "Listini" in the back office (decision 099): the chain's price lists and their stores, a new list, a store
 * moved to a list, and a list's prices by product. Every write goes through the catalogue's price-list rules
 * (`price-lists.ts`, decision 095: the integration API's price batches use the same), in one transaction with
 * its audit record, and moves the catalogue version (the shop's caches see it with the commit).
 */
export class PriceListsAdmin {
  constructor(
    private readonly db: Db,
    private readonly audit: CatalogueAuditPort,
    private readonly now: () => Date,
  ) {}

  async overview(db: Db = this.db): Promise<Result<{ data: AdminPriceListsOverview }>> {
    const lists = await queryRows<AdminPriceListsOverview['lists'][number]>(
      db,
      sql`SELECT l.price_list_id AS id, l.code, l.name,
            COALESCE((SELECT json_agg(s.warehouse_id ORDER BY s.warehouse_id) FROM price_list_stores s
                      WHERE s.price_list_id = l.price_list_id), '[]'::json) AS "storeIds",
            (SELECT count(DISTINCT lp.product_id)::int FROM price_list_prices lp
             WHERE lp.price_list_id = l.price_list_id) AS products
          FROM price_lists l ORDER BY l.code`,
    );
    const stores = await queryRows<AdminPriceListsOverview['stores'][number]>(
      db,
      sql`SELECT w.warehouse_id AS "storeId", w.name, s.price_list_id AS "priceListId"
          FROM warehouses w LEFT JOIN price_list_stores s ON s.warehouse_id = w.warehouse_id
          WHERE w.warehouse_type = 'store' ORDER BY w.name, w.warehouse_id`,
    );
    return ok({ data: { lists, stores } });
  }

  /** A new list, without stores or prices; refused when its code is taken. */
  async create(staff: Staff, body: { code: string; name: string }) {
    return this.db.transaction(async (tx): Promise<Result<{ data: AdminPriceListsOverview }>> => {
      const [taken] = await queryRows<{ id: number }>(
        tx,
        sql`SELECT price_list_id AS id FROM price_lists WHERE lower(code) = lower(${body.code})`,
      );
      if (taken) return fieldFail('code', PRICE_LIST_ADMIN_TEXT.codeTaken);
      const made = await ensurePriceList(body, tx);
      if (!made.ok) return made;
      const after = { id: made.data.priceListId, code: body.code, name: body.name };
      await this.audit.record(
        { staff, action: 'create', resource: LISTS, id: after.id, before: null, after },
        tx,
      );
      return this.overview(tx);
    });
  }

  /** The store sells at this list from now on (null: at the chain's list); a store has one list. */
  async assign(staff: Staff, body: { storeId: number; priceListId: number | null }) {
    return this.db.transaction(async (tx): Promise<Result<{ data: AdminPriceListsOverview }>> => {
      const code = body.priceListId === null ? null : await this.codeOf(body.priceListId, tx);
      if (code === undefined) return fieldFail('priceListId', PRICE_LIST_ADMIN_TEXT.listNotFound);
      const [before] = await queryRows<{ priceListId: number | null }>(
        tx,
        sql`SELECT (SELECT price_list_id FROM price_list_stores WHERE warehouse_id = ${body.storeId})
              AS "priceListId"`,
      );
      const done = await assignPriceList(body.storeId, code, tx);
      if (!done.ok)
        return done.code === PRICE_LIST_TEXT.unknownWarehouse.code
          ? fieldFail('storeId', PRICE_LIST_ADMIN_TEXT.storeUnknown)
          : done;
      await this.audit.record(
        {
          staff,
          action: 'assign',
          resource: STORES,
          id: body.storeId,
          before: { priceListId: before?.priceListId ?? null },
          after: { priceListId: body.priceListId, code },
        },
        tx,
      );
      return this.overview(tx);
    });
  }

  /** The list's priced products, or (with `q`) the products of that code, EAN or name, with its prices. */
  async prices(
    priceListId: number,
    query: { q?: string; page: number; perPage: number },
  ): Promise<Result<{ data: AdminPriceListProduct[]; total: number }>> {
    if ((await this.codeOf(priceListId, this.db)) === undefined)
      return { ...fieldFail('id', PRICE_LIST_ADMIN_TEXT.listNotFound), kind: 'notFound' };
    const q = query.q?.trim() ?? '';
    const where = q
      ? sql`(p.cod_int = ${q} OR p.barcode = ${q} OR p.name ILIKE ${`%${escapeLike(q)}%`})`
      : sql`EXISTS (SELECT 1 FROM price_list_prices lp WHERE lp.price_list_id = ${priceListId}
                    AND lp.product_id = p.product_id)`;
    const [count] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM products p WHERE ${where}`,
    );
    const order = q
      ? sql`(p.cod_int = ${q} OR p.barcode = ${q}) DESC, p.name, p.product_id`
      : sql`p.name, p.product_id`;
    const rows = await this.productRows(
      priceListId,
      sql`${where} ORDER BY ${order} LIMIT ${query.perPage} OFFSET ${(query.page - 1) * query.perPage}`,
      this.db,
    );
    return ok({ data: rows, total: count?.n ?? 0 });
  }

  /** Sets the list's price of a product from a day (replacing the price from that same day). */
  async setPrice(staff: Staff, priceListId: number, body: AdminListPriceSet) {
    return this.db.transaction(async (tx): Promise<Result<{ data: AdminPriceListProduct }>> => {
      const code = await this.codeOf(priceListId, tx);
      if (code === undefined)
        return { ...fieldFail('id', PRICE_LIST_ADMIN_TEXT.listNotFound), kind: 'notFound' };
      const before = await this.product(priceListId, body.productId, tx);
      if (!before) return fieldFail('productId', PRICE_LIST_ADMIN_TEXT.productUnknown);
      const done = await applyPriceListPrices({ priceListCode: code, rows: [body] }, tx);
      if (!done.ok) return formFailure(done);
      const after = await this.product(priceListId, body.productId, tx);
      if (!after) throw new Error('setPrice: the product is gone');
      await this.audit.record(
        {
          staff,
          action: 'price-set',
          resource: LISTS,
          id: priceListId,
          before,
          after: { ...after, set: body },
        },
        tx,
      );
      return ok({ data: after });
    });
  }

  /** Takes the list's price of a product from a day out of the list. */
  async removePrice(staff: Staff, priceListId: number, body: { productId: number; validFrom: string }) {
    return this.db.transaction(async (tx): Promise<Result<{ data: AdminPriceListProduct }>> => {
      if ((await this.codeOf(priceListId, tx)) === undefined)
        return { ...fieldFail('id', PRICE_LIST_ADMIN_TEXT.listNotFound), kind: 'notFound' };
      const before = await this.product(priceListId, body.productId, tx);
      if (!before) return fieldFail('productId', PRICE_LIST_ADMIN_TEXT.productUnknown);
      const today = romeNow(this.now()).date;
      const done = await removePriceListPrice({ priceListId, ...body }, today, tx);
      if (!done) return fieldFail('validFrom', PRICE_LIST_ADMIN_TEXT.priceNotFound);
      const after = await this.product(priceListId, body.productId, tx);
      if (!after) throw new Error('removePrice: the product is gone');
      await this.audit.record(
        {
          staff,
          action: 'price-remove',
          resource: LISTS,
          id: priceListId,
          before,
          after: { ...after, removed: body },
        },
        tx,
      );
      return ok({ data: after });
    });
  }

  /** a list's code; undefined: no such list */
  private async codeOf(priceListId: number, db: Db): Promise<string | undefined> {
    const [row] = await queryRows<{ code: string }>(
      db,
      sql`SELECT code FROM price_lists WHERE price_list_id = ${priceListId}`,
    );
    return row?.code;
  }

  private async product(priceListId: number, productId: number, db: Db) {
    const [row] = await this.productRows(priceListId, sql`p.product_id = ${productId}`, db);
    return row ?? null;
  }

  private productRows(priceListId: number, whereAndOrder: SQL, db: Db) {
    const today = romeNow(this.now()).date;
    return queryRows<AdminPriceListProduct>(
      db,
      sql`SELECT p.product_id AS "productId", p.cod_int AS code, p.barcode AS ean, p.name, p.brand,
            p.price_cents AS "chainPriceCents",
            (SELECT lp.price_cents FROM price_list_prices lp
             WHERE lp.price_list_id = ${priceListId} AND lp.product_id = p.product_id
               AND lp.valid_from <= ${today}::date AND (lp.valid_to IS NULL OR lp.valid_to >= ${today}::date)
             ORDER BY lp.valid_from DESC LIMIT 1) AS "todayPriceCents",
            COALESCE((SELECT json_agg(json_build_object('priceCents', lp.price_cents,
                        'validFrom', to_char(lp.valid_from, 'YYYY-MM-DD'),
                        'validTo', to_char(lp.valid_to, 'YYYY-MM-DD')) ORDER BY lp.valid_from)
                      FROM price_list_prices lp
                      WHERE lp.price_list_id = ${priceListId} AND lp.product_id = p.product_id), '[]'::json)
              AS prices
          FROM products p WHERE ${whereAndOrder}`,
    );
  }
}

/** A one-row batch's refusal as a form's: the field without `rows.0.`, the text without "Riga 1: ". */
function formFailure(failure: Failure): Failure {
  const field = failure.field?.replace(/^rows\.0\./, '');
  const text = failure.message.replace(/^Riga 1: /, '').replace(/\.?$/, '.');
  return { ...failure, message: text.charAt(0).toUpperCase() + text.slice(1), ...(field ? { field } : {}) };
}
