import type { MasterField, ProductMaster } from '@spesa/shared/catalogue/product-master';
import { sql } from 'drizzle-orm';

/** What writing one product master did (decision 092): the same for `upsert` and `upsertMany`. */
export type UpsertOutcome =
  | { kind: 'created' | 'updated' | 'unchanged'; productId: number }
  | { kind: 'refused'; field: MasterField; message: string };

/** The productInfos keys the product master owns (an update replaces these and keeps the others). */
export const MASTER_INFO_KEYS = [
  'TIPOLOGIA',
  'WEIGHT_UNIT_SELLING',
  'WEIGHT_UNIT_BASE',
  'WEIGHT_SELLING',
  'STEP_SELLING',
  'UNIT_SELLING',
  'QTY_MULT',
  'QTY_LOCKED',
  'MULTI_PACK',
  'MAXACQ',
] as const;

export interface StoredMaster {
  productId: number;
  name: string;
  brand: string;
  format: string;
  barcode: string | null;
  categoryId: number;
  ivaPct: number;
  sellingType: string;
  unitBase: string;
  netQuantity: number | null;
  infos: Record<string, string>;
  priceCents: number;
  ingredients: string | null;
  allergens: string | null;
  storage: string | null;
  active: boolean;
}

export const kebab = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);

/** Objects equal whatever their keys' order. */
const sameInfos = (a: Record<string, string>, b: Record<string, string>) => {
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a[k] === b[k]);
};

/** A product's price per kg / l, cents (null: not meaningful). */
export const unitPriceOf = (priceCents: number, netQuantity: number | null) =>
  netQuantity !== null && netQuantity > 0 ? Math.round(priceCents / netQuantity) : null;

/** What `upsert` reads of a stored product (and `upsertMany`, with its code). */
export const STORED_COLUMNS = sql`product_id AS "productId", name, brand, format, barcode,
  category_id AS "categoryId", iva_pct::float8 AS "ivaPct", selling_type AS "sellingType", unit_base AS "unitBase",
  net_quantity::float8 AS "netQuantity", product_infos AS infos, price_cents AS "priceCents",
  ingredients, allergens, storage, active`;

/** A stored product's infos with the master's keys replaced, and whether the master changes nothing. */
export function mergedWithStored(
  stored: StoredMaster,
  p: ProductMaster,
  c: { unitBase: string; netQuantity: number | null; masterInfos: Record<string, string> },
): { infos: Record<string, string>; same: boolean } {
  const infos: Record<string, string> = { ...stored.infos };
  for (const key of MASTER_INFO_KEYS) delete infos[key];
  Object.assign(infos, c.masterInfos, { MINACQ: stored.infos.MINACQ ?? '1' });
  const same =
    stored.name === p.name &&
    stored.brand === p.brand &&
    stored.format === p.format &&
    stored.barcode === p.ean &&
    stored.categoryId === p.categoryId &&
    stored.ivaPct === p.vatPct &&
    stored.sellingType === p.sellingType &&
    stored.unitBase === c.unitBase &&
    stored.netQuantity === c.netQuantity &&
    sameInfos(stored.infos, infos) &&
    stored.priceCents === p.priceCents &&
    stored.ingredients === p.ingredients &&
    stored.allergens === p.allergens &&
    stored.storage === p.storage &&
    stored.active === p.active;
  return { infos, same };
}
