import { CART_STATUS } from '@spesa/shared/contracts/delivery';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowFromJson } from '../../db/json-row';
import { carts } from '../../db/schema';
import {
  cartProductsLiveOf,
  cartProductsLiveSql,
  type CartProductsLive,
} from '../catalogue/catalogue.service';
import {
  deliveryPartsOf,
  deliveryPartsSql,
  type DeliveryParts,
  type DeliveryPartsKeys,
  type SlotWindowAsk,
} from '../delivery/delivery-parts';
import type { CartItemRow, CartRow } from './cart.repository';

/**
 * The open cart with everything a cart call reads of it, in one statement (decision 059, session 44): the
 * row and its version (`xmin`: any change of the row changes it, see `addLine`), the lines, the infos, and
 * the delivery module's parts (the address, its zone, the chosen slot, the window's slots for the first
 * available one, the slot asked for), composed from the subquery that module exports.
 */
export interface OpenCartParts {
  cart: CartRow;
  version: string;
  lines: CartItemRow[];
  infos: Record<string, string>;
  delivery: DeliveryParts | null;
  /**
   * with `products`: the live columns (stock, prices, promotions, availability at the cart's warehouse) of
   * the cart's lines' products and of the ones asked, the catalogue's subquery (`cartProductsLiveSql`)
   */
  products?: CartProductsLive;
  /**
   * what another module's subquery keyed by the cart read with it (`openCartPartsJsonSql`'s `alongside`), as
   * its json value answered it (the asking module decodes it); absent: none asked
   */
  alongside?: unknown;
}

/**
 * The open cart's read (OpenCartParts); `withProducts` adds the catalogue's live columns of the lines'
 * products and of `productIds` (text `1,2,3`, '' for none) at the cart's warehouse on `today`.
 */
export function openCartPartsQuery(withProducts: boolean, db: Db) {
  const p = (name: string) => sql.placeholder(name);
  const keys = {
    window: {
      from: sql`${p('windowFrom')}`,
      to: sql`${p('windowTo')}`,
      openAfter: sql`${p('windowOpenAfter')}`,
      lockDays: sql`${p('windowLockDays')}`,
    },
    wanted: { date: sql`${p('wantedDate')}`, timeslotId: sql`${p('wantedTimeslotId')}` },
    today: sql`${p('today')}`,
    productIds: sql`${p('productIds')}`,
  };
  // qualified: drizzle writes a column of the selected table without its table's name
  const parts = partsOf(sql`${carts}`, keys);
  return db
    .select({
      ...(withProducts ? { products: parts.products } : {}),
      cart: carts,
      version: parts.version,
      lines: parts.lines,
      infos: parts.infos,
      delivery: parts.delivery,
    })
    .from(carts)
    .where(and(eq(carts.userId, p('userId')), isNull(carts.closedAt)))
    .limit(1)
    .prepare(withProducts ? 'cart_open_with_parts_products' : 'cart_open_with_parts');
}

/** The values of `openCartPartsQuery`'s slot window placeholders (null: no first available slot wanted). */
export function openCartWindowValues(window: SlotWindowAsk | null): Record<string, string | null> {
  return {
    windowFrom: window?.from ?? null,
    windowTo: window?.to ?? null,
    windowOpenAfter: window?.openAfter ?? null,
    windowLockDays: window?.lockDays ?? null,
  };
}

/** The request's values the open cart's read is keyed by (parameters or placeholders). */
interface OpenCartKeys {
  /** the slot window and the slot asked for (`DeliveryPartsKeys`; absent: that part not read) */
  window?: DeliveryPartsKeys['window'];
  wanted?: DeliveryPartsKeys['wanted'];
  today: SQL;
  /** text `1,2,3` ('' for none): the products read besides the lines' */
  productIds: SQL;
}

/** The parts of the open cart `c` (its table or alias, as SQL) other than its row. */
function partsOf(c: SQL, keys: OpenCartKeys) {
  return {
    version: sql<string>`${c}.xmin::text`,
    lines: sql<CartItemRow[]>`(SELECT COALESCE(json_agg(json_build_object('itemId', i.item_id,
        'cartId', i.cart_id, 'productId', i.product_id, 'optionsKey', i.options_key, 'options', i.options,
        'quantity', i.quantity::float8, 'promoId', i.promo_id, 'infos', i.infos,
        'insertionTypeId', i.insertion_type_id) ORDER BY i.item_id), '[]'::json)
      FROM cart_items i WHERE i.cart_id = ${c}.cart_id)`,
    infos: sql<Record<string, string>>`(SELECT COALESCE(json_object_agg(ci.name, ci.value), '{}'::json)
      FROM cart_infos ci WHERE ci.cart_id = ${c}.cart_id)`,
    delivery: deliveryPartsSql({
      addressId: sql`${c}.shipping_address_id`,
      slotId: sql`${c}.slot_id`,
      slotDate: sql`${c}.timeslot_date`,
      timeslotId: sql`${c}.timeslot_id`,
      ...(keys.window ? { window: keys.window } : {}),
      ...(keys.wanted ? { wanted: keys.wanted } : {}),
    }),
    products: cartProductsLiveSql({
      productIds: sql`(ARRAY(SELECT i.product_id FROM cart_items i WHERE i.cart_id = ${c}.cart_id)
        || string_to_array(${keys.productIds}::text, ',')::int[])`,
      warehouseId: sql`${c}.warehouse_id`,
      today: sql`${keys.today}::text`,
    }),
  };
}

/** What a route reads of the open cart with it (`openCartPartsJsonSql`). */
export interface OpenCartReads {
  /** the slot window's slots, for the first available one */
  window: boolean;
  /** the slot asked for */
  wanted: boolean;
  /** the live columns of the lines' products and of those asked (absent: true) */
  products?: boolean;
  /** another module's json value keyed by the open cart, read in the same statement: `OpenCartParts.alongside` */
  alongside?: (cart: OpenCartSqlKeys) => SQL;
}

/** What another module's subquery read with the open cart is keyed by (SQL of the cart's row). */
export interface OpenCartSqlKeys {
  cartId: SQL;
  userId: SQL;
  /** the cart is locked for payment (status 7) with a slot chosen: one a buy may purchase */
  lockedWithSlot: SQL;
}

/**
 * The open cart of a user with its parts and its products' live columns, as one json value (null: no open
 * cart), for a statement of another module keyed by the user (`userId`: its column): the session's, when a
 * route asks its companion read (decision 059, session 46). The same parts as `openCartPartsQuery` with
 * products, but only the parts the route reads (`reads`: the slot window for the first available slot, the
 * slot asked for, the products; a part not read answers null) and what another module reads keyed by the cart
 * (`alongside`); the slot window, the slot asked for, the day and the products asked besides the lines' are
 * placeholders of the caller's statement, named here (`OPEN_CART_JSON_KEYS`, values by `openCartJsonValues`).
 */
export function openCartPartsJsonSql(userId: SQL, reads: OpenCartReads): SQL {
  const p = (name: string) => sql`${sql.placeholder(name)}`;
  const parts = partsOf(sql.raw('oc'), {
    ...(reads.window
      ? {
          window: {
            from: p(OPEN_CART_JSON_KEYS.windowFrom),
            to: p(OPEN_CART_JSON_KEYS.windowTo),
            openAfter: p(OPEN_CART_JSON_KEYS.windowOpenAfter),
            lockDays: p(OPEN_CART_JSON_KEYS.windowLockDays),
          },
        }
      : {}),
    ...(reads.wanted
      ? {
          wanted: {
            date: p(OPEN_CART_JSON_KEYS.wantedDate),
            timeslotId: p(OPEN_CART_JSON_KEYS.wantedTimeslotId),
          },
        }
      : {}),
    today: p(OPEN_CART_JSON_KEYS.today),
    productIds: p(OPEN_CART_JSON_KEYS.productIds),
  });
  // a part not read is not a key of the value (`openCartPartsOf` reads it as absent)
  const products = reads.products === false ? sql`` : sql`, 'products', ${parts.products}`;
  const keys: OpenCartSqlKeys = {
    cartId: sql.raw('oc.cart_id'),
    userId: sql.raw('oc.user_id'),
    lockedWithSlot: sql`(oc.cart_status_id = ${sql.raw(String(CART_STATUS.locked))}
      AND oc.timeslot_date IS NOT NULL AND oc.timeslot_id IS NOT NULL)`,
  };
  const alongside = reads.alongside ? sql`, 'alongside', ${reads.alongside(keys)}` : sql``;
  return sql`(SELECT json_build_object('cart', row_to_json(oc), 'version', ${parts.version},
      'lines', ${parts.lines}, 'infos', ${parts.infos}, 'delivery', ${parts.delivery}${products}${alongside})
    FROM carts oc WHERE oc.user_id = ${userId} AND oc.closed_at IS NULL LIMIT 1)`;
}

/** The placeholders of `openCartPartsJsonSql` (apart from the caller's own). */
export const OPEN_CART_JSON_KEYS = {
  windowFrom: 'cartWindowFrom',
  windowTo: 'cartWindowTo',
  windowOpenAfter: 'cartWindowOpenAfter',
  windowLockDays: 'cartWindowLockDays',
  wantedDate: 'cartWantedDate',
  wantedTimeslotId: 'cartWantedTimeslotId',
  today: 'cartToday',
  productIds: 'cartProductIds',
} as const;

/**
 * The values of `openCartPartsJsonSql`'s placeholders: the slot window asked (null: no first available
 * slot wanted), the slot asked for, the day, the products read besides the lines' (checked ids).
 */
export function openCartJsonValues(v: {
  window: SlotWindowAsk | null;
  wanted: { date: string; timeslotId: number } | null;
  today: string;
  productIds: readonly number[];
}): Record<string, unknown> {
  return {
    [OPEN_CART_JSON_KEYS.windowFrom]: v.window?.from ?? null,
    [OPEN_CART_JSON_KEYS.windowTo]: v.window?.to ?? null,
    [OPEN_CART_JSON_KEYS.windowOpenAfter]: v.window?.openAfter ?? null,
    [OPEN_CART_JSON_KEYS.windowLockDays]: v.window?.lockDays ?? null,
    [OPEN_CART_JSON_KEYS.wantedDate]: v.wanted?.date ?? null,
    [OPEN_CART_JSON_KEYS.wantedTimeslotId]: v.wanted?.timeslotId ?? null,
    [OPEN_CART_JSON_KEYS.today]: v.today,
    [OPEN_CART_JSON_KEYS.productIds]: v.productIds.join(','),
  };
}

/** `openCartPartsJsonSql`'s value decoded into the cart's and the delivery module's row types. */
export function openCartPartsOf(value: unknown): OpenCartParts | null {
  if (value === null || value === undefined) return null;
  const json = (typeof value === 'string' ? JSON.parse(value) : value) as {
    cart: Record<string, unknown>;
    version: string;
    lines: CartItemRow[];
    infos: Record<string, string>;
    delivery: unknown;
    products?: unknown;
    alongside?: unknown;
  };
  return {
    cart: rowFromJson(carts, json.cart),
    version: json.version,
    lines: json.lines,
    infos: json.infos,
    delivery: deliveryPartsOf(json.delivery),
    products: json.products == null ? undefined : cartProductsLiveOf(json.products),
    ...(json.alongside == null ? {} : { alongside: json.alongside }),
  };
}
