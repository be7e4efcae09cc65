import { sql, type SQL } from 'drizzle-orm';
import type { OrderItemRow, OrderRow } from '../orders/order-placement.repository';

// A new order's purchase as one data-modifying statement (decision 059, session 46), composed from the parts
// each owning module exports (the cart's, the catalogue's stock, the delivery slot's place, the order's rows and
// its first status): one statement is atomic, so it needs no transaction. Its sub-statements all see the
// statement's snapshot; each write is conditional on the one before through the rows it answered, so a refusal
// writes nothing. The locks are taken in the order of decision 017 (the cart, the products in id order, the
// slot), each lock CTE answering the row as it stands once locked.

/** The parts of one purchase, each a function of the CTE names it depends on (see the owners' docs). */
export interface PurchaseStatementParts {
  cart: {
    lock: SQL;
    ready: (locked: SQL) => SQL;
    close: (when: SQL) => SQL;
    openNext: (closed: SQL) => SQL;
  };
  stock: {
    lock: (when: SQL) => SQL;
    enough: (locked: SQL) => SQL;
    short: (locked: SQL) => SQL;
    take: (locked: SQL, when: SQL) => SQL;
    soldOut: (taken: SQL, when: SQL) => SQL;
  };
  /** how many products the stock takes (each must answer) */
  products: number;
  slot: { lock: (when: SQL) => SQL; take: (locked: SQL) => SQL };
  order: {
    order: (when: SQL) => SQL;
    items: (order: SQL) => SQL;
    authorization: (order: SQL) => SQL;
  };
  /** the order's first status (its history row), once the order answered */
  initial: (order: SQL) => SQL;
}

/** What the statement answers: the new order with its lines and attempt, or why nothing was written. */
export interface PurchaseStatementRow {
  /** the cart, once locked, was still open, locked for payment and on the slot checked */
  cartReady: boolean;
  /** the products without the quantity wanted (meaningful when the cart was ready), in id order */
  short: number[];
  /** the slot had a place left (meaningful when every product had its quantity) */
  slotLocked: boolean;
  order: OrderRow | null;
  items: OrderItemRow[] | null;
  authorizationId: number | null;
}

const name = (n: string) => sql.raw(n);

/** The one statement of a purchase (see the file's head). */
export function purchaseStatement(p: PurchaseStatementParts): SQL {
  const cartLocked = name('cart_locked');
  const stockLocked = name('stock_locked');
  const slotLocked = name('slot_locked');
  const stockTaken = name('stock_taken');
  const slotTaken = name('slot_taken');
  const newOrder = name('new_order');
  const newItems = name('new_items');
  const newAuth = name('new_auth');
  const cartClosed = name('cart_closed');
  const placed = sql`EXISTS (SELECT 1 FROM ${newOrder})`;
  return sql`WITH ${cartLocked} AS MATERIALIZED (${p.cart.lock}),
    ${stockLocked} AS MATERIALIZED (${p.stock.lock(p.cart.ready(cartLocked))}),
    ${slotLocked} AS MATERIALIZED (${p.slot.lock(p.stock.enough(stockLocked))}),
    ${stockTaken} AS (${p.stock.take(stockLocked, sql`EXISTS (SELECT 1 FROM ${slotLocked})`)}),
    ${slotTaken} AS (${p.slot.take(slotLocked)}),
    ${newOrder} AS (${p.order.order(
      sql`EXISTS (SELECT 1 FROM ${slotTaken}) AND (SELECT count(*) FROM ${stockTaken}) = ${p.products}`,
    )}),
    ${newItems} AS (${p.order.items(newOrder)}),
    new_history AS (${p.initial(newOrder)}),
    ${newAuth} AS (${p.order.authorization(newOrder)}),
    ${cartClosed} AS (${p.cart.close(placed)}),
    cart_opened AS (${p.cart.openNext(cartClosed)}),
    sold_out AS (${p.stock.soldOut(stockTaken, placed)})
    SELECT ${p.cart.ready(cartLocked)} AS "cartReady",
      to_json(${p.stock.short(stockLocked)}) AS short,
      EXISTS (SELECT 1 FROM ${slotLocked}) AS "slotLocked",
      (SELECT row_to_json(o) FROM ${newOrder} o) AS "order",
      (SELECT json_agg(i ORDER BY i.position) FROM ${newItems} i) AS items,
      (SELECT authorization_id FROM ${newAuth}) AS "authorizationId"`;
}
