import {
  formatQuantity,
  fromMilli,
  isPackageQuantity,
  lineTotalCents,
  parseSellingRules,
  refusalMessage,
  roundQuantity,
  toMilli,
  validateQuantity,
  type QuantityRefusal,
  type SellingRules,
} from '@spesa/shared/cart/quantity';
import {
  CART_INFO_PROPERTIES,
  type Cart,
  type CartAddItem,
  type CartItem,
  type CartSector,
  type PurchaseRestriction,
} from '@spesa/shared/contracts/cart';
import type { Product } from '@spesa/shared/contracts/catalogue';
import {
  CART_STATUS,
  DEFAULT_STORE,
  type DeliveryFeeData,
  type TimeslotDay,
} from '@spesa/shared/contracts/delivery';
import { Abort, fail, failWith, ok, type Failure, type Result } from '../../lib/result';
import { DELIVERY_TEXT } from '../delivery/delivery.messages';
import { shippingAddressOf } from '../delivery/delivery.mapper';
import type { DeliveryService, DeliveryTarget } from '../delivery/delivery.service';
import type { SlotView, TimeslotService } from '../delivery/timeslot.service';
import type { CartProductFacts, CatalogueService } from '../catalogue/catalogue.service';
import { promoFor, reaches, type Buyer } from '../catalogue/promo-audience';
import { CART_AVAILABILITY_CODE, CART_INFO_TEXT, CART_TEXT } from './cart.messages';
import {
  CartRepository,
  type CartDeliveryPatch,
  type CartItemRow,
  type CartLineWrite,
  type CartRow,
} from './cart.repository';

/**
 * What the customer's orders hold of a product on a day (the daily purchase limit counts today's carts and
 * orders). The orders module answers it (`OrdersService.dailyPurchases`, wired in app.ts).
 */
export interface DailyPurchasesPort {
  /** quantity in the product's base unit ordered on `date` (YYYY-MM-DD, Italian time) */
  orderedOn(userId: number, productId: number, date: string): Promise<number>;
}
export const NO_ORDERS_YET: DailyPurchasesPort = { orderedOn: async () => 0 };

export interface CartServiceOptions {
  catalogue: CatalogueService;
  dailyPurchases: DailyPurchasesPort;
  /** the customer's loyalty card and CRM segments, which card and segment promotions ask (decision 032) */
  buyers: (userId: number) => Promise<Buyer>;
}

/** The answer of a cart change: the whole new cart, the refusals (status != 0) and the success texts. */
export interface CartOutcome {
  cart: Cart;
  failures: Failure[];
  infos: string[];
}

/** Refusals about availability are shown as a popup by the web app (msg.cart.availability.errors). */
const AVAILABILITY_REFUSALS = new Set<QuantityRefusal['kind']>(['notAvailable', 'notEnough', 'dailyMaximum']);
/** A line of an add checked before its transaction: the quantity to add and the line to write. */
interface PreparedAdd {
  f: CartProductFacts;
  rules: SellingRules;
  delta: number;
  line: CartLineWrite;
}

/** A line an add was about to write changed meanwhile (another request's compare-and-set): start again. */
class LineChanged extends Error {}

/** compare-and-set attempts of one line change before answering "riprova" */
const WRITE_ATTEMPTS = 25;

function quantityFailure(rules: SellingRules, refusal: QuantityRefusal, productName: string): Failure {
  const { key, text } = refusalMessage(rules, refusal);
  const code = AVAILABILITY_REFUSALS.has(refusal.kind) ? CART_AVAILABILITY_CODE : key;
  return fail(code, refusal.kind === 'invalid' ? text : `${productName}: ${text}`);
}

/** "TAGLIO=sottile|X=y": the options sorted by parameter name (the line's identity beside the product). */
export function optionsKeyOf(options: Record<string, string>): string {
  return Object.keys(options)
    .sort()
    .map((k) => `${k}=${options[k] ?? ''}`)
    .join('|');
}

/**
 * The chosen options against the product's selectOptions: every option chosen (spec section 2: confirm only
 * when every option has a value), each with one of its keys, nothing else.
 */
export function checkOptions(
  product: Pick<Product, 'selectOptions'>,
  params: Record<string, string> | undefined,
): Result<Record<string, string>> {
  const chosen = params ?? {};
  const byName = new Map(product.selectOptions.map((o) => [o.parameterName, o]));
  for (const [name, key] of Object.entries(chosen)) {
    const option = byName.get(name);
    if (!option || !option.options.some((o) => o.key === key)) return failWith(CART_TEXT.optionInvalid);
  }
  const out: Record<string, string> = {};
  for (const option of product.selectOptions) {
    const key = chosen[option.parameterName];
    if (key === undefined || key === '') return failWith(CART_TEXT.optionsRequired);
    out[option.parameterName] = key;
  }
  return ok(out);
}

/** Line infos a request may set: accept_alternatives, notes, preferred_substitute (checked apart). */
type LineInfosInput = {
  accept_alternatives?: string | undefined;
  notes?: string | undefined;
  preferred_substitute?: string | undefined;
};

/** Line infos kept from a request: accept_alternatives "true" / "false" and notes, nothing else. */
function lineInfos(infos: LineInfosInput | undefined) {
  const out: Record<string, string> = {};
  if (infos?.accept_alternatives !== undefined) out.accept_alternatives = infos.accept_alternatives;
  if (infos?.notes !== undefined) out.notes = infos.notes.trim();
  return out;
}

const isLoose = (rules: SellingRules) => rules.sellingType === 'Sfuso';

/**
 * What a call already read or wrote of the cart, so that its answer reads none of it again: the lines as the
 * call left them, the product facts it read for the cart's store (a line whose product is not among them is
 * read then), the buyer's card and segments, the slot it just chose.
 */
export interface KnownCartParts {
  rows?: CartItemRow[];
  facts?: { warehouseId: number; byProduct: ReadonlyMap<number, CartProductFacts> };
  buyer?: Buyer | null;
  slot?: SlotView;
}

const NO_TIMESLOT: CartDeliveryPatch = {
  timeslotDate: null,
  timeslotId: null,
  slotId: null,
  timeslotAutoAssigned: true,
};

/**
 * The customer's open cart: its delivery part and its lines. One open cart per customer, created on first use
 * with the default delivery address or the favourite store (auto-assigned). Choosing an address or a store
 * sets the service, store and warehouse, and drops a chosen time slot that belongs to another calendar;
 * every change answers the whole new cart (spec section 4). Status 7 (locked for payment) refuses them.
 */
export class CartService {
  private readonly catalogue: CatalogueService;
  private readonly dailyPurchases: DailyPurchasesPort;
  private readonly buyers: (userId: number) => Promise<Buyer>;

  constructor(
    private readonly repo: CartRepository,
    private readonly delivery: DeliveryService,
    private readonly timeslots: TimeslotService,
    opts: CartServiceOptions,
  ) {
    this.catalogue = opts.catalogue;
    this.dailyPurchases = opts.dailyPurchases;
    this.buyers = opts.buyers;
  }

  /** The store whose assortment the customer's open cart shows; the chain's default store without one. */
  async warehouseOf(userId: number): Promise<number> {
    return (await this.repo.findOpenCart(userId))?.warehouseId ?? DEFAULT_STORE.storeId;
  }

  async getOrCreateOpenCart(userId: number): Promise<CartRow> {
    const existing = await this.repo.findOpenCart(userId);
    if (existing) return existing;
    for (const addressId of await this.delivery.defaultAddressIds(userId)) {
      const target = await this.delivery.resolveTarget(userId, addressId);
      if (target.ok)
        return this.repo.createOpenCart(userId, {
          ...this.deliveryPatch(target.data),
          addressAutoAssigned: true,
          storeAutoAssigned: true,
        });
    }
    return this.repo.createOpenCart(userId, {});
  }

  private deliveryPatch(t: DeliveryTarget): CartDeliveryPatch {
    return {
      deliveryServiceId: t.deliveryServiceId,
      storeId: t.storeId,
      warehouseId: t.warehouseId,
      shippingAddressId: t.address.addressId,
    };
  }

  private async targetOf(userId: number, cart: CartRow): Promise<DeliveryTarget | null> {
    if (cart.shippingAddressId === null) return null;
    const t = await this.delivery.resolveTarget(userId, cart.shippingAddressId);
    return t.ok ? t.data : null;
  }

  /** The cart's chosen slot, when it still belongs to the calendar of its address. */
  private async chosenSlot(cart: CartRow, target: DeliveryTarget, known?: SlotView) {
    if (cart.timeslotDate === null || cart.timeslotId === null) return null;
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

  /**
   * The cart on the wire for a cart row and its resolved address, built with what the caller already holds
   * (the checkout's answer: the lines it priced).
   */
  wireOf(userId: number, cart: CartRow, target: DeliveryTarget | null, known: KnownCartParts): Promise<Cart> {
    return this.toWire(userId, cart, target, false, known);
  }

  private async toWire(
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
      const slot = chosen ?? (await this.timeslots.firstAvailable(target.calendar));
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
      cartInfos: await this.repo.cartInfos(cart.cartId),
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

  /** GET /cart/view */
  async view(userId: number, showSectors = false): Promise<Result<Cart>> {
    const cart = await this.getOrCreateOpenCart(userId);
    return ok(await this.toWire(userId, cart, await this.targetOf(userId, cart), showSectors));
  }

  /** The whole cart after a change, with the change's refusals and success texts. */
  private async outcome(
    userId: number,
    showSectors: boolean,
    failures: Failure[],
    infos: string[],
  ): Promise<CartOutcome> {
    const cart = await this.getOrCreateOpenCart(userId);
    const wire = await this.toWire(userId, cart, await this.targetOf(userId, cart), showSectors);
    return { cart: wire, failures, infos: failures.length === 0 ? infos : [] };
  }

  /**
   * The open cart when its lines may change: a cart locked for payment is refused with its own message,
   * before anything of the request is looked at.
   */
  private async changeableCart(userId: number): Promise<Result<CartRow>> {
    const cart = await this.getOrCreateOpenCart(userId);
    return cart.cartStatusId === CART_STATUS.locked ? failWith(CART_TEXT.locked) : ok(cart);
  }

  /** What today's other lines and orders hold of a product (the daily purchase limit). */
  private async alreadyToday(userId: number, cartId: number, productId: number, thisLine: number) {
    const inCart = await this.repo.quantityOfProduct(cartId, productId);
    const ordered = await this.dailyPurchases.orderedOn(userId, productId, this.catalogue.today());
    return fromMilli(toMilli(inCart) - toMilli(thisLine) + toMilli(ordered));
  }

  /** One product as the cart's store sells it. */
  private async productFacts(cart: CartRow, productId: number): Promise<CartProductFacts | null> {
    return (await this.catalogue.productsForCart([productId], cart.warehouseId)).get(productId) ?? null;
  }

  /**
   * Sets a line to `target(current)` under the quantity rules, by compare-and-set: read the line, check the
   * new quantity (stock, maximum, daily limit), write it only if the line still holds what was read, else
   * read again. `target` answers the new quantity from the current one (null: the line does not exist).
   */
  private async writeChecked(
    userId: number,
    cart: CartRow,
    f: CartProductFacts,
    read: () => Promise<CartItemRow | null>,
    target: (current: number) => number,
    write: (line: CartItemRow | null, quantity: number) => Promise<boolean>,
  ): Promise<Result<number>> {
    const rules = parseSellingRules(f.product);
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const line = await read();
      const current = line?.quantity ?? 0;
      const wanted = target(current);
      const available = f.active ? f.stock : 0;
      const already = await this.alreadyToday(userId, cart.cartId, f.product.productId, current);
      const check = validateQuantity(rules, wanted, { available, alreadyToday: already });
      if (!check.ok) return quantityFailure(rules, check.refusal, f.product.name);
      if (await write(line, check.quantity)) return ok(check.quantity);
    }
    return failWith(CART_TEXT.busy);
  }

  /**
   * One line of POST /cart/add checked against what does not change while it is written: the product sold
   * by the cart's store, its options, the chosen promotion, a positive quantity.
   */
  private prepareAdd(
    f: CartProductFacts | undefined,
    item: CartAddItem,
    buyer: Buyer | null,
  ): Result<PreparedAdd> {
    if (!f) return failWith(CART_TEXT.productNotFound, 'notFound');
    const rules = parseSellingRules(f.product);
    const options = checkOptions(f.product, item.params);
    if (!options.ok) return options;
    let promoId: number | null = null;
    if (item.warehousePromoId !== undefined) {
      const chosen = f.promos.find((p) => p.selectable && p.promoId === item.warehousePromoId);
      if (!chosen) return failWith(CART_TEXT.promoInvalid);
      // a card offer is chosen by card holders only (the others see it as an invitation)
      if (!buyer || !reaches(chosen, buyer)) return failWith(CART_TEXT.promoCardOnly);
      promoId = chosen.promoId;
    }
    const delta = isLoose(rules) ? (item.weight ?? item.quantity) : item.quantity;
    if (!(roundQuantity(delta) > 0)) return quantityFailure(rules, { kind: 'invalid' }, f.product.name);
    return ok({
      f,
      rules,
      delta,
      line: {
        productId: f.product.productId,
        optionsKey: optionsKeyOf(options.data),
        options: options.data,
        quantity: 0,
        promoId,
        infos: lineInfos(item.infos),
      },
    });
  }

  /**
   * POST /cart/add (and the reorders from an order or a list): every line in one transaction holding the
   * cart row, so a purchase locking the cart sees all of them or none. Each line is checked (stock, maximum,
   * daily limit) against the cart as the transaction left it; a refused line is reported and the others
   * are written. A line changed meanwhile by a single add (compare-and-set) starts the whole batch again.
   */
  async add(userId: number, items: CartAddItem[], showSectors = false): Promise<CartOutcome> {
    const cart = await this.changeableCart(userId);
    if (!cart.ok) return this.outcome(userId, showSectors, [cart], []);
    const { cartId, warehouseId } = cart.data;
    // what does not change while the lines are written is read once, before the transaction: the facts of
    // the products added and of the cart's other lines (the answer prices them)
    const before = await this.repo.listItems(cartId);
    const facts = await this.catalogue.productsForCart(
      [...items.map((i) => i.productId), ...before.map((r) => r.productId)],
      warehouseId,
    );
    const buyer = items.some((i) => i.warehousePromoId !== undefined) ? await this.buyers(userId) : null;
    const prepared = items.map((item) => this.prepareAdd(facts.get(item.productId), item, buyer));
    const ordered = new Map<number, number>();
    for (const p of prepared) {
      if (!p.ok || p.data.rules.purchaseLimit === null || ordered.has(p.data.line.productId)) continue;
      const productId = p.data.line.productId;
      ordered.set(productId, await this.dailyPurchases.orderedOn(userId, productId, this.catalogue.today()));
    }
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      try {
        const written = await this.repo.db.transaction((tx) =>
          this.writeAdds(new CartRepository(tx), userId, cartId, prepared, ordered),
        );
        // the answer: the cart as the transaction left it (its row was locked, its lines listed and written)
        const row: CartRow = { ...cart.data, ...written.cart };
        const wire = await this.toWire(userId, row, await this.targetOf(userId, row), showSectors, {
          rows: written.lines,
          facts: { warehouseId, byProduct: facts },
          ...(buyer ? { buyer } : {}),
        });
        const infos = written.failures.length === 0 ? written.added.map(CART_INFO_TEXT.added) : [];
        return { cart: wire, failures: written.failures, infos };
      } catch (err) {
        if (err instanceof Abort) return this.outcome(userId, showSectors, [err.failure], []);
        if (!(err instanceof LineChanged)) throw err;
      }
    }
    return this.outcome(userId, showSectors, [failWith(CART_TEXT.busy)], []);
  }

  /** The lines of one add, written inside its transaction (`repo` bound to it). */
  private async writeAdds(
    repo: CartRepository,
    userId: number,
    cartId: number,
    prepared: Array<Result<PreparedAdd>>,
    ordered: ReadonlyMap<number, number>,
  ): Promise<{
    failures: Failure[];
    added: string[];
    /** the lines as written, in line order */
    lines: CartItemRow[];
    /** the cart row's delivery part as locked by the transaction */
    cart: Partial<CartRow>;
  }> {
    const locked = await repo.lockForPurchase(cartId, userId, repo.db);
    if (!locked || locked.closedAt !== null || locked.cartStatusId === CART_STATUS.locked)
      throw new Abort(failWith(CART_TEXT.locked));
    const lines = new Map<string, CartItemRow>();
    for (const row of await repo.listItems(cartId)) lines.set(`${row.productId}|${row.optionsKey}`, row);
    const inCart = (productId: number) =>
      [...lines.values()].reduce(
        (sum, r) => (r.productId === productId ? sum + toMilli(r.quantity) : sum),
        0,
      );
    const failures: Failure[] = [];
    const added: string[] = [];
    for (const p of prepared) {
      if (!p.ok) {
        failures.push(p);
        continue;
      }
      const { f, rules, delta, line } = p.data;
      const key = `${line.productId}|${line.optionsKey}`;
      const current = lines.get(key);
      const currentMilli = toMilli(current?.quantity ?? 0);
      const already = fromMilli(
        inCart(line.productId) - currentMilli + toMilli(ordered.get(line.productId) ?? 0),
      );
      const check = validateQuantity(rules, fromMilli(currentMilli + toMilli(delta)), {
        available: f.active ? f.stock : 0,
        alreadyToday: already,
      });
      if (!check.ok) {
        failures.push(quantityFailure(rules, check.refusal, f.product.name));
        continue;
      }
      const itemId = await repo.writeLine(
        cartId,
        { ...line, quantity: check.quantity },
        current?.quantity ?? null,
      );
      if (itemId === null) throw new LineChanged();
      lines.set(key, {
        itemId,
        cartId,
        ...line,
        // as the upsert stored them: a line keeps its promotion unless one is chosen, numeric(12,3)
        promoId: line.promoId ?? current?.promoId ?? null,
        infos: { ...current?.infos, ...line.infos },
        quantity: Number(check.quantity.toFixed(3)),
        insertionTypeId: current?.insertionTypeId ?? 1,
      });
      added.push(`${formatQuantity(rules, roundQuantity(delta))} di ${f.product.name}`);
    }
    const { cartStatusId, slotId, timeslotDate, timeslotId, shippingAddressId, deliveryServiceId, storeId } =
      locked;
    return {
      failures,
      added,
      lines: [...lines.values()].sort((a, b) => a.itemId - b.itemId),
      cart: {
        cartStatusId,
        slotId,
        timeslotDate,
        timeslotId,
        shippingAddressId,
        deliveryServiceId,
        storeId,
        warehouseId: locked.warehouseId,
      },
    };
  }

  /** POST /cart/update: a line's new quantity; 0 removes it. */
  async update(
    userId: number,
    items: Array<{ itemId: number; quantity: number; weight?: number | undefined }>,
    showSectors = false,
  ): Promise<CartOutcome> {
    const cart = await this.changeableCart(userId);
    if (!cart.ok) return this.outcome(userId, showSectors, [cart], []);
    const failures: Failure[] = [];
    let removed = 0;
    for (const item of items) {
      const line = await this.repo.findItem(cart.data.cartId, item.itemId);
      if (!line) {
        failures.push(failWith(CART_TEXT.itemNotFound, 'notFound'));
        continue;
      }
      const f = await this.productFacts(cart.data, line.productId);
      if (!f) {
        failures.push(failWith(CART_TEXT.productNotFound, 'notFound'));
        continue;
      }
      const rules = parseSellingRules(f.product);
      const wanted = isLoose(rules) ? (item.weight ?? item.quantity) : item.quantity;
      // exactly 0 removes the line; 0.0001 is a bad quantity, not a removal
      if (wanted === 0) {
        if (await this.repo.deleteItem(cart.data.cartId, line.itemId)) removed++;
        continue;
      }
      const written = await this.writeChecked(
        userId,
        cart.data,
        f,
        () => this.repo.findItem(cart.data.cartId, line.itemId),
        () => wanted,
        async (current, quantity) =>
          current !== null &&
          this.repo.setQuantity(cart.data.cartId, current.itemId, current.quantity, quantity),
      );
      if (!written.ok) failures.push(written);
    }
    const infos =
      removed > 0 && removed === items.length ? [CART_INFO_TEXT.removed] : [CART_INFO_TEXT.updated];
    return this.outcome(userId, showSectors, failures, infos);
  }

  /** POST /cart/delete: by line id, or every line of a product. */
  async remove(
    userId: number,
    items: Array<{ itemId?: number | undefined; productId?: number | undefined }>,
    showSectors = false,
  ): Promise<CartOutcome> {
    const cart = await this.changeableCart(userId);
    if (!cart.ok) return this.outcome(userId, showSectors, [cart], []);
    const failures: Failure[] = [];
    let removed = 0;
    for (const item of items) {
      let n = 0;
      if (item.itemId !== undefined) n = (await this.repo.deleteItem(cart.data.cartId, item.itemId)) ? 1 : 0;
      else if (item.productId !== undefined)
        n = await this.repo.deleteProduct(cart.data.cartId, item.productId);
      else {
        failures.push(failWith(CART_TEXT.itemRefInvalid, 'validation'));
        continue;
      }
      if (n === 0) failures.push(failWith(CART_TEXT.itemNotFound, 'notFound'));
      removed += n;
    }
    return this.outcome(userId, showSectors, failures, [
      removed > 1 ? CART_INFO_TEXT.removedMany : CART_INFO_TEXT.removed,
    ]);
  }

  /** POST /cart/update-cart-info: need_invoice and accept_alternatives as 'true' / 'false', notes as text. */
  async updateCartInfo(
    userId: number,
    property: string,
    value: string,
    showSectors = false,
  ): Promise<CartOutcome> {
    const cart = await this.changeableCart(userId);
    if (!cart.ok) return this.outcome(userId, showSectors, [cart], []);
    const name = property.trim();
    const known = (CART_INFO_PROPERTIES as readonly string[]).includes(name);
    const flag = name === 'need_invoice' || name === 'accept_alternatives';
    if (!known || (flag && value !== 'true' && value !== 'false'))
      return this.outcome(userId, showSectors, [failWith(CART_TEXT.infoInvalid)], []);
    await this.repo.setCartInfo(cart.data.cartId, name, flag ? value : value.trim());
    return this.outcome(userId, showSectors, [], [CART_INFO_TEXT.infoSaved]);
  }

  /** POST /cart/update-infos: per line accept_alternatives, notes and the preferred substitute. */
  async updateInfos(
    userId: number,
    items: Array<{ itemId: number; infos: LineInfosInput }>,
    showSectors = false,
  ): Promise<CartOutcome> {
    const cart = await this.changeableCart(userId);
    if (!cart.ok) return this.outcome(userId, showSectors, [cart], []);
    const failures: Failure[] = [];
    for (const item of items) {
      const infos = lineInfos(item.infos);
      const wanted = item.infos.preferred_substitute;
      if (wanted !== undefined) {
        const line = await this.repo.findItem(cart.data.cartId, item.itemId);
        if (!line) {
          failures.push(failWith(CART_TEXT.itemNotFound, 'notFound'));
          continue;
        }
        if (wanted !== '' && !(await this.isSubstituteOf(cart.data, line.productId, Number(wanted)))) {
          failures.push(failWith(CART_TEXT.substituteInvalid));
          continue;
        }
        infos.preferred_substitute = wanted;
      }
      if (!(await this.repo.mergeItemInfos(cart.data.cartId, item.itemId, infos)))
        failures.push(failWith(CART_TEXT.itemNotFound, 'notFound'));
    }
    return this.outcome(userId, showSectors, failures, [CART_INFO_TEXT.infoSaved]);
  }

  /** A substitute the customer may name: another product of the same shelf, sold by the cart's store. */
  private async isSubstituteOf(cart: CartRow, productId: number, substituteId: number): Promise<boolean> {
    if (substituteId === productId) return false;
    const facts = await this.catalogue.productsForCart([productId, substituteId], cart.warehouseId);
    const ordered = facts.get(productId);
    const substitute = facts.get(substituteId);
    return (
      !!ordered &&
      !!substitute &&
      substitute.active &&
      substitute.product.categoryId === ordered.product.categoryId
    );
  }

  /** POST /cart/close: the open cart is closed (not when locked for payment); the next use opens a new one. */
  async close(userId: number, cartId: number, showSectors = false): Promise<CartOutcome> {
    const cart = await this.changeableCart(userId);
    if (!cart.ok) return this.outcome(userId, showSectors, [cart], []);
    if (cart.data.cartId !== cartId)
      return this.outcome(userId, showSectors, [failWith(CART_TEXT.cartNotFound, 'notFound')], []);
    if (!(await this.repo.closeCart(userId, cartId, CART_STATUS.locked)))
      return this.outcome(userId, showSectors, [failWith(CART_TEXT.locked)], []);
    return this.outcome(userId, showSectors, [], [CART_INFO_TEXT.closed]);
  }

  /** GET /cart/purchase-restriction: the cart's products with a daily purchase limit, and what is left. */
  async purchaseRestriction(userId: number): Promise<Result<PurchaseRestriction>> {
    const cart = await this.getOrCreateOpenCart(userId);
    const rows = await this.repo.listItems(cart.cartId);
    const facts = await this.catalogue.productsForCart(
      rows.map((r) => r.productId),
      cart.warehouseId,
    );
    const inCart = new Map<number, number>();
    for (const r of rows) inCart.set(r.productId, (inCart.get(r.productId) ?? 0) + toMilli(r.quantity));
    const restrictions: PurchaseRestriction['restrictions'] = [];
    for (const [productId, cartMilli] of inCart) {
      const f = facts.get(productId);
      if (!f) continue;
      const limit = parseSellingRules(f.product).purchaseLimit;
      if (limit === null) continue;
      const ordered = toMilli(await this.dailyPurchases.orderedOn(userId, productId, this.catalogue.today()));
      const remaining = toMilli(limit) - cartMilli - ordered;
      restrictions.push({
        productId,
        name: f.product.name,
        limit,
        inCart: fromMilli(cartMilli),
        inOrders: fromMilli(ordered),
        remaining: fromMilli(Math.max(0, remaining)),
        exceeded: remaining < 0,
      });
    }
    return ok({ restrictions });
  }

  /** What the cart would become with this address (GET /user-address/preview): nothing is saved. */
  async preview(userId: number, addressId: number, deliveryServiceId?: number): Promise<Result<Cart>> {
    const cart = await this.getOrCreateOpenCart(userId);
    const target = await this.delivery.resolveTarget(userId, addressId, deliveryServiceId);
    if (!target.ok) return target;
    const keep = (await this.chosenSlot(cart, target.data)) !== null;
    const virtual: CartRow = {
      ...cart,
      ...this.deliveryPatch(target.data),
      addressAutoAssigned: false,
      storeAutoAssigned: false,
      ...(keep ? {} : NO_TIMESLOT),
    };
    return ok(await this.toWire(userId, virtual, target.data));
  }

  /** POST /user-address/select, and the store selections: the cart delivers to this address. */
  async selectAddress(userId: number, addressId: number, deliveryServiceId?: number): Promise<Result<Cart>> {
    const cart = await this.getOrCreateOpenCart(userId);
    if (cart.cartStatusId === CART_STATUS.locked) return failWith(DELIVERY_TEXT.cartLocked);
    const target = await this.delivery.resolveTarget(userId, addressId, deliveryServiceId);
    if (!target.ok) return target;
    const keep = (await this.chosenSlot(cart, target.data)) !== null;
    const updated = await this.repo.updateDelivery(cart.cartId, CART_STATUS.locked, {
      ...this.deliveryPatch(target.data),
      addressAutoAssigned: false,
      storeAutoAssigned: false,
      ...(keep ? {} : NO_TIMESLOT),
    });
    if (!updated) return failWith(DELIVERY_TEXT.cartLocked);
    await this.delivery.rememberDeliveryAddress(userId, target.data.address);
    return ok(await this.toWire(userId, updated, target.data));
  }

  /** POST /store/select: Drive at that store (its pickup point). */
  async selectStore(userId: number, storeId: number): Promise<Result<Cart>> {
    const addressId = await this.delivery.storeAddressId(storeId);
    if (addressId === null) return failWith(DELIVERY_TEXT.storeNotFound, 'notFound');
    return this.selectAddress(userId, addressId);
  }

  /** GET /timeslot/list: the 7 days of the calendar of the cart's address. */
  async timeslotList(
    userId: number,
    showClosed: boolean,
  ): Promise<Result<{ deliveryServiceId: number; days: TimeslotDay[] }>> {
    const cart = await this.getOrCreateOpenCart(userId);
    const target = await this.targetOf(userId, cart);
    if (!target) return failWith(DELIVERY_TEXT.noAddress);
    const chosen = await this.chosenSlot(cart, target);
    const { days, anyAvailable } = await this.timeslots.days(
      target.calendar,
      chosen ? { date: chosen.date, timeslotId: chosen.timeslotId } : null,
      showClosed,
    );
    const data = { deliveryServiceId: target.deliveryServiceId, days };
    return anyAvailable ? ok(data) : { ok: true, data, warnings: [DELIVERY_TEXT.noTimeslotAvailable.text] };
  }

  /** GET /timeslot/select: only a slot with active 1 of the cart's calendar. */
  async selectTimeslot(userId: number, date: string, timeslotId: number): Promise<Result<Cart>> {
    const cart = await this.getOrCreateOpenCart(userId);
    if (cart.cartStatusId === CART_STATUS.locked) return failWith(DELIVERY_TEXT.cartLocked);
    const target = await this.targetOf(userId, cart);
    if (!target) return failWith(DELIVERY_TEXT.noAddress);
    const slot = await this.timeslots.selectable(target.calendar, date, timeslotId);
    if (!slot.ok) return slot;
    const updated = await this.repo.updateDelivery(cart.cartId, CART_STATUS.locked, {
      timeslotDate: date,
      timeslotId,
      slotId: slot.data.slotId,
      timeslotAutoAssigned: false,
    });
    if (!updated) return failWith(DELIVERY_TEXT.cartLocked);
    return ok(await this.toWire(userId, updated, target, false, { slot: slot.data }));
  }

  /** GET /delivery-fee/view: the fee of the cart's service and address (elderly discount included). */
  async deliveryFee(userId: number): Promise<Result<DeliveryFeeData>> {
    const cart = await this.getOrCreateOpenCart(userId);
    const target = await this.targetOf(userId, cart);
    if (!target)
      return ok({
        deliveryServiceId: null,
        zoneId: null,
        deliveryFee: 0,
        deliveryFeeStandard: 0,
        elderly: false,
      });
    const fee = await this.delivery.feeOf(userId, target);
    return ok({
      deliveryServiceId: target.deliveryServiceId,
      zoneId: target.zone?.zoneId ?? null,
      deliveryFee: fee.cents / 100,
      deliveryFeeStandard: fee.standardCents / 100,
      elderly: fee.elderly,
    });
  }

  /** The delivery module asks before deleting an address. */
  async isAddressInUse(userId: number, addressId: number): Promise<boolean> {
    return this.repo.isAddressInOpenCart(userId, addressId);
  }

  /** Account deletion (called by the account module before the addresses are erased). */
  forgetDelivery(userId: number): Promise<void> {
    return this.repo.forgetDelivery(userId);
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
