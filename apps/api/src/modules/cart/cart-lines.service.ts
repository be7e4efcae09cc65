import { fromMilli, parseSellingRules, toMilli, validateQuantity } from '@spesa/shared/cart/quantity';
import {
  CART_INFO_PROPERTIES,
  type Cart,
  type CartAddItem,
  type PurchaseRestriction,
} from '@spesa/shared/contracts/cart';
import { CART_STATUS } from '@spesa/shared/contracts/delivery';
import { failWith, ok, type Failure, type Result } from '../../lib/result';
import type { CartProductFacts, CatalogueService } from '../catalogue/catalogue.service';
import type { Buyer } from '../catalogue/promo-audience';
import type { CartDeliveryChoice } from './cart-delivery.service';
import { isLoose, lineInfos, quantityFailure, type LineInfosInput } from './cart-line-rules';
import { CartAdd } from './cart-add';
import type { CartWire } from './cart-wire';
import { CART_INFO_TEXT, CART_TEXT } from './cart.messages';
import type { CartRepository, CartItemRow, CartRow, OpenCartParts } from './cart.repository';

/**
 * What the customer's orders hold of a product on a day (the daily purchase limit counts today's carts and
 * orders). The orders module answers it (`OrdersService.dailyPurchases`, wired in app.ts).
 */
export interface DailyPurchasesPort {
  /** quantity in the product's base unit ordered on `date` (YYYY-MM-DD, Italian time) */
  orderedOn(userId: number, productId: number, date: string): Promise<number>;
}
export const NO_ORDERS_YET: DailyPurchasesPort = { orderedOn: async () => 0 };

/** The answer of a cart change: the whole new cart, the refusals (status != 0) and the success texts. */
export interface CartOutcome {
  cart: Cart;
  failures: Failure[];
  infos: string[];
}

/** compare-and-set attempts of one line change before answering "riprova" */
const WRITE_ATTEMPTS = 25;

/**
 * The cart's lines: adding, changing and removing them under the quantity rules and the daily purchase limit
 * (compare-and-set on each line), their infos, closing the cart; every change answers the whole new cart.
 */
export class CartLines {
  readonly #add: CartAdd;

  constructor(
    private readonly repo: CartRepository,
    private readonly carts: CartDeliveryChoice,
    private readonly wire: CartWire,
    private readonly catalogue: CatalogueService,
    private readonly dailyPurchases: DailyPurchasesPort,
    buyers: (userId: number) => Promise<Buyer>,
  ) {
    this.#add = new CartAdd(repo, carts, wire, catalogue, dailyPurchases, buyers);
  }

  /** The whole cart after a change, with the change's refusals and success texts. */
  private async outcome(
    userId: number,
    showSectors: boolean,
    failures: Failure[],
    infos: string[],
  ): Promise<CartOutcome> {
    const cart = await this.carts.getOrCreateOpenCart(userId);
    const wire = await this.wire.toWire(userId, cart, await this.carts.targetOf(userId, cart), showSectors);
    return { cart: wire, failures, infos: failures.length === 0 ? infos : [] };
  }

  /**
   * The open cart when its lines may change: a cart locked for payment is refused with its own message,
   * before anything of the request is looked at.
   */
  private async changeableCart(userId: number): Promise<Result<CartRow>> {
    const cart = await this.carts.getOrCreateOpenCart(userId);
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
   * POST /cart/add: see CartAdd (cart-add.ts). `buyer`: the caller's card and segments, when known; `read`:
   * the open cart as the session's statement read it (null: read here).
   */
  add(
    userId: number,
    items: CartAddItem[],
    showSectors = false,
    buyer?: Buyer,
    read: OpenCartParts | null = null,
  ): Promise<CartOutcome> {
    return this.#add.add(userId, items, showSectors, buyer, read);
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
    const cart = await this.carts.getOrCreateOpenCart(userId);
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
}
