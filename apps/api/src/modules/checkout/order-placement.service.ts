import type { ShopEvents } from '../../lib/shop-events';
import { fromMilli, toMilli } from '@spesa/shared/cart/quantity';
import { PAYMENT_TYPE, paymentTypeOf } from '@spesa/shared/checkout/payment-types';
import type { OrderPaymentData } from '@spesa/shared/contracts/checkout';
import { CART_STATUS } from '@spesa/shared/contracts/delivery';
import { ORDER_STATUS, isEditable, type OrderStatusId } from '@spesa/shared/orders/order-status';
import type { Db } from '../../db/client';
import { Abort, fail, failWith, ok, type Failure, type Result } from '../../lib/result';
import { isUniqueViolation } from '../../db/rows';
import type { AccountRepository } from '../account/account.repository';
import type { CartPurchase } from '../cart/cart-purchase';
import type { CartRow } from '../cart/cart.repository';
import type { CartService } from '../cart/cart.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { SlotView, TimeslotService } from '../delivery/timeslot.service';
import type { OrderStatusService } from '../orders/order-status.service';
import { CHECKOUT_INFO_TEXT, CHECKOUT_TEXT } from './checkout.messages';
import type { CheckoutPricing } from './checkout-pricing';
import type { CheckoutReadiness } from './checkout-readiness';
import type { CheckoutRepository } from './checkout.repository';
import type { NewOrderParts, OrderAnswer } from '../orders/order-answer';
import type { OrderItemRow, OrderPlacementRepository, OrderRow } from '../orders/order-placement.repository';
import { slotStartOf, type PaymentAttempts, type StartedAttempt } from '../payment/payment-attempts';
import { draftOrder, newOrderParts, orderItems, type DraftOrder } from './order-draft';
import type { Purchase, PurchaseInput } from './order-draft';
import type { CheckoutGiftsPort } from './checkout-gifts';
import type { OrderWalletPort } from './order-wallet';
import type { OrderPremiumPort } from './order-premium';
import type { PaymentTypeOffer } from '../../lib/payment-type-offer';
import type { LiveSession, SessionUser } from '../../plugins/session';
import { pricesChanged } from './prepared-purchase';
import { PreparedCartCheck, type Checked } from './prepared-cart-check';
import { PurchaseStatement } from './purchase-statement';

export interface OrderPlacementDeps {
  db: Db;
  cart: CartService;
  carts: CartPurchase;
  catalogue: CatalogueService;
  timeslots: TimeslotService;
  accounts: AccountRepository;
  repo: CheckoutRepository;
  orders: OrderPlacementRepository;
  status: OrderStatusService;
  answer: OrderAnswer;
  pricing: CheckoutPricing;
  readiness: CheckoutReadiness;
  attempts: PaymentAttempts;
  wallet: OrderWalletPort;
  premium: OrderPremiumPort;
  gifts: CheckoutGiftsPort;
  /** the payment types this shop offers (the payment module's, decision 084) */
  paymentTypes: PaymentTypeOffer;
  /** told of each new order placed (the metrics) */
  events: ShopEvents;
}

/** The order written: its id, its row as inserted (null for an edited order), whether the hold stays. */
interface WrittenOrder {
  orderId: number;
  inserted: OrderRow | null;
  /** the lines as written */
  items: OrderItemRow[];
  keepHold: boolean;
}

interface Placed {
  orderId: number;
  /** the new order's row (null for an edited order or a replay: read again after the commit) */
  row: OrderRow | null;
  /** what a new order's purchase wrote besides its row: its answer is built from it, not read */
  parts: NewOrderParts | null;
  paymentUrl: string | null;
  infos: string[];
  replayed: boolean;
}

/**
 * Buying a prepared cart (POST /checkout/buy, decision 017): the cart's checks, then one transaction made of
 * named steps (decision 074): lock the cart, lock the edited order, write the order, the gift uses, the
 * wallet's part, the free delivery, start the payment, close the cart, move the stock, take the slot's place,
 * consume the gift codes. This flow is the one orchestrator of the purchase: each table it changes is written
 * through the module that owns it (cart, catalogue, delivery, orders, loyalty, payment), on this transaction.
 */
export class OrderPlacement {
  readonly prepared: PreparedCartCheck;
  private readonly oneStatement: PurchaseStatement;

  constructor(private readonly d: OrderPlacementDeps) {
    this.prepared = new PreparedCartCheck(d);
    this.oneStatement = new PurchaseStatement(d, {
      replay: (order) => this.replay(order),
      lostRace: (p, error) => this.answerLostRace(p, error),
    });
  }

  // ---------- POST /checkout/buy ----------
  async buy(
    userId: number,
    input: {
      paymentTypeId: number | undefined;
      idempotencyKey: string | null;
      /** the part paid with the wallet, cents (0 or absent: none) */
      walletCents?: number;
      /** the buyer's row read with the session of this request (spares reading it again); else read here */
      user?: SessionUser | null;
      /** the request's session: the buyer's card and segments, what its statement read (`PreparedCartCheck`) */
      session?: Pick<LiveSession, 'pricingOn' | 'companion'> | null;
    },
  ): Promise<Result<OrderPaymentData>> {
    const paymentTypeId = input.paymentTypeId ?? this.d.paymentTypes.defaultTypeId();
    if (!paymentTypeOf(paymentTypeId)) return failWith(CHECKOUT_TEXT.paymentType, 'validation');
    const session = input.session ?? null;
    const key = input.idempotencyKey;
    // a prepared cart's checks read the key's order with the checkout row; without a session it is read here
    // a new order's id is taken with it when the purchase may be one statement (online, no wallet)
    const oneStatement = this.prepared.oneStatement(paymentTypeId, input.walletCents);
    const read = await this.prepared.check(userId, input.user ?? null, session, { key, oneStatement });
    const seen = read
      ? read.keyOrderId !== null && (await this.d.orders.findOrderById(read.keyOrderId))
      : key && (await this.d.orders.findByIdempotencyKey(userId, key));
    if (seen) return this.replay(seen);
    // a type this shop does not take now (no provider, online payment off): refused before anything is written
    if (!this.d.paymentTypes.offers(paymentTypeId))
      return failWith(CHECKOUT_TEXT.paymentTypeNotOffered, 'validation');
    if (paymentTypeId === PAYMENT_TYPE.deferred) {
      const user = input.user ?? (await this.d.accounts.findUserById(userId));
      if (user?.companyId === null || user?.companyId === undefined)
        return failWith(CHECKOUT_TEXT.deferredNotAllowed);
    }
    const checked =
      read?.checked ?? (await this.checkCart(userId, paymentTypeId, input.user ?? null, session));
    if ('answer' in checked) return checked.answer;
    const purchase = { ...checked.ready, paymentTypeId, walletCents: input.walletCents ?? 0, key };
    // a purchase prepare froze, as one statement when it can be (a new order's id was taken for it)
    const orderId = read?.checked ? read.nextOrderId : null;
    return (orderId !== null && (await this.oneStatement.place(purchase, orderId))) || this.commit(purchase);
  }

  /**
   * The cart's checks before the transaction: prepared (locked), ready (readiness), and priced as the
   * customer saw it at prepare (lines, the premium 20 % product, the delivery fee). A refusal of a cart that
   * a simultaneous buy has bought meanwhile answers that order.
   */
  private async checkCart(
    userId: number,
    paymentTypeId: number,
    user: SessionUser | null,
    session: Pick<LiveSession, 'pricingOn'> | null,
  ): Promise<Checked> {
    const cart = await this.d.cart.getOrCreateOpenCart(userId);
    const target = await this.d.readiness.targetOf(userId, cart);
    const co = await this.d.repo.checkoutOf(cart.cartId);
    const editing = co?.editingOrderId ? await this.d.orders.findOrder(co.editingOrderId, userId) : null;
    const refuse = async (failure: Failure): Promise<Checked> => {
      const bought = await this.boughtMeanwhile(userId, cart);
      return { answer: bought ? await this.replay(bought) : failure };
    };
    if (cart.cartStatusId !== CART_STATUS.locked) return refuse(failWith(CHECKOUT_TEXT.notPrepared));
    const figures = await this.d.pricing.figures(userId, cart, target, {
      paymentTypeId,
      exceptOrderId: editing?.orderId ?? null,
      checkout: co,
      buyer: session?.pricingOn(this.d.pricing.today()),
    });
    const seen: { slot?: SlotView } = {};
    const missing = await this.d.readiness.missing(userId, cart, target, figures, editing, seen, user);
    const first = missing[0];
    if (first) return refuse(first);
    if (!target || !co) return refuse(failWith(CHECKOUT_TEXT.notPrepared));
    const changed = pricesChanged(co, figures);
    if (changed) return refuse(changed);
    const slot = seen.slot;
    if (!slot) return refuse(failWith(CHECKOUT_TEXT.noTimeslot));
    return { ready: { userId, cart, target, slot, figures, items: orderItems(figures.lines), co, editing } };
  }

  /** The order a simultaneous buy of the same cart or key placed (its write lost the race): that order. */
  private async answerLostRace(p: PurchaseInput, error: unknown): Promise<Result<OrderPaymentData>> {
    const again =
      (p.key && (await this.d.orders.findByIdempotencyKey(p.userId, p.key))) ||
      (await this.d.orders.findBySourceCart(p.cart.cartId));
    if (!again) throw error;
    return this.replay(again);
  }

  /** The purchase's transaction, then its answer; a lost race on the same cart or key answers that order. */
  private async commit(p: PurchaseInput): Promise<Result<OrderPaymentData>> {
    try {
      const placed = await this.d.db.transaction(async (tx) => this.place(p, tx));
      if (placed.row && !placed.replayed) this.d.events.emit({ kind: 'order.placed' });
      const row = placed.row ?? (await this.d.orders.findOrderById(placed.orderId));
      if (!row) throw new Error('buy: order vanished');
      if (placed.replayed) return this.replay(row);
      // built after the commit: PGlite has one connection, a read outside the transaction would wait for it;
      // a new order's from what the purchase wrote (nothing read again)
      return ok(
        {
          order: placed.parts ? this.d.answer.ofNew(row, placed.parts) : await this.d.answer.build(row),
          orderId: row.orderId,
          paymentUrl: placed.paymentUrl,
          replayed: false,
        },
        placed.infos,
      );
    } catch (error) {
      if (error instanceof Abort) return error.failure;
      if (isUniqueViolation(error)) return this.answerLostRace(p, error);
      throw error;
    }
  }

  /**
   * The order a buy of this cart has placed meanwhile: the cart's own (bought while this request checked
   * it), or the order whose buy opened it, when this request read the cart only after that buy committed.
   */
  private async boughtMeanwhile(userId: number, cart: CartRow): Promise<OrderRow | null> {
    return (
      (await this.d.orders.findBySourceCart(cart.cartId)) ??
      (await this.d.orders.findOpenedBy(userId, cart.cartId))
    );
  }

  /** The answer of a repeated buy: the same order, the same payment page. */
  async replay(order: OrderRow): Promise<Result<OrderPaymentData>> {
    return ok({
      order: await this.d.answer.build(order),
      orderId: order.orderId,
      paymentUrl: await this.d.attempts.livePaymentUrl(order),
      replayed: true,
    });
  }

  /**
   * The purchase, step by step on one transaction. The rows every buyer shares (a product's stock, the
   * slot, a gift code) come last, by guarded UPDATEs right before the commit, so their row locks are held for
   * the shortest time; any refusal (an `Abort`) rolls back all.
   */
  private async place(input: PurchaseInput, tx: Db): Promise<Placed> {
    const already = await this.lockCart(input, tx);
    if (already)
      return {
        orderId: already.orderId,
        row: null,
        parts: null,
        paymentUrl: null,
        infos: [],
        replayed: true,
      };
    const p: Purchase = { ...input, editing: await this.lockEditedOrder(input, tx) };
    const held = await this.reopenEditedOrder(p, tx);
    const draft = draftOrder(p);
    const written = await this.writeOrder(p, draft, tx);
    await this.recordGiftUses(p, draft, written.orderId, tx);
    await this.payWithWallet(p, draft, written.orderId, tx);
    await this.takeFreeDelivery(p, written.orderId, tx);
    const { paymentUrl, attempt } = await this.startPayment(p, draft, written, tx);
    await this.closeCart(p, tx);
    await this.moveStock(p, held, tx);
    await this.takeSlot(p, tx);
    await this.consumeGifts(draft, tx);
    const { orderId } = written;
    return {
      orderId,
      row: written.inserted,
      parts: written.inserted && attempt ? newOrderParts(p.figures, orderId, written.items, attempt) : null,
      paymentUrl,
      infos: [p.editing ? CHECKOUT_INFO_TEXT.modified(orderId) : CHECKOUT_INFO_TEXT.ordered(orderId)],
      replayed: false,
    };
  }

  /**
   * Locks the cart for the purchase: buyers of the same cart queue here. Answers the order a buy of this
   * cart has placed meanwhile (a replay), or refuses a cart closed, unprepared or with another slot.
   */
  private async lockCart(p: PurchaseInput, tx: Db): Promise<OrderRow | null> {
    const locked = await this.d.carts.lockForPurchase(p.cart.cartId, p.userId, tx);
    if (!locked) throw new Abort(failWith(CHECKOUT_TEXT.cartClosed));
    const already = await this.d.orders.findBySourceCart(p.cart.cartId, tx);
    if (already) return already;
    if (
      locked.closedAt !== null ||
      locked.cartStatusId !== CART_STATUS.locked ||
      locked.slotId !== p.cart.slotId
    )
      throw new Abort(failWith(CHECKOUT_TEXT.cartClosed));
    return null;
  }

  /** The order the cart edits, locked and still editable (null: a new order). */
  private async lockEditedOrder(p: PurchaseInput, tx: Db): Promise<OrderRow | null> {
    if (!p.editing) return null;
    const editing = await this.d.orders.lockOrder(p.editing.orderId, p.userId, tx);
    if (!editing || !isEditable(editing.orderStatusId)) throw new Abort(failWith(CHECKOUT_TEXT.notEditable));
    return editing;
  }

  /**
   * What an edited order holds, before it is written again: its stock per product (read before its lines are
   * replaced; the stock step moves only the difference) and its gift codes' uses, given back (the order takes
   * its uses again below). A new order holds nothing.
   */
  private async reopenEditedOrder(p: Purchase, tx: Db): Promise<ReadonlyMap<number, number>> {
    if (!p.editing) return new Map<number, number>();
    const held = await this.d.readiness.heldByOrder(p.editing.orderId, tx);
    await this.d.gifts.releaseUses(p.editing.orderId, tx);
    return held;
  }

  /**
   * Writes the order whole (its lines included) before its status changes: the change's listeners (the
   * confirmation e-mail) read its lines. An edited order is replaced in place (its version checked) and keeps
   * its status for now; whether it keeps its payment hold is decided before.
   */
  private async writeOrder(p: Purchase, draft: DraftOrder, tx: Db): Promise<WrittenOrder> {
    const { editing } = p;
    const { order } = draft;
    const keepHold =
      editing !== null &&
      (await this.d.attempts.keepsAuthorization(editing, p.paymentTypeId, order.preauthCents, tx));
    let orderId: number;
    // a new order's row as inserted: nothing below changes it, so the answer needs no read after the commit
    let inserted: OrderRow | null = null;
    if (editing) {
      orderId = editing.orderId;
      const kept = { ...order, orderStatusId: editing.orderStatusId };
      if (!(await this.d.orders.replaceOrder(orderId, editing.version, kept, tx)))
        throw new Abort(failWith(CHECKOUT_TEXT.notEditable));
      await this.d.orders.deleteItems(orderId, tx);
    } else {
      inserted = await this.d.orders.insertOrder(order, tx);
      orderId = inserted.orderId;
    }
    const items = await this.d.orders.insertItems(orderId, p.items, tx);
    return { orderId, inserted, items, keepHold };
  }

  /** The gift codes' uses of the order (an edited order gave its former uses back before). */
  private async recordGiftUses(p: Purchase, draft: DraftOrder, orderId: number, tx: Db): Promise<void> {
    for (const u of draft.uses) await this.d.gifts.recordUse({ ...u, orderId, userId: p.userId }, tx);
  }

  /**
   * The wallet's part (an edited order's former part is given back first); the balance must cover it. A new
   * order without a part holds nothing: the wallet is not asked (no lock, no read).
   */
  private async payWithWallet(p: Purchase, draft: DraftOrder, orderId: number, tx: Db): Promise<void> {
    const cents = draft.order.walletCents;
    if (!p.editing && cents <= 0) return;
    const paid = p.editing
      ? await this.d.wallet.payOrder(p.userId, orderId, cents, tx)
      : await this.d.wallet.payNewOrder(p.userId, orderId, cents, tx);
    if (!paid.ok) throw new Abort(paid);
  }

  /** The premium card's free delivery: taken for this order (kept by an edited order that had it). */
  private async takeFreeDelivery(p: Purchase, orderId: number, tx: Db): Promise<void> {
    if (p.figures.premiumFreeDelivery) {
      const free = await this.d.premium.takeFreeDelivery(p.userId, orderId, tx);
      if (!free.ok) throw new Abort(failWith(CHECKOUT_TEXT.freeDeliveryGone));
    } else if (p.editing) await this.d.premium.releaseFreeDelivery(orderId, tx);
  }

  /**
   * The payment: a new order records its first status and starts its first attempt; an edited order that
   * cannot keep its hold voids it, starts a new attempt and moves to the status the new payment needs.
   * Answers the provider's hosted page, if any.
   */
  private async startPayment(
    p: Purchase,
    draft: DraftOrder,
    written: WrittenOrder,
    tx: Db,
  ): Promise<{ paymentUrl: string | null; attempt: StartedAttempt | null }> {
    const { editing } = p;
    const { order, online } = draft;
    const { orderId } = written;
    if (!editing) {
      const status = order.orderStatusId as OrderStatusId;
      await this.d.status.recordInitial({ orderId, status, actor: 'customer', actorUserId: p.userId }, tx);
      return this.d.attempts.startRecorded(
        {
          orderId,
          paymentTypeId: p.paymentTypeId,
          amountCents: order.preauthCents,
          firstAttempt: true,
          slotStartsAt: slotStartOf(order),
        },
        tx,
      );
    }
    const edited = (status: OrderStatusId) =>
      this.d.status.recordEdit({ orderId, status, actor: 'customer', what: 'order' }, tx);
    if (written.keepHold) {
      await edited(editing.orderStatusId as OrderStatusId);
      return { paymentUrl: null, attempt: null };
    }
    await this.d.attempts.voidLive(orderId, tx);
    const paymentUrl = await this.d.attempts.start(
      {
        orderId,
        paymentTypeId: p.paymentTypeId,
        amountCents: order.preauthCents,
        slotStartsAt: slotStartOf(order),
      },
      tx,
    );
    const to: OrderStatusId = online ? ORDER_STATUS.inPayment : ORDER_STATUS.ordered;
    if (to !== editing.orderStatusId) {
      const moved = await this.d.status.transition(
        {
          orderId,
          from: editing.orderStatusId,
          to,
          actor: 'customer',
          actorUserId: p.userId,
          note: 'ordine modificato',
        },
        tx,
      );
      if (!moved.ok) throw new Abort(moved);
    } else await edited(to);
    return { paymentUrl, attempt: null };
  }

  /** The cart is bought: closed; a fresh open cart keeps the delivery choice (not the booked slot). */
  private async closeCart(p: Purchase, tx: Db): Promise<void> {
    const { target } = p;
    await this.d.carts.closeBought(p.cart.cartId, tx);
    await this.d.carts.openAfterPurchase(
      p.userId,
      {
        deliveryServiceId: target.deliveryServiceId,
        storeId: target.storeId,
        warehouseId: target.warehouseId,
        shippingAddressId: target.address.addressId,
        addressAutoAssigned: false,
        storeAutoAssigned: false,
      },
      tx,
    );
  }

  /**
   * The stock of the order's store: the net change per product (what the order takes less what an edited
   * order held), in one UPDATE that locks the products in id order (no deadlock between buyers). A product
   * without enough refuses the purchase by name; one left at zero tells the catalogue it sold out.
   */
  private async moveStock(p: Purchase, held: ReadonlyMap<number, number>, tx: Db): Promise<void> {
    const wanted = new Map<number, number>();
    for (const i of p.items) wanted.set(i.productId, (wanted.get(i.productId) ?? 0) + toMilli(i.quantity));
    const warehouseId = p.target.warehouseId;
    // an edited order moved to another store gives its stock back there, and takes it all at the new one
    const heldHere = p.editing && p.editing.warehouseId !== warehouseId ? new Map<number, number>() : held;
    if (heldHere !== held && p.editing) {
      const back = [...held].sort(([a], [b]) => a - b);
      await this.d.catalogue.moveStocks(
        back.map(([productId, milli]) => ({ productId, delta: -fromMilli(milli) })),
        p.editing.warehouseId,
        tx,
      );
    }
    const moves = [...new Set([...wanted.keys(), ...heldHere.keys()])]
      .sort((a, b) => a - b)
      .map((productId) => ({
        productId,
        delta: fromMilli((wanted.get(productId) ?? 0) - (heldHere.get(productId) ?? 0)),
      }))
      .filter((m) => m.delta !== 0);
    const left = await this.d.catalogue.moveStocks(moves, warehouseId, tx);
    let soldOut = false;
    for (const { productId, delta } of moves) {
      if (delta <= 0) continue;
      const stock = left.get(productId);
      if (stock === undefined) {
        const name = p.items.find((i) => i.productId === productId)?.name ?? '';
        throw new Abort(fail(CHECKOUT_TEXT.notAvailable.code, `${name} ${CHECKOUT_TEXT.notAvailable.text}`));
      }
      if (stock <= 0) soldOut = true;
    }
    if (soldOut) await this.d.catalogue.soldOut(tx);
  }

  /** The slot's place, by a guarded UPDATE (an edited order keeping its slot keeps its place). */
  private async takeSlot(p: Purchase, tx: Db): Promise<void> {
    const { editing, slot } = p;
    if (editing && editing.slotId === slot.slotId) return;
    if (!(await this.d.timeslots.takePlace(slot.slotId, tx)))
      throw new Abort(failWith(CHECKOUT_TEXT.slotFull));
    if (editing) await this.d.timeslots.givePlaceBack(editing.slotId, tx);
  }

  /** The gift codes taken, in id order (no deadlock between buyers); one no longer left refuses. */
  private async consumeGifts(draft: DraftOrder, tx: Db): Promise<void> {
    for (const u of [...draft.uses].sort((x, y) => x.giftCertificateId - y.giftCertificateId))
      if (!(await this.d.gifts.consume(u.giftCertificateId, tx)))
        throw new Abort(failWith(CHECKOUT_TEXT.giftInvalid));
  }
}
