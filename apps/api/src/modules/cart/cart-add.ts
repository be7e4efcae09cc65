import {
  formatQuantity,
  fromMilli,
  parseSellingRules,
  roundQuantity,
  toMilli,
  validateQuantity,
  type SellingRules,
} from '@spesa/shared/cart/quantity';
import type { CartAddItem } from '@spesa/shared/contracts/cart';
import { CART_STATUS } from '@spesa/shared/contracts/delivery';
import type { Db } from '../../db/client';
import { Abort, failWith, ok, type Failure, type Result } from '../../lib/result';
import type { CartProductFacts, CatalogueService } from '../catalogue/catalogue.service';
import { reaches, type Buyer } from '../catalogue/promo-audience';
import type { CartDeliveryChoice, CartRead } from './cart-delivery.service';
import { checkOptions, isLoose, lineInfos, optionsKeyOf, quantityFailure } from './cart-line-rules';
import type { CartOutcome, DailyPurchasesPort } from './cart-lines.service';
import type { CartWire } from './cart-wire';
import { CART_INFO_TEXT, CART_TEXT, productRetired } from './cart.messages';
import type { CartItemRow, CartLineWrite, CartRepository, CartRow, OpenCartParts } from './cart.repository';

/** A line of an add checked before it is written: the quantity to add and the line to write. */
interface PreparedAdd {
  f: CartProductFacts;
  rules: SellingRules;
  delta: number;
  line: CartLineWrite;
}

/** A line an add was about to write changed meanwhile (another request's compare-and-set): start again. */
class LineChanged extends Error {}

/** attempts of one add (a cart or line changed meanwhile) before answering "riprova" */
const WRITE_ATTEMPTS = 25;

/** What the lines of an add came to: refusals, success texts, the lines as written, in line order. */
interface WrittenAdds {
  failures: Failure[];
  added: string[];
  lines: CartItemRow[];
}

/**
 * POST /cart/add (and the reorders from an order or a list). The cart, its lines, infos and delivery part,
 * with the live columns of the products added and of the cart's lines, are read in one statement
 * (`CartDeliveryChoice.readCart`; the route's comes with the session's, `CartService.addCompanion`); each
 * line is checked (stock, maximum, daily limit) against the lines read, and the answer is
 * built from what was read and written (decision 059).
 * - one item (the shop's add button): one statement writes it (`CartRepository.addLine`), guarded by the
 *   cart row's version read with the cart and by the line's compare-and-set: a cart or line changed
 *   meanwhile starts the add again from a fresh read, so the checks always held on what is written;
 * - several items: one transaction holding the cart row, so a purchase locking the cart sees all of them
 *   or none; a refused line is reported and the others are written.
 */
export class CartAdd {
  constructor(
    private readonly repo: CartRepository,
    private readonly carts: CartDeliveryChoice,
    private readonly wire: CartWire,
    private readonly catalogue: CatalogueService,
    private readonly dailyPurchases: DailyPurchasesPort,
    private readonly buyers: (userId: number) => Promise<Buyer>,
  ) {}

  async add(
    userId: number,
    items: CartAddItem[],
    showSectors: boolean,
    knownBuyer: Buyer | undefined,
    companionRead: OpenCartParts | null = null,
  ): Promise<CartOutcome> {
    let cartId: number | null = null;
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      // with the facts of the products added and of the cart's lines (the answer prices them); the first
      // attempt's may be the session's statement's (`addCompanion`), a new attempt reads afresh
      const read = await this.carts.readCart(userId, {
        firstAvailable: true,
        products: items.map((i) => i.productId),
        read: attempt === 0 ? companionRead : null,
      });
      // the cart read first was closed meanwhile (bought, closed): as a locked cart, nothing is added
      const gone = cartId !== null && read.cart.cartId !== cartId;
      cartId = read.cart.cartId;
      if (gone || read.cart.cartStatusId === CART_STATUS.locked)
        return this.refused(userId, read, showSectors, failWith(CART_TEXT.locked), knownBuyer);
      const { warehouseId } = read.cart;
      const facts = read.facts?.byProduct ?? new Map<number, CartProductFacts>();
      const buyer =
        knownBuyer ??
        (items.some((i) => i.warehousePromoId !== undefined) ? await this.buyers(userId) : null);
      const prepared = items.map((item) => this.prepareAdd(facts.get(item.productId), item, buyer));
      const ordered = await this.orderedToday(userId, prepared);
      const known = { facts: { warehouseId, byProduct: facts }, ...(buyer ? { buyer } : {}) };
      try {
        const written =
          prepared.length === 1
            ? await this.writeOne(userId, read, prepared[0] as Result<PreparedAdd>, ordered)
            : await this.writeInTransaction(userId, read, prepared, ordered);
        if (written === null) continue;
        const infos = written.failures.length === 0 ? written.added.map(CART_INFO_TEXT.added) : [];
        const cart = await this.wireOf(userId, read, showSectors, { ...known, rows: written.lines });
        return { cart, failures: written.failures, infos };
      } catch (err) {
        if (err instanceof Abort) return this.refused(userId, read, showSectors, err.failure, knownBuyer);
        if (!(err instanceof LineChanged)) throw err;
      }
    }
    const read = await this.carts.readCart(userId, { firstAvailable: true });
    return this.refused(userId, read, showSectors, failWith(CART_TEXT.busy), knownBuyer);
  }

  /** The cart as read, with the refusal of the whole add (nothing written). */
  private async refused(
    userId: number,
    read: CartRead,
    showSectors: boolean,
    failure: Failure,
    buyer: Buyer | undefined,
  ): Promise<CartOutcome> {
    const cart = await this.wireOf(userId, read, showSectors, buyer ? { buyer } : {});
    return { cart, failures: [failure], infos: [] };
  }

  /** The cart on the wire from what `read` holds (and the lines as written, when given). */
  private wireOf(
    userId: number,
    read: CartRead,
    showSectors: boolean,
    known: {
      rows?: CartItemRow[];
      buyer?: Buyer;
      facts?: { warehouseId: number; byProduct: ReadonlyMap<number, CartProductFacts> };
    },
  ) {
    return this.wire.toWire(userId, read.cart, read.target, showSectors, {
      rows: read.lines,
      infos: read.infos,
      slot: read.slot,
      ...(read.firstAvailable !== undefined ? { firstAvailable: read.firstAvailable } : {}),
      ...(read.facts ? { facts: read.facts } : {}),
      ...known,
    });
  }

  /** What today's orders hold of each product with a daily purchase limit. */
  private async orderedToday(userId: number, prepared: ReadonlyArray<Result<PreparedAdd>>) {
    const ordered = new Map<number, number>();
    for (const p of prepared) {
      if (!p.ok || p.data.rules.purchaseLimit === null || ordered.has(p.data.line.productId)) continue;
      const productId = p.data.line.productId;
      ordered.set(productId, await this.dailyPurchases.orderedOn(userId, productId, this.catalogue.today()));
    }
    return ordered;
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
    if (f.retired) return productRetired(f.product.name);
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
   * The one line of an add, in one statement (no transaction): null when the cart (its version, its
   * status) or the line changed since `read`, and the add starts again.
   */
  private async writeOne(
    userId: number,
    read: CartRead,
    p: Result<PreparedAdd>,
    ordered: ReadonlyMap<number, number>,
  ): Promise<WrittenAdds | null> {
    const lines = new LineSet(read.lines);
    if (!p.ok) return { failures: [p], added: [], lines: lines.inOrder() };
    const checked = lines.check(p.data, ordered);
    if (!checked.ok) return { failures: [checked], added: [], lines: lines.inOrder() };
    const { cartId } = read.cart;
    const line = { ...p.data.line, quantity: checked.data.quantity };
    const expected = checked.data.current?.quantity ?? null;
    const out = await this.repo.addLine(
      { cartId, userId, version: read.version },
      CART_STATUS.locked,
      line,
      expected,
    );
    if (!out.cartWritten || out.itemId === null) return null;
    lines.written(cartId, out.itemId, line, checked.data.current);
    return { failures: [], added: [addedText(p.data)], lines: lines.inOrder() };
  }

  /** The lines of a several-item add, in one transaction holding the cart row (`repo` bound to it). */
  private async writeInTransaction(
    userId: number,
    read: CartRead,
    prepared: Array<Result<PreparedAdd>>,
    ordered: ReadonlyMap<number, number>,
  ): Promise<WrittenAdds> {
    const { cartId } = read.cart;
    const written = await this.repo.db.transaction(async (tx: Db) => {
      const locked = await this.repo.lockForPurchase(cartId, userId, tx);
      if (!locked || locked.closedAt !== null || locked.cartStatusId === CART_STATUS.locked)
        throw new Abort(failWith(CART_TEXT.locked));
      const lines = new LineSet(await this.repo.listItems(cartId, tx));
      const failures: Failure[] = [];
      const added: string[] = [];
      for (const p of prepared) {
        if (!p.ok) {
          failures.push(p);
          continue;
        }
        const checked = lines.check(p.data, ordered);
        if (!checked.ok) {
          failures.push(checked);
          continue;
        }
        const line = { ...p.data.line, quantity: checked.data.quantity };
        const current = checked.data.current;
        const itemId = await this.repo.writeLine(cartId, line, current?.quantity ?? null, tx);
        if (itemId === null) throw new LineChanged();
        lines.written(cartId, itemId, line, current);
        added.push(addedText(p.data));
      }
      return { failures, added, lines: lines.inOrder(), locked };
    });
    // the cart row's delivery part changed since it was read: the answer reads the cart again
    const row: CartRow = { ...read.cart, ...written.locked, closedAt: read.cart.closedAt };
    if (deliveryChanged(read.cart, row)) {
      const again = await this.carts.readCart(userId, { firstAvailable: true });
      Object.assign(read, again, { lines: read.lines });
    }
    return written;
  }
}

/** `formatQuantity` of what an add added, with the product's name (the success text). */
const addedText = (p: PreparedAdd) =>
  `${formatQuantity(p.rules, roundQuantity(p.delta))} di ${p.f.product.name}`;

const deliveryChanged = (a: CartRow, b: CartRow) =>
  a.slotId !== b.slotId ||
  a.timeslotDate !== b.timeslotDate ||
  a.timeslotId !== b.timeslotId ||
  a.shippingAddressId !== b.shippingAddressId ||
  a.deliveryServiceId !== b.deliveryServiceId ||
  a.storeId !== b.storeId ||
  a.warehouseId !== b.warehouseId;

/** The cart's lines by product and options, as an add checks and writes them. */
class LineSet {
  readonly #lines = new Map<string, CartItemRow>();

  constructor(rows: readonly CartItemRow[]) {
    for (const row of rows) this.#lines.set(`${row.productId}|${row.optionsKey}`, row);
  }

  /** What the cart holds of a product over all its lines (options), in thousandths. */
  private inCart(productId: number): number {
    let sum = 0;
    for (const r of this.#lines.values()) if (r.productId === productId) sum += toMilli(r.quantity);
    return sum;
  }

  /** The line's new quantity under the rules (stock, maximum, daily limit), with the line it replaces. */
  check(
    p: PreparedAdd,
    ordered: ReadonlyMap<number, number>,
  ): Result<{ quantity: number; current: CartItemRow | undefined }> {
    const { f, rules, delta, line } = p;
    const current = this.#lines.get(`${line.productId}|${line.optionsKey}`);
    const currentMilli = toMilli(current?.quantity ?? 0);
    const already = fromMilli(
      this.inCart(line.productId) - currentMilli + toMilli(ordered.get(line.productId) ?? 0),
    );
    const check = validateQuantity(rules, fromMilli(currentMilli + toMilli(delta)), {
      available: f.active ? f.stock : 0,
      alreadyToday: already,
    });
    if (!check.ok) return quantityFailure(rules, check.refusal, f.product.name);
    return ok({ quantity: check.quantity, current });
  }

  /** The line as the upsert stored it: it keeps its promotion unless one is chosen, numeric(12,3). */
  written(cartId: number, itemId: number, line: CartLineWrite, current: CartItemRow | undefined): void {
    this.#lines.set(`${line.productId}|${line.optionsKey}`, {
      itemId,
      cartId,
      ...line,
      promoId: line.promoId ?? current?.promoId ?? null,
      infos: { ...current?.infos, ...line.infos },
      quantity: Number(line.quantity.toFixed(3)),
      insertionTypeId: current?.insertionTypeId ?? 1,
    });
  }

  inOrder(): CartItemRow[] {
    return [...this.#lines.values()].sort((a, b) => a.itemId - b.itemId);
  }
}
