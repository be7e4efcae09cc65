import { masterProductInfos, netContentOf, type ProductMaster } from '@spesa/shared/catalogue/product-master';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { CATEGORY_TYPE } from '../../db/schema';
import { incrementCatalogueVersion } from './catalogue.repository';
import {
  kebab,
  mergedWithStored,
  STORED_COLUMNS,
  unitPriceOf,
  type StoredMaster,
  type UpsertOutcome,
} from './assortment-master';
import { upsertMasters, type UpsertManyOptions } from './catalogue-assortment-many';
import { freeFromOf } from './food-info';
import type { PriceHistory } from './price-history';

export type { UpsertOutcome } from './assortment-master';

/**
 * The product master written into the catalogue (decision 092), inside the caller's transaction: a product
 * created from the back office's form or upserted by its code from an import row. An upsert that changes
 * nothing writes nothing (no new `updatedAt`, no price history, no catalogue version): importing the same
 * file twice leaves the shop as it was. The caller moves the catalogue version once per transaction
 * (`touched`). Retiring a product is the editor's `active: false` (catalogue-admin.ts): it is never deleted.
 * An import's chunk and the seed write many at once with `upsertMany` (catalogue-assortment-many.ts, decision 100).
 */
export class AssortmentAdmin {
  constructor(private readonly history: PriceHistory) {}

  /** The product categories a row may name, by id and by slug (leaves and aisles alike). */
  async categoryIndex(db: Db): Promise<Map<string, number>> {
    const rows = await queryRows<{ id: number; slug: string }>(
      db,
      sql`SELECT category_id AS id, slug FROM categories
          WHERE category_type_id = ${CATEGORY_TYPE.products} AND level >= 1 AND show_in_menu`,
    );
    const index = new Map<string, number>();
    for (const r of rows) {
      index.set(String(r.id), r.id);
      index.set(r.slug.toLowerCase(), r.id);
    }
    return index;
  }

  /**
   * Writes a product master by its code: created when the code is new (refused when `createOnly` and it is
   * not), changed when a field differs, left alone when none does. Refused when its EAN is another code's.
   */
  async upsert(
    p: ProductMaster,
    opts: { createOnly: boolean; stock?: number; day: string; by: number | null },
    tx: Db,
  ): Promise<UpsertOutcome> {
    const [stored] = await queryRows<StoredMaster>(
      tx,
      sql`SELECT ${STORED_COLUMNS} FROM products WHERE cod_int = ${p.code} FOR UPDATE`,
    );
    if (stored && opts.createOnly)
      return { kind: 'refused', field: 'code', message: `Esiste già un prodotto con il codice ${p.code}.` };
    if (p.ean !== null) {
      const [other] = await queryRows<{ code: string }>(
        tx,
        sql`SELECT cod_int AS code FROM products WHERE barcode = ${p.ean} AND cod_int <> ${p.code}`,
      );
      if (other)
        return {
          kind: 'refused',
          field: 'ean',
          message: `EAN già usato dal prodotto con codice ${other.code}.`,
        };
    }
    const { unitBase, netQuantity } = netContentOf(p);
    const masterInfos = masterProductInfos(p);
    if (!stored) {
      const productId = await this.insert(
        p,
        { unitBase, netQuantity, infos: masterInfos },
        opts.stock ?? 0,
        tx,
      );
      await this.history.recordListPrice(productId, p.priceCents, opts.day, opts.by, tx);
      return { kind: 'created', productId };
    }
    const { infos, same } = mergedWithStored(stored, p, { unitBase, netQuantity, masterInfos });
    if (same) return { kind: 'unchanged', productId: stored.productId };
    await tx.execute(
      sql`UPDATE products SET name = ${p.name}, brand = ${p.brand}, format = ${p.format}, barcode = ${p.ean},
            vendor_id = ${await this.vendorOf(p.brand, tx)}, category_id = ${p.categoryId},
            iva_pct = ${p.vatPct.toFixed(2)}::numeric, selling_type = ${p.sellingType},
            unit_base = ${unitBase}, net_quantity = ${netQuantity === null ? null : netQuantity.toFixed(3)}::numeric,
            product_infos = ${JSON.stringify(infos)}::jsonb, price_cents = ${p.priceCents},
            unit_price_cents = ${unitPriceOf(p.priceCents, netQuantity)},
            ingredients = ${p.ingredients}, allergens = ${p.allergens}, storage = ${p.storage},
            free_from = string_to_array(${freeFromOf(p).join(',')}, ',')::text[],
            active = ${p.active}, updated_at = clock_timestamp()
          WHERE product_id = ${stored.productId}`,
    );
    if (stored.priceCents !== p.priceCents)
      await this.history.recordListPrice(stored.productId, p.priceCents, opts.day, opts.by, tx);
    return { kind: 'updated', productId: stored.productId };
  }

  /** `upsert` for a chunk of masters with distinct codes, in a few set-based statements (decision 100). */
  upsertMany(masters: readonly ProductMaster[], opts: UpsertManyOptions, tx: Db): Promise<UpsertOutcome[]> {
    return upsertMasters(masters, opts, this.history, tx);
  }

  /** The catalogue changed in this transaction: every API process serves it within a second. */
  touched(tx: Db): Promise<number> {
    return incrementCatalogueVersion(tx);
  }

  private async vendorOf(brand: string, tx: Db): Promise<number> {
    const [v] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO vendors (name) VALUES (${brand})
          ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING vendor_id AS id`,
    );
    if (!v) throw new Error('vendor upsert returned no row');
    return v.id;
  }

  private async insert(
    p: ProductMaster,
    c: { unitBase: string; netQuantity: number | null; infos: Record<string, string> },
    stock: number,
    tx: Db,
  ): Promise<number> {
    const vendorId = await this.vendorOf(p.brand, tx);
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO products (cod_int, name, slug, barcode, brand, format, vendor_id, category_id, iva_pct,
            selling_type, unit_base, product_infos, price_cents, unit_price_cents, net_quantity,
            ingredients, allergens, storage, free_from, media_icon, active)
          SELECT ${p.code}, ${p.name}, ${`${kebab(p.name)}-${kebab(p.code)}`}, ${p.ean}, ${p.brand}, ${p.format},
            ${vendorId}, ${p.categoryId}, ${p.vatPct.toFixed(2)}::numeric, ${p.sellingType}, ${c.unitBase},
            ${JSON.stringify(c.infos)}::jsonb, ${p.priceCents}, ${unitPriceOf(p.priceCents, c.netQuantity)},
            ${c.netQuantity === null ? null : c.netQuantity.toFixed(3)}::numeric,
            ${p.ingredients}, ${p.allergens}, ${p.storage},
            string_to_array(${freeFromOf(p).join(',')}, ',')::text[],
            COALESCE(regexp_replace(COALESCE(c.icon, parent.icon), '^[^:]*:', ''), 'shopping-cart'), ${p.active}
          FROM categories c LEFT JOIN categories parent ON parent.category_id = c.parent_id
          WHERE c.category_id = ${p.categoryId}
          RETURNING product_id AS id`,
    );
    if (!row) throw new Error(`category ${p.categoryId} vanished inside the transaction`);
    // the form's first stock is every store's (decision 095); the stores' systems send theirs after
    if (stock > 0)
      await tx.execute(
        sql`INSERT INTO product_stock (warehouse_id, product_id, stock)
            SELECT w.warehouse_id, ${row.id}, ${stock.toFixed(3)}::numeric FROM warehouses w
            WHERE w.warehouse_type = 'store' ORDER BY w.warehouse_id`,
      );
    return row.id;
  }
}
