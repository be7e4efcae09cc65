import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/rows';
import { romeNow } from '../src/lib/rome-time';
import type { Db } from '../src/db/client';
import { callAs, type EnvelopeBody, type TestApp } from './helper';

/**
 * Cart tests: seeded products picked by their selling rules (read only: the tests of a file share its
 * database), and the cart calls as a signed-in customer.
 */
export interface PickedProduct {
  productId: number;
  name: string;
  stock: number;
  priceCents: number;
  infos: Record<string, string>;
  maxAcq: number | null;
}

/**
 * Today in Italy, as the shop and the seed count promotion days (lib/rome-time's `romeNow`; the
 * database's `current_date` is UTC's: the day before, from midnight to one in the morning in Italy).
 */
const today = () => sql`${romeNow(new Date()).date}::date`;

/** the most any store holds (the chain's catalogue, decision 095); `level` gives every store that much */
const STOCK = sql.raw(
  `(SELECT COALESCE(max(s.stock), 0) FROM product_stock s WHERE s.product_id = p.product_id)`,
);
const PRODUCT = sql.raw(`p.product_id AS "productId", p.name,
  (SELECT COALESCE(max(s.stock), 0) FROM product_stock s WHERE s.product_id = p.product_id)::float8 AS stock,
  p.price_cents AS "priceCents", p.product_infos AS infos, p.max_acq AS "maxAcq"`);
/** no promotion today, no options, no purchase limit: its price is the list price */
const plain = () => sql`p.active AND p.select_options = '[]'::jsonb AND p.max_acq IS NULL
  AND NOT EXISTS (SELECT 1 FROM product_promos pp WHERE pp.product_id = p.product_id
                  AND pp.valid_from <= ${today()} + 1 AND pp.valid_to >= ${today()} - 1)`;

/**
 * The picked products' stock made the same at every store (the most any holds): a cart sees `stock`
 * whichever store prepares it. Picking again levels to the same figure.
 */
async function level(db: Db, rows: readonly PickedProduct[]): Promise<void> {
  const inStock = rows.filter((r) => r.stock > 0);
  if (inStock.length === 0) return;
  await db.execute(
    sql`INSERT INTO product_stock (warehouse_id, product_id, stock)
        SELECT w.warehouse_id, x.id, x.stock
        FROM unnest(string_to_array(${inStock.map((r) => r.productId).join(',')}, ',')::int[],
                    string_to_array(${inStock.map((r) => r.stock.toFixed(3)).join(',')}, ',')::numeric[]) AS x(id, stock)
        CROSS JOIN warehouses w WHERE w.warehouse_type = 'store'
        ORDER BY w.warehouse_id, x.id
        ON CONFLICT (warehouse_id, product_id) DO UPDATE SET stock = EXCLUDED.stock`,
  );
}

async function pick(db: Db, where: ReturnType<typeof sql>, what: string): Promise<PickedProduct> {
  const [row] = await queryRows<PickedProduct>(
    db,
    sql`SELECT ${PRODUCT} FROM products p WHERE ${where} ORDER BY p.product_id LIMIT 1`,
  );
  if (!row) throw new Error(`no seeded product: ${what}`);
  await level(db, [row]);
  return row;
}

export const pickers = {
  /** `n` different plain pieces with stock (a batch add) */
  pieces: async (db: Db, n: number): Promise<PickedProduct[]> => {
    const rows = await queryRows<PickedProduct>(
      db,
      sql`SELECT ${PRODUCT} FROM products p WHERE ${plain()} AND ${STOCK} >= 50
            AND p.product_infos->>'TIPOLOGIA' = 'Pezzo' AND COALESCE(p.product_infos->>'QTY_MULT', '1') = '1'
          ORDER BY p.product_id LIMIT ${n}`,
    );
    if (rows.length < n) throw new Error(`only ${rows.length} seeded pieces, ${n} wanted`);
    await level(db, rows);
    return rows;
  },
  piece: (db: Db) =>
    pick(
      db,
      sql`${plain()} AND ${STOCK} >= 50 AND p.product_infos->>'TIPOLOGIA' = 'Pezzo'
          AND COALESCE(p.product_infos->>'QTY_MULT', '1') = '1'`,
      'Pezzo',
    ),
  lockedPack6: (db: Db) =>
    pick(
      db,
      sql`${plain()} AND ${STOCK} >= 120 AND p.product_infos->>'TIPOLOGIA' = 'Confezione'
          AND p.product_infos->>'QTY_MULT' = '6' AND p.product_infos->>'QTY_LOCKED' = 'true'`,
      'Confezione QTY_MULT 6 locked',
    ),
  loose500by100: (db: Db) =>
    pick(
      db,
      sql`${plain()} AND ${STOCK} >= 5 AND p.product_infos->>'TIPOLOGIA' = 'Sfuso'
          AND p.product_infos->>'WEIGHT_SELLING' = '500' AND p.product_infos->>'STEP_SELLING' = '100'`,
      'Sfuso 500 g by 100 g',
    ),
  looseBy1500: (db: Db) =>
    pick(
      db,
      sql`${plain()} AND ${STOCK} >= 10 AND p.product_infos->>'TIPOLOGIA' = 'Sfuso'
          AND p.product_infos->>'WEIGHT_SELLING' = '1500' AND p.product_infos->>'STEP_SELLING' = '1500'`,
      'Sfuso by 1500 g',
    ),
  unavailable: (db: Db) => pick(db, sql`p.active AND ${STOCK} <= 0`, 'out of stock'),
  limited: (db: Db) =>
    pick(
      db,
      sql`p.active AND p.max_acq IS NOT NULL AND p.select_options = '[]'::jsonb AND ${STOCK} > p.max_acq
          AND p.product_infos->>'TIPOLOGIA' = 'Pezzo' AND COALESCE(p.product_infos->>'QTY_MULT', '1') = '1'`,
      'with MAXACQ',
    ),
  lowStock: (db: Db) =>
    pick(
      db,
      sql`${plain()} AND ${STOCK} BETWEEN 4 AND 12 AND p.product_infos->>'TIPOLOGIA' = 'Pezzo'
          AND COALESCE(p.product_infos->>'QTY_MULT', '1') = '1'`,
      'low stock',
    ),
  withOptions: (db: Db) =>
    pick(db, sql`p.active AND ${STOCK} >= 5 AND p.select_options <> '[]'::jsonb`, 'with options'),
  promoted: (db: Db) =>
    pick(
      db,
      sql`p.active AND ${STOCK} >= 10 AND p.select_options = '[]'::jsonb AND p.max_acq IS NULL
          AND p.product_infos->>'TIPOLOGIA' = 'Pezzo' AND COALESCE(p.product_infos->>'QTY_MULT', '1') = '1'
          AND EXISTS (SELECT 1 FROM product_promos pp WHERE pp.product_id = p.product_id AND NOT pp.selectable
                      AND pp.valid_from <= ${today()} - 1 AND pp.valid_to >= ${today()} + 1)`,
      'promoted today',
    ),
  /** a piece whose promotion applies only when the customer chooses it (promo selector) */
  selectablePromo: (db: Db) =>
    pick(
      db,
      sql`p.active AND ${STOCK} >= 10 AND p.select_options = '[]'::jsonb AND p.max_acq IS NULL
          AND COALESCE(p.product_infos->>'QTY_MULT', '1') = '1'
          AND EXISTS (SELECT 1 FROM product_promos pp WHERE pp.product_id = p.product_id AND pp.selectable
                      AND pp.valid_from <= ${today()} - 1 AND pp.valid_to >= ${today()} + 1)`,
      'with a selectable promotion today',
    ),
};

export interface WireItem {
  itemId: number;
  quantity: number;
  weight: number | null;
  params: Record<string, string>;
  cartItemInfo: Record<string, string>;
  unitPrice: number;
  unitPriceStandard: number;
  grossTotal: number;
  grossTotalStandard: number;
  discount: number;
  available: boolean;
  isPackage: boolean;
  sectorId: number;
  warehousePromo: { warehousePromoId: number } | null;
  product: {
    productId: number;
    name: string;
    price: number;
    priceDisplay: number;
    selectOptions: Array<{ parameterName: string; selected?: string }>;
  };
}
export interface WireCart {
  cartId: number;
  cartItems: WireItem[];
  sectors?: Array<{ sectorId: number; name: string; cartItems: WireItem[] }>;
  cartInfos: Record<string, string>;
  totalItems: number;
  totalPrice: number;
  totalPriceStandard: number;
  totalDiscount: number;
  deliveryFee: number;
  grossTotal: number;
  /** the chosen slot, or the first available one (`autoAssigned`) */
  timeslot?: { autoAssigned?: boolean } | null;
}

export const cartApi = (t: TestApp, token: string | null) => {
  const call = (method: 'GET' | 'POST', path: string, payload?: unknown) =>
    callAs<WireCart>(t.app, token, method, `/ebsn/api${path}`, payload === undefined ? {} : { payload });
  return {
    view: (query = '') => call('GET', `/cart/view${query}`),
    add: (items: unknown[], query = '') => call('POST', `/cart/add${query}`, { items }),
    update: (items: unknown[]) => call('POST', '/cart/update', { items }),
    remove: (items: unknown[]) => call('POST', '/cart/delete', { items }),
    cartInfo: (property: unknown, value: unknown) =>
      call('POST', '/cart/update-cart-info', { property, value }),
    infos: (items: unknown[]) => call('POST', '/cart/update-infos', { items }),
    close: (cartId: unknown) => call('POST', '/cart/close', { cart_id: cartId }),
    raw: call,
  };
};

export const lineOf = (body: EnvelopeBody<WireCart>, productId: number): WireItem | undefined =>
  body.data.cartItems.find((i) => i.product.productId === productId);
