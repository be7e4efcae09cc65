import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { carts } from '../../db/schema';
import { cartProductsLiveSql, type CartProductsLive } from '../catalogue/catalogue.service';
import { deliveryPartsSql, type DeliveryParts } from '../delivery/delivery-parts';
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
}

/**
 * The open cart's read (OpenCartParts); `withProducts` adds the catalogue's live columns of the lines'
 * products and of `productIds` (text `1,2,3`, '' for none) at the cart's warehouse on `today`.
 */
export function openCartPartsQuery(withProducts: boolean, db: Db) {
  const p = (name: string) => sql.placeholder(name);
  const products = cartProductsLiveSql({
    productIds: sql`(ARRAY(SELECT i.product_id FROM cart_items i WHERE i.cart_id = ${carts}.cart_id)
      || string_to_array(${p('productIds')}::text, ',')::int[])`,
    warehouseId: sql`${carts}.warehouse_id`,
    today: sql`${p('today')}::text`,
  });
  return db
    .select({
      ...(withProducts ? { products } : {}),
      cart: carts,
      version: sql<string>`${carts}.xmin::text`,
      lines: sql<CartItemRow[]>`(SELECT COALESCE(json_agg(json_build_object('itemId', i.item_id,
          'cartId', i.cart_id, 'productId', i.product_id, 'optionsKey', i.options_key, 'options', i.options,
          'quantity', i.quantity::float8, 'promoId', i.promo_id, 'infos', i.infos,
          'insertionTypeId', i.insertion_type_id) ORDER BY i.item_id), '[]'::json)
        FROM cart_items i WHERE i.cart_id = ${carts}.cart_id)`,
      infos: sql<Record<string, string>>`(SELECT COALESCE(json_object_agg(ci.name, ci.value), '{}'::json)
        FROM cart_infos ci WHERE ci.cart_id = ${carts}.cart_id)`,
      delivery: deliveryPartsSql({
        // qualified: drizzle writes a column of the selected table without its table's name
        addressId: sql`${carts}.shipping_address_id`,
        slotId: sql`${carts}.slot_id`,
        slotDate: sql`${carts}.timeslot_date`,
        timeslotId: sql`${carts}.timeslot_id`,
        windowFrom: sql`${p('windowFrom')}`,
        windowTo: sql`${p('windowTo')}`,
        wantedDate: sql`${p('wantedDate')}`,
        wantedTimeslotId: sql`${p('wantedTimeslotId')}`,
      }),
    })
    .from(carts)
    .where(and(eq(carts.userId, p('userId')), isNull(carts.closedAt)))
    .limit(1)
    .prepare(withProducts ? 'cart_open_with_parts_products' : 'cart_open_with_parts');
}
