import { isPackageQuantity, lineTotalCents, parseSellingRules } from '@spesa/shared/cart/quantity';
import type { Cart, CartItem, CartSector, CartStoreChange } from '@spesa/shared/contracts/cart';
import { DEFAULT_STORE } from '@spesa/shared/contracts/delivery';
import type { CartProductFacts, CatalogueService } from '../catalogue/catalogue.service';
import { promoFor, type Buyer } from '../catalogue/promo-audience';
import { shippingAddressOf } from '../delivery/delivery.mapper';
import type { DeliveryService, DeliveryTarget } from '../delivery/delivery.service';
import type { SlotView, TimeslotService } from '../delivery/timeslot.service';
import { isLoose } from './cart-line-rules';
import type { CartItemRow, CartRepository, CartRow } from './cart.repository';
import { storeChangeOf } from './store-change';

/**
 * What a call already read or wrote of the cart, so that its answer reads none of it again: the lines as the
 * call left them, the product facts it read for the cart's store (a line whose product is not among them is
 * read then), the buyer's card and segments, the slot it just chose.
 */
export interface KnownCartParts {
  rows?: CartItemRow[];
  facts?: { warehouseId: number; byProduct: ReadonlyMap<number, CartProductFacts> };
  buyer?: Buyer | null;
  /** the slot the call chose or read for the cart; null: the call read that the cart has no valid one */
  slot?: SlotView | null;
  /** the first slot a customer could choose now, as the call read it (when the cart has none) */
  firstAvailable?: SlotView | null;
  /** the cart's infos as the call read them */
  infos?: Record<string, string>;
}

/**
 * The cart on the wire: its delivery part as the cart's address and chosen slot give it, its lines priced now
 * from the catalogue, its totals; and the empty cart of an anonymous visitor.
 */
export class CartWire {
  constructor(
    private readonly repo: CartRepository,
    private readonly delivery: DeliveryService,
    private readonly timeslots: TimeslotService,
    private readonly catalogue: CatalogueService,
    private readonly buyers: (userId: number) => Promise<Buyer>,
  ) {}

  /** The cart's chosen slot, when it still belongs to the calendar of its address. */
  async chosenSlot(cart: CartRow, target: DeliveryTarget, known?: SlotView | null) {
    if (cart.timeslotDate === null || cart.timeslotId === null || known === null) return null;
    if (
      known &&
      known.slotId === cart.slotId &&
      known.date === cart.timeslotDate &&
      known.timeslotId === cart.timeslotId
    )
      return known;
    const slot = await this.timeslots.describe(target.calendar, cart.timeslotDate, cart.timeslotId);
    return slot && slot.slotId === cart.slotId ? slot : null;
  }

  async toWire(
    userId: number,
    cart: CartRow,
    target: DeliveryTarget | null,
    showSectors = false,
    known: KnownCartParts = {},
  ): Promise<Cart> {
    let timeslot: Cart['timeslot'] = null;
    let feeCents = 0;
    if (target) {
      const chosen = await this.chosenSlot(cart, target, known.slot);
      const slot =
        chosen ??
        (known.firstAvailable !== undefined
          ? known.firstAvailable
          : await this.timeslots.firstAvailable(target.calendar));
      if (slot)
        timeslot = {
          date: slot.date,
          timeslotId: slot.timeslotId,
          autoAssigned: chosen ? cart.timeslotAutoAssigned : true,
          beginTime: slot.beginTime,
          endTime: slot.endTime,
          deliveryDayPeriodId: slot.deliveryDayPeriodId,
        };
      feeCents = (await this.delivery.feeOf(userId, target)).cents;
    }
    const storeId = target?.storeId ?? DEFAULT_STORE.storeId;
    const warehouseId = target?.warehouseId ?? DEFAULT_STORE.storeId;
    const warehouseName = target ? await this.delivery.warehouseName(warehouseId) : DEFAULT_STORE.name;
    const lines = await this.pricedLines(cart.cartId, { warehouseId, name: warehouseName }, userId, known);
    return {
      cartId: cart.cartId,
      user: { userId },
      cartStatusId: cart.cartStatusId,
      deliveryServiceId: target?.deliveryServiceId ?? null,
      store: {
        storeId,
        name: target ? await this.delivery.warehouseName(storeId) : DEFAULT_STORE.name,
        autoAssigned: target ? cart.storeAutoAssigned : true,
      },
      warehouse: { warehouseId, name: warehouseName },
      shippingAddress: target
        ? shippingAddressOf(target, { autoAssigned: cart.addressAutoAssigned, withClasses: true })
        : null,
      timeslot,
      cartInfos: known.infos ?? (await this.repo.cartInfos(cart.cartId)),
      cartItems: lines.items,
      ...(showSectors ? { sectors: sectorsOf(lines.items) } : {}),
      totalItems: lines.items.length,
      totalPrice: lines.paidCents / 100,
      totalPriceStandard: lines.standardCents / 100,
      totalDiscount: (lines.standardCents - lines.paidCents) / 100,
      deliveryFee: feeCents / 100,
      grossTotal: (lines.paidCents + feeCents) / 100,
    };
  }

  /**
   * The lines priced now from the catalogue (decision 015): today's list price, today's promotion (a
   * selectable one only when the customer chose it), line totals on thousandths of the quantity. Lines whose
   * product is no longer sold or out of stock stay in the cart, marked not available, out of the totals.
   */
  private async pricedLines(
    cartId: number,
    warehouse: { warehouseId: number; name: string },
    userId: number,
    known: KnownCartParts = {},
  ): Promise<{ items: CartItem[]; paidCents: number; standardCents: number }> {
    const rows = known.rows ?? (await this.repo.listItems(cartId));
    const buyer = known.buyer ?? (await this.buyers(userId));
    const read = known.facts?.warehouseId === warehouse.warehouseId ? known.facts.byProduct : null;
    const unread = rows.map((r) => r.productId).filter((id) => !read?.has(id));
    const fetched =
      unread.length > 0 || !read
        ? await this.catalogue.productsForCart(unread, warehouse.warehouseId)
        : new Map<number, CartProductFacts>();
    const facts = read ? new Map([...read, ...fetched]) : fetched;
    const items: CartItem[] = [];
    let paidCents = 0;
    let standardCents = 0;
    for (const row of rows) {
      const f = facts.get(row.productId);
      if (!f) continue; // the catalogue no longer knows it: nothing to show nor to charge
      const rules = parseSellingRules(f.product);
      const promo = promoFor(f.promos, row.promoId, buyer);
      const unitCents = promo ? promo.priceCents : f.listPriceCents;
      const lineCents = lineTotalCents(row.quantity, unitCents);
      const lineStandardCents = lineTotalCents(row.quantity, f.listPriceCents);
      const available = f.active && f.stock > 0;
      if (available) {
        paidCents += lineCents;
        standardCents += lineStandardCents;
      }
      const isPackage = isPackageQuantity(rules, row.quantity);
      const department = f.product.breadCrumbs[0];
      items.push({
        itemId: row.itemId,
        product: {
          ...f.product,
          deliveryWarehouse: warehouse,
          selectOptions: f.product.selectOptions.map((o) => {
            const selected = row.options[o.parameterName];
            return selected === undefined ? o : { ...o, selected };
          }),
        },
        quantity: row.quantity,
        weight: isLoose(rules) ? row.quantity : null,
        cartItemInsertionTypeId: row.insertionTypeId,
        cartItemInfo: { ...row.infos, ...(isPackage ? { package: 'true' } : {}) },
        params: row.options,
        unitPrice: unitCents / 100,
        unitPriceStandard: f.listPriceCents / 100,
        grossTotal: lineCents / 100,
        grossTotalStandard: lineStandardCents / 100,
        discount: (lineStandardCents - lineCents) / 100,
        warehousePromo: promo?.view ?? null,
        available,
        isPackage,
        sectorId: department?.categoryId ?? f.product.categoryId,
      });
    }
    return { items, paidCents, standardCents };
  }

  /**
   * What moving the cart to warehouse `to` does to its lines (decision 095): availability, quantities above
   * the new stock, prices; the unavailable lines with their alternatives at `to`. Null: same warehouse.
   */
  async storeChange(userId: number, cart: CartRow, to: number): Promise<CartStoreChange | null> {
    if (cart.warehouseId === to) return null;
    const rows = await this.repo.listItems(cart.cartId);
    const ids = rows.map((r) => r.productId);
    const [before, after, buyer] = await Promise.all([
      this.catalogue.productsForCart(ids, cart.warehouseId),
      this.catalogue.productsForCart(ids, to),
      this.buyers(userId),
    ]);
    const change = storeChangeOf(rows, before, after, buyer, { from: cart.warehouseId, to });
    if (change.unavailable.length > 0) {
      const found = await this.catalogue.alternatives(
        change.unavailable.map((u) => u.productId),
        to,
      );
      const byProduct = new Map(found.map((a) => [a.productId, a.alternativeIds]));
      for (const u of change.unavailable) u.alternativeIds = byProduct.get(u.productId) ?? [];
    }
    return change;
  }

  /** The empty cart an anonymous visitor sees when anonymous carts are allowed (nothing is stored). */
  anonymousCart(): Cart {
    return {
      cartId: 0,
      user: { userId: -1 },
      cartStatusId: 0,
      deliveryServiceId: null,
      store: { storeId: DEFAULT_STORE.storeId, name: DEFAULT_STORE.name, autoAssigned: true },
      warehouse: { warehouseId: DEFAULT_STORE.storeId, name: DEFAULT_STORE.name },
      shippingAddress: null,
      timeslot: null,
      cartInfos: {},
      cartItems: [],
      totalItems: 0,
      totalPrice: 0,
      totalPriceStandard: 0,
      totalDiscount: 0,
      deliveryFee: 0,
      grossTotal: 0,
    };
  }
}

/** The lines grouped by department, in the order the departments first appear. */
function sectorsOf(items: CartItem[]): CartSector[] {
  const sectors = new Map<number, CartSector>();
  for (const item of items) {
    let sector = sectors.get(item.sectorId);
    if (!sector) {
      sector = { sectorId: item.sectorId, name: item.product.breadCrumbs[0]?.name ?? '', cartItems: [] };
      sectors.set(item.sectorId, sector);
    }
    sector.cartItems.push(item);
  }
  return [...sectors.values()];
}
