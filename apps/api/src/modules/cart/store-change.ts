import { toMilli } from '@spesa/shared/cart/quantity';
import type { CartStoreChange } from '@spesa/shared/contracts/cart';
import type { CartProductFacts } from '../catalogue/catalogue.service';
import { promoFor, type Buyer } from '../catalogue/promo-audience';
import type { CartItemRow } from './cart.repository';

/**
 * What a change of store or service does to a cart (decision 095): its lines are priced and checked against
 * the stock of the new store. A line available before and not there is `unavailable` (with the products of
 * its shelf the new store has, `alternativeIds`); one whose quantity is more than the new store holds is
 * `reduced`; one whose unit price moves is `repriced`. The customer reads it as warnings; the web app shows
 * the lines and their alternatives.
 */
export function storeChangeOf(
  rows: readonly CartItemRow[],
  before: ReadonlyMap<number, CartProductFacts>,
  after: ReadonlyMap<number, CartProductFacts>,
  buyer: Buyer,
  warehouses: { from: number; to: number },
): CartStoreChange {
  const change: CartStoreChange = {
    fromWarehouseId: warehouses.from,
    toWarehouseId: warehouses.to,
    unavailable: [],
    reduced: [],
    repriced: [],
  };
  const unitCents = (f: CartProductFacts, row: CartItemRow) =>
    promoFor(f.promos, row.promoId, buyer)?.priceCents ?? f.listPriceCents;
  for (const row of rows) {
    const was = before.get(row.productId);
    const is = after.get(row.productId);
    if (!was || !is) continue;
    const line = { itemId: row.itemId, productId: row.productId, name: is.product.name };
    const wasAvailable = was.active && was.stock > 0;
    const isAvailable = is.active && is.stock > 0;
    if (wasAvailable && !isAvailable) {
      change.unavailable.push({ ...line, alternativeIds: [] });
      continue;
    }
    if (isAvailable && toMilli(row.quantity) > toMilli(is.stock))
      change.reduced.push({ ...line, available: is.stock });
    const [from, to] = [unitCents(was, row), unitCents(is, row)];
    if (isAvailable && from !== to)
      change.repriced.push({ ...line, unitPriceBefore: from / 100, unitPrice: to / 100 });
  }
  return change;
}

const products = (n: number) => (n === 1 ? '1 prodotto' : `${n} prodotti`);

/** The change as the customer reads it (response.warnings), most serious first; none when nothing changed. */
export function storeChangeWarnings(change: CartStoreChange): string[] {
  const out: string[] = [];
  const { unavailable, reduced, repriced } = change;
  if (unavailable.length > 0)
    out.push(
      `${products(unavailable.length)} ${unavailable.length === 1 ? 'non è disponibile' : 'non sono disponibili'} nel negozio scelto` +
        (unavailable.some((u) => u.alternativeIds.length > 0) ? ': ti proponiamo delle alternative.' : '.'),
    );
  if (reduced.length > 0)
    out.push(
      `${products(reduced.length)} ${reduced.length === 1 ? 'ha' : 'hanno'} una disponibilità minore della quantità nel carrello nel negozio scelto.`,
    );
  if (repriced.length > 0)
    out.push(`Il prezzo di ${products(repriced.length)} è diverso nel negozio scelto.`);
  return out;
}
