import { cartAddBodySchema, type Cart, type CartAddItem } from '@spesa/shared/contracts/cart';
import type { SQL } from 'drizzle-orm';
import { ok, type Result } from '../../lib/result';
import { timeslotSelectQuerySchema } from '@spesa/shared/contracts/delivery';
import type { LiveSession, SessionCompanion } from '../../plugins/session';
import type { Buyer } from '../catalogue/promo-audience';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { SlotWindowAsk } from '../delivery/delivery-parts';
import type { DeliveryService, DeliveryTarget } from '../delivery/delivery.service';
import type { TimeslotService } from '../delivery/timeslot.service';
import { CartDeliveryChoice } from './cart-delivery.service';
import type { LineInfosInput } from './cart-line-rules';
import { CartLines, type DailyPurchasesPort } from './cart-lines.service';
import { CartWire, type KnownCartParts } from './cart-wire';
import {
  openCartJsonValues,
  openCartPartsJsonSql,
  openCartPartsOf,
  type OpenCartSqlKeys,
} from './cart-open-parts';
import type { CartRepository, CartRow, OpenCartParts } from './cart.repository';

export { checkOptions, optionsKeyOf } from './cart-line-rules';
export { NO_ORDERS_YET, type CartOutcome, type DailyPurchasesPort } from './cart-lines.service';
export type { KnownCartParts } from './cart-wire';
export type { OpenCartSqlKeys } from './cart-open-parts';

export interface CartServiceOptions {
  catalogue: CatalogueService;
  dailyPurchases: DailyPurchasesPort;
  /** the customer's loyalty card and CRM segments, which card and segment promotions ask (decision 032) */
  buyers: (userId: number) => Promise<Buyer>;
}

/**
 * The customer's open cart, as the routes and the other modules ask it: its delivery part and the choices
 * that change it (cart-delivery.service.ts), its lines (cart-lines.service.ts), and the cart on the wire that
 * every change answers (cart-wire.ts, spec section 4). Status 7 (locked for payment) refuses changes.
 */
export class CartService {
  readonly #wire: CartWire;
  readonly #carts: CartDeliveryChoice;
  readonly #lines: CartLines;
  readonly #today: () => string;
  readonly #slotWindow: () => SlotWindowAsk;

  constructor(
    repo: CartRepository,
    delivery: DeliveryService,
    timeslots: TimeslotService,
    opts: CartServiceOptions,
  ) {
    this.#today = () => opts.catalogue.today();
    this.#slotWindow = () => timeslots.windowAsk();
    this.#wire = new CartWire(repo, delivery, timeslots, opts.catalogue, opts.buyers);
    this.#carts = new CartDeliveryChoice(repo, delivery, timeslots, this.#wire, opts.catalogue);
    this.#lines = new CartLines(
      repo,
      this.#carts,
      this.#wire,
      opts.catalogue,
      opts.dailyPurchases,
      opts.buyers,
    );
  }

  /**
   * The signed-in caller's card and segments today, from what the session read (no statement); undefined
   * for an anonymous request.
   */
  buyerOf(session: Pick<LiveSession, 'pricingOn'> | null): Buyer | undefined {
    return session ? session.pricingOn(this.#today()) : undefined;
  }

  // ---------- the open cart and its delivery part ----------
  /** The store whose assortment the customer's open cart shows; the chain's default store without one. */
  warehouseOf(userId: number) {
    return this.#carts.warehouseOf(userId);
  }

  getOrCreateOpenCart(userId: number) {
    return this.#carts.getOrCreateOpenCart(userId);
  }

  /**
   * The open cart with its lines, infos, delivery target and the chosen slot's row, in one statement (a
   * purchase's checks of a prepared cart: the slot is checked by the caller). `read`: the open cart as the
   * session's statement read it (`purchaseCompanion`; with its products' facts when it read them); null: read
   * here.
   */
  readForPurchase(userId: number, read: OpenCartParts | null = null) {
    return this.#carts.readCart(userId, { firstAvailable: false, read });
  }

  /**
   * A checkout call's read of the open cart, made by the session's statement (decision 059, session 49): the
   * cart with its lines, infos, address and chosen slot, the live columns of its lines' products when
   * `products`, and the caller's own json value keyed by the cart (`alongside`: the checkout module's
   * subquery of its checkout row, with its placeholders' `values`), keyed by the session's user. `name` names
   * the statement (one per route).
   */
  purchaseCompanion(
    name: string,
    reads: { products: boolean; alongside: (cart: OpenCartSqlKeys) => SQL },
    values: Record<string, unknown> = {},
  ): SessionCompanion {
    return {
      name,
      column: (userId) =>
        openCartPartsJsonSql(userId, {
          window: false,
          wanted: false,
          products: reads.products,
          alongside: reads.alongside,
        }),
      values: {
        ...openCartJsonValues({ window: null, wanted: null, today: this.#today(), productIds: [] }),
        ...values,
      },
    };
  }

  /** What the cart would become with this address (GET /user-address/preview): nothing is saved. */
  preview(userId: number, addressId: number, deliveryServiceId?: number) {
    return this.#carts.preview(userId, addressId, deliveryServiceId);
  }

  /** POST /user-address/select, and the store selections: the cart delivers to this address. */
  selectAddress(userId: number, addressId: number, deliveryServiceId?: number) {
    return this.#carts.selectAddress(userId, addressId, deliveryServiceId);
  }

  /** POST /store/select: Drive at that store (its pickup point). */
  selectStore(userId: number, storeId: number) {
    return this.#carts.selectStore(userId, storeId);
  }

  /** GET /timeslot/list: the 7 days of the calendar of the cart's address. */
  timeslotList(userId: number, showClosed: boolean) {
    return this.#carts.timeslotList(userId, showClosed);
  }

  /**
   * GET /timeslot/select: only a slot with active 1 of the cart's calendar. `read`: the cart as the session's
   * statement read it (`timeslotCompanion`); null: read here.
   */
  selectTimeslot(
    userId: number,
    date: string,
    timeslotId: number,
    buyer?: Buyer,
    read: OpenCartParts | null = null,
  ) {
    return this.#carts.selectTimeslot(userId, date, timeslotId, { ...(buyer ? { buyer } : {}), read });
  }

  /**
   * GET /timeslot/select's read of the open cart, made by the session's statement (decision 059, session 46):
   * the cart with its parts, the slot asked for and the lines' products' live columns, keyed by the session's
   * user. Null (the handler reads it) when the query is not a valid one: its values reach `::date` and `::int`.
   */
  timeslotCompanion(query: unknown): SessionCompanion | null {
    const parsed = timeslotSelectQuerySchema.safeParse(query);
    if (!parsed.success || !/^2\d{3}-/.test(parsed.data.sel_date)) return null;
    return {
      name: 'cart_for_timeslot',
      column: (userId) => openCartPartsJsonSql(userId, { window: false, wanted: true }),
      values: openCartJsonValues({
        window: null,
        wanted: { date: parsed.data.sel_date, timeslotId: parsed.data.timeslot_id },
        today: this.#today(),
        productIds: [],
      }),
    };
  }

  /**
   * POST /cart/add's read of the open cart, made by the session's statement once the body is parsed
   * (`sessionAfterBody`): the cart with its parts, the slot window's slots (the first available one) and
   * the live columns of the lines' products and of the ones added, as `add` reads it. Null (the handler
   * reads it) when the body is not a valid one: its ids reach `::int[]`.
   */
  addCompanion(body: unknown): SessionCompanion | null {
    const parsed = cartAddBodySchema.safeParse(body);
    if (!parsed.success) return null;
    return {
      name: 'cart_for_add',
      column: (userId) => openCartPartsJsonSql(userId, { window: true, wanted: false }),
      values: openCartJsonValues({
        window: this.#slotWindow(),
        wanted: null,
        today: this.#today(),
        productIds: parsed.data.items.map((i) => i.productId),
      }),
    };
  }

  /** What a session's companion read of the open cart answered (`timeslotCompanion`, `addCompanion`). */
  companionCart(session: Pick<LiveSession, 'companion'> | null): OpenCartParts | null {
    return session ? openCartPartsOf(session.companion) : null;
  }

  /** GET /delivery-fee/view: the fee of the cart's service and address (elderly discount included). */
  deliveryFee(userId: number) {
    return this.#carts.deliveryFee(userId);
  }

  /** The delivery module asks before deleting an address. */
  isAddressInUse(userId: number, addressId: number) {
    return this.#carts.isAddressInUse(userId, addressId);
  }

  /** Account deletion (called by the account module before the addresses are erased). */
  forgetDelivery(userId: number) {
    return this.#carts.forgetDelivery(userId);
  }

  // ---------- the cart on the wire ----------
  /** GET /cart/view */
  async view(userId: number, showSectors = false): Promise<Result<Cart>> {
    const cart = await this.#carts.getOrCreateOpenCart(userId);
    return ok(await this.#wire.toWire(userId, cart, await this.#carts.targetOf(userId, cart), showSectors));
  }

  /**
   * The cart on the wire for a cart row and its resolved address, built with what the caller already holds
   * (the checkout's answer: the lines it priced).
   */
  wireOf(userId: number, cart: CartRow, target: DeliveryTarget | null, known: KnownCartParts) {
    return this.#wire.toWire(userId, cart, target, false, known);
  }

  /** The empty cart an anonymous visitor sees when anonymous carts are allowed (nothing is stored). */
  anonymousCart() {
    return this.#wire.anonymousCart();
  }

  // ---------- the lines ----------
  /**
   * `buyer`: the caller's card and segments when the request knows them (`buyerOf`); else they are read.
   * `read`: the open cart as the session's statement read it (`addCompanion`); null: read here.
   */
  add(
    userId: number,
    items: CartAddItem[],
    showSectors = false,
    buyer?: Buyer,
    read: OpenCartParts | null = null,
  ) {
    return this.#lines.add(userId, items, showSectors, buyer, read);
  }

  update(
    userId: number,
    items: Array<{ itemId: number; quantity: number; weight?: number | undefined }>,
    showSectors = false,
  ) {
    return this.#lines.update(userId, items, showSectors);
  }

  remove(
    userId: number,
    items: Array<{ itemId?: number | undefined; productId?: number | undefined }>,
    showSectors = false,
  ) {
    return this.#lines.remove(userId, items, showSectors);
  }

  /** POST /cart/update-cart-info: need_invoice and accept_alternatives as 'true' / 'false', notes as text. */
  updateCartInfo(userId: number, property: string, value: string, showSectors = false) {
    return this.#lines.updateCartInfo(userId, property, value, showSectors);
  }

  /** POST /cart/update-infos: per line accept_alternatives, notes and the preferred substitute. */
  updateInfos(userId: number, items: Array<{ itemId: number; infos: LineInfosInput }>, showSectors = false) {
    return this.#lines.updateInfos(userId, items, showSectors);
  }

  /** POST /cart/close: the open cart is closed (not when locked for payment); the next use opens a new one. */
  close(userId: number, cartId: number, showSectors = false) {
    return this.#lines.close(userId, cartId, showSectors);
  }

  /** GET /cart/purchase-restriction: the cart's products with a daily purchase limit, and what is left. */
  purchaseRestriction(userId: number) {
    return this.#lines.purchaseRestriction(userId);
  }
}
