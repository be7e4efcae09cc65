import { fromMilli, toMilli } from '@spesa/shared/cart/quantity';
import {
  DEFAULT_PAYMENT_TYPE_ID,
  PAYMENT_TYPE,
  isOnlinePaymentType,
  paymentTypeOf,
  paysOnline,
} from '@spesa/shared/checkout/payment-types';
import { orderTotalCents, prebilledAmountCents } from '@spesa/shared/checkout/prebilled-amount';
import type { OrderPaymentData } from '@spesa/shared/contracts/checkout';
import { CART_STATUS } from '@spesa/shared/contracts/delivery';
import { ORDER_STATUS, isEditable, type OrderStatusId } from '@spesa/shared/orders/order-status';
import type { Db } from '../../db/client';
import { Abort, fail, failWith, ok, type Failure, type Result } from '../../lib/result';
import { isUniqueViolation } from '../../db/rows';
import type { AccountRepository, UserRow } from '../account/account.repository';
import type { CartPurchase } from '../cart/cart-purchase';
import type { CartRow } from '../cart/cart.repository';
import type { CartService } from '../cart/cart.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { DeliveryTarget } from '../delivery/delivery.service';
import { shippingAddressOf } from '../delivery/delivery.mapper';
import type { SlotView, TimeslotService } from '../delivery/timeslot.service';
import type { OrderStatusService } from '../orders/order-status.service';
import { CHECKOUT_INFO_TEXT, CHECKOUT_TEXT } from './checkout.messages';
import {
  FEE_KEY,
  PREMIUM_PRODUCT_KEY,
  priceKey,
  type CheckoutFigures,
  type CheckoutPricing,
  type PricedLine,
} from './checkout-pricing';
import type { CheckoutReadiness } from './checkout-readiness';
import type { CheckoutRepository } from './checkout.repository';
import type { OrderAnswer } from '../orders/order-answer';
import type {
  NewOrder,
  NewOrderItem,
  OrderPlacementRepository,
  OrderRow,
} from '../orders/order-placement.repository';
import type { PaymentAttempts } from './payment-attempts';
import type { CheckoutGiftsPort } from './checkout-gifts';
import type { OrderWalletPort } from './order-wallet';
import type { OrderPremiumPort } from './order-premium';

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
}

/**
 * Buying a prepared cart (POST /checkout/buy, decision 017): one transaction that re-prices the lines, takes
 * the stock and the slot's place with guarded UPDATEs, consumes the gift code, and writes the order, its
 * lines, its first status and its payment authorisation, then closes the cart and opens a fresh one that
 * keeps the delivery choice. This flow is the one orchestrator of the purchase: each table it changes is
 * written through the module that owns it (cart, catalogue, delivery, orders), on this transaction.
 */
export class OrderPlacement {
  constructor(private readonly d: OrderPlacementDeps) {}

  // ---------- POST /checkout/buy ----------
  async buy(
    userId: number,
    input: {
      paymentTypeId: number | undefined;
      idempotencyKey: string | null;
      /** the part paid with the wallet, cents (0 or absent: none) */
      walletCents?: number;
      /** the buyer's row read with the session of this request (spares reading it again); else read here */
      user?: UserRow | null;
    },
  ): Promise<Result<OrderPaymentData>> {
    const paymentTypeId = input.paymentTypeId ?? DEFAULT_PAYMENT_TYPE_ID;
    const type = paymentTypeOf(paymentTypeId);
    if (!type) return failWith(CHECKOUT_TEXT.paymentType, 'validation');
    if (input.idempotencyKey) {
      const seen = await this.d.orders.findByIdempotencyKey(userId, input.idempotencyKey);
      if (seen) return this.replay(seen);
    }
    if (paymentTypeId === PAYMENT_TYPE.deferred) {
      const user = input.user ?? (await this.d.accounts.findUserById(userId));
      if (user?.companyId === null || user?.companyId === undefined)
        return failWith(CHECKOUT_TEXT.deferredNotAllowed);
    }
    const cart = await this.d.cart.getOrCreateOpenCart(userId);
    const target = await this.d.readiness.targetOf(userId, cart);
    const co = await this.d.repo.checkoutOf(cart.cartId);
    const editing = co?.editingOrderId ? await this.d.orders.findOrder(co.editingOrderId, userId) : null;
    // a refusal of a cart that a simultaneous buy has bought meanwhile answers that order
    const refuse = async (failure: Failure): Promise<Result<OrderPaymentData>> => {
      const bought = await this.boughtMeanwhile(userId, cart);
      return bought ? this.replay(bought) : failure;
    };
    if (cart.cartStatusId !== CART_STATUS.locked) return refuse(failWith(CHECKOUT_TEXT.notPrepared));
    const figures = await this.d.pricing.figures(userId, cart, target, {
      paymentTypeId,
      exceptOrderId: editing?.orderId ?? null,
      checkout: co,
    });
    const seen: { slot?: SlotView } = {};
    const missing = await this.d.readiness.missing(
      userId,
      cart,
      target,
      figures,
      editing,
      seen,
      input.user ?? null,
    );
    const first = missing[0];
    if (first) return refuse(first);
    if (!target || !co) return refuse(failWith(CHECKOUT_TEXT.notPrepared));
    // the premium 20 % product changed (or stopped) after prepare: the prices seen are not the prices now
    const seenPremium = co.preparedPrices?.[PREMIUM_PRODUCT_KEY];
    if (seenPremium !== undefined && seenPremium !== (figures.premiumProduct?.productId ?? 0))
      return refuse(failWith(CHECKOUT_TEXT.premiumProductChanged));
    for (const l of figures.lines) {
      const seen = co.preparedPrices?.[priceKey(l.row.productId, l.row.optionsKey)];
      if (seen !== l.unitCents) return refuse(failWith(CHECKOUT_TEXT.priceChanged));
    }
    const seenFee = co.preparedPrices?.[FEE_KEY];
    if (seenFee !== undefined && seenFee !== figures.feeCents)
      return refuse(
        failWith(figures.feeCents > seenFee ? CHECKOUT_TEXT.freeDeliveryGone : CHECKOUT_TEXT.priceChanged),
      );
    const slot = seen.slot;
    if (!slot) return refuse(failWith(CHECKOUT_TEXT.noTimeslot));
    try {
      const placed = await this.d.db.transaction(async (tx) =>
        this.place(tx, {
          userId,
          cart,
          target,
          slot,
          figures,
          co,
          editing,
          paymentTypeId,
          walletCents: input.walletCents ?? 0,
          key: input.idempotencyKey,
        }),
      );
      const row = placed.row ?? (await this.d.orders.findOrderById(placed.orderId));
      if (!row) throw new Error('buy: order vanished');
      if (placed.replayed) return this.replay(row);
      // built after the commit: PGlite has one connection, a read outside the transaction would wait for it
      return ok(
        {
          order: await this.d.answer.build(row),
          orderId: row.orderId,
          paymentUrl: placed.paymentUrl,
          replayed: false,
        },
        placed.infos,
      );
    } catch (error) {
      if (error instanceof Abort) return error.failure;
      if (isUniqueViolation(error)) {
        const again =
          (input.idempotencyKey &&
            (await this.d.orders.findByIdempotencyKey(userId, input.idempotencyKey))) ||
          (await this.d.orders.findBySourceCart(cart.cartId));
        if (again) return this.replay(again);
      }
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

  private async place(
    tx: Db,
    p: {
      userId: number;
      cart: CartRow;
      target: DeliveryTarget;
      slot: SlotView;
      figures: CheckoutFigures;
      co: NonNullable<Awaited<ReturnType<CheckoutRepository['checkoutOf']>>>;
      editing: OrderRow | null;
      paymentTypeId: number;
      walletCents: number;
      key: string | null;
    },
  ): Promise<{
    orderId: number;
    /** the new order's row (null for an edited order or a replay: read again after the commit) */
    row: OrderRow | null;
    paymentUrl: string | null;
    infos: string[];
    replayed: boolean;
  }> {
    const { userId, cart, target, slot, figures, co, paymentTypeId } = p;
    const locked = await this.d.carts.lockForPurchase(cart.cartId, userId, tx);
    if (!locked) throw new Abort(failWith(CHECKOUT_TEXT.cartClosed));
    const already = await this.d.orders.findBySourceCart(cart.cartId, tx);
    if (already) return { orderId: already.orderId, row: null, paymentUrl: null, infos: [], replayed: true };
    if (
      locked.closedAt !== null ||
      locked.cartStatusId !== CART_STATUS.locked ||
      locked.slotId !== cart.slotId
    )
      throw new Abort(failWith(CHECKOUT_TEXT.cartClosed));
    const editing = p.editing ? await this.d.orders.lockOrder(tx, p.editing.orderId, userId) : null;
    if (p.editing && (!editing || !isEditable(editing.orderStatusId)))
      throw new Abort(failWith(CHECKOUT_TEXT.notEditable));

    // what the order takes, and what an edited order already holds (read before its lines are replaced)
    const wanted = new Map<number, number>();
    for (const l of figures.lines)
      wanted.set(l.row.productId, (wanted.get(l.row.productId) ?? 0) + toMilli(l.row.quantity));
    const held = editing
      ? await this.d.readiness.heldByOrder(editing.orderId, tx)
      : new Map<number, number>();
    // the order
    const a = target.address;
    const packaging = figures.packaging;
    const order: NewOrder = {
      userId,
      sourceCartId: cart.cartId,
      orderStatusId: ORDER_STATUS.ordered,
      deliveryServiceId: target.deliveryServiceId,
      storeId: target.storeId,
      warehouseId: target.warehouseId,
      shippingAddressId: a.addressId,
      shippingAddress: shippingAddressOf(target, { autoAssigned: false, withClasses: false }),
      zoneId: target.zone?.zoneId ?? null,
      slotId: slot.slotId,
      slotDate: slot.date,
      timeslotId: slot.timeslotId,
      beginTime: slot.beginTime,
      endTime: slot.endTime,
      deliveryDayPeriodId: slot.deliveryDayPeriodId,
      paymentTypeId,
      itemsCents: figures.itemsCents,
      itemsStandardCents: figures.itemsStandardCents,
      variableWeightCents: figures.variableWeightCents,
      deliveryFeeCents: figures.feeCents,
      packagingCents: figures.packagingCents,
      giftDiscountCents: 0,
      totalCents: 0,
      preauthCents: 0,
      walletCents: 0,
      mealVoucherCents: figures.mealVouchers?.coveredCents ?? 0,
      mealVoucherFeeCents: figures.mealVouchers?.serviceCostCents ?? 0,
      infos: {},
      idempotencyKey: editing ? editing.idempotencyKey : p.key,
    };
    // gift codes: an edited order gives its uses back first; the new uses are taken at the end
    if (editing) await this.d.gifts.releaseUses(editing.orderId, tx);
    const uses = figures.gifts
      .filter((g) => g.discountCents > 0)
      .map((g) => ({ giftCertificateId: g.giftCertificateId, discountCents: g.discountCents }));
    order.giftDiscountCents = uses.reduce((s, u) => s + u.discountCents, 0);
    const base = {
      itemsCents: figures.itemsCents,
      giftDiscountCents: order.giftDiscountCents,
      deliveryFeeCents: figures.feeCents,
    };
    order.totalCents = orderTotalCents(base) + figures.packagingCents + order.mealVoucherFeeCents;
    // the wallet's part, then what the payment type takes: an online hold or the total, less that part and
    // less what the meal vouchers pay (decision 047)
    if (p.walletCents > order.totalCents) throw new Abort(failWith(CHECKOUT_TEXT.walletAboveTotal));
    if (p.walletCents + order.mealVoucherCents > order.totalCents)
      throw new Abort(failWith(CHECKOUT_TEXT.mealVouchersAboveTotal));
    order.walletCents = p.walletCents;
    order.preauthCents =
      (isOnlinePaymentType(paymentTypeId)
        ? prebilledAmountCents({
            ...base,
            variableWeightCents: figures.variableWeightCents,
            packagingCents: figures.packagingCents,
          }) + order.mealVoucherFeeCents
        : order.totalCents) -
      order.walletCents -
      order.mealVoucherCents;
    const online = paysOnline(paymentTypeId, order.preauthCents);
    order.orderStatusId = online ? ORDER_STATUS.inPayment : ORDER_STATUS.ordered;
    const infos = co.cartInfos;
    order.infos = {
      invoice: co.invoice ?? null,
      lotteryCode: co.lotteryCode,
      extraEmail: co.extraEmail,
      mealVouchers: figures.mealVouchers ? figures.mealVouchers.declaration : null,
      notes: infos.notes && infos.notes !== '' ? infos.notes : null,
      acceptAlternatives: infos.accept_alternatives === 'true',
      packaging: packaging
        ? {
            packagingTypeId: packaging.packagingTypeId,
            name: packaging.name,
            bags: figures.bags,
            priceCents: packaging.priceCents,
          }
        : null,
    };

    let orderId: number;
    // a new order's row as inserted: nothing below changes it, so the answer needs no read after the commit
    let inserted: OrderRow | null = null;
    let paymentUrl: string | null = null;
    const keepHold =
      editing !== null &&
      (await this.d.attempts.keepsAuthorization(tx, editing, paymentTypeId, order.preauthCents));
    if (editing) {
      orderId = editing.orderId;
      order.orderStatusId = keepHold ? editing.orderStatusId : order.orderStatusId;
      if (
        !(await this.d.orders.replaceOrder(tx, orderId, editing.version, {
          ...order,
          orderStatusId: editing.orderStatusId,
        }))
      )
        throw new Abort(failWith(CHECKOUT_TEXT.notEditable));
      await this.d.orders.deleteItems(tx, orderId);
    } else {
      inserted = await this.d.orders.insertOrder(tx, order);
      orderId = inserted.orderId;
    }
    // the whole order is written before its status changes: the change's listeners (the confirmation
    // e-mail) read its lines
    await this.d.orders.insertItems(tx, orderId, this.orderItems(figures.lines));
    for (const u of uses) await this.d.gifts.recordUse({ ...u, orderId, userId }, tx);
    // the wallet's part (an edited order's former part is given back first); the balance must cover it.
    // A new order without a part holds nothing: the wallet is not asked (no lock, no read).
    if (editing || order.walletCents > 0) {
      const paid = editing
        ? await this.d.wallet.payOrder(userId, orderId, order.walletCents, tx)
        : await this.d.wallet.payNewOrder(userId, orderId, order.walletCents, tx);
      if (!paid.ok) throw new Abort(paid);
    }
    // the premium card's free delivery: taken for this order (kept by an edited order that had it)
    if (figures.premiumFreeDelivery) {
      const free = await this.d.premium.takeFreeDelivery(userId, orderId, tx);
      if (!free.ok) throw new Abort(failWith(CHECKOUT_TEXT.freeDeliveryGone));
    } else if (editing) await this.d.premium.releaseFreeDelivery(orderId, tx);
    if (editing) {
      if (!keepHold) {
        await this.d.attempts.voidLive(tx, orderId);
        paymentUrl = await this.d.attempts.start(tx, orderId, paymentTypeId, order.preauthCents);
        const to: OrderStatusId = online ? ORDER_STATUS.inPayment : ORDER_STATUS.ordered;
        if (to !== editing.orderStatusId) {
          const moved = await this.d.status.transition(tx, {
            orderId,
            from: editing.orderStatusId,
            to,
            actor: 'customer',
            actorUserId: userId,
            note: 'ordine modificato',
          });
          if (!moved.ok) throw new Abort(moved);
        }
      }
    } else {
      await this.d.status.recordInitial(
        tx,
        orderId,
        order.orderStatusId as OrderStatusId,
        'customer',
        userId,
      );
      paymentUrl = await this.d.attempts.start(tx, orderId, paymentTypeId, order.preauthCents, true);
    }

    // the cart is bought: closed; a fresh open cart keeps the delivery choice (not the booked slot)
    await this.d.carts.closeBought(cart.cartId, tx);
    await this.d.carts.openAfterPurchase(
      userId,
      {
        deliveryServiceId: target.deliveryServiceId,
        storeId: target.storeId,
        warehouseId: target.warehouseId,
        shippingAddressId: a.addressId,
        addressAutoAssigned: false,
        storeAutoAssigned: false,
      },
      tx,
    );
    // Last, the rows every buyer shares (a product's stock, the slot, a gift code): guarded UPDATEs taken
    // right before the commit, so their row locks are held for the shortest time. A refusal rolls back all.
    // stock: the net change per product, in one UPDATE that locks the products in id order (no deadlock
    // between buyers)
    const moves = [...new Set([...wanted.keys(), ...held.keys()])]
      .sort((a, b) => a - b)
      .map((productId) => ({
        productId,
        delta: fromMilli((wanted.get(productId) ?? 0) - (held.get(productId) ?? 0)),
      }))
      .filter((m) => m.delta !== 0);
    const left = await this.d.catalogue.moveStocks(tx, moves);
    let soldOut = false;
    for (const { productId, delta } of moves) {
      if (delta <= 0) continue;
      const stock = left.get(productId);
      if (stock === undefined) {
        const name = figures.lines.find((l) => l.row.productId === productId)?.facts.product.name ?? '';
        throw new Abort(fail(CHECKOUT_TEXT.notAvailable.code, `${name} ${CHECKOUT_TEXT.notAvailable.text}`));
      }
      if (stock <= 0) soldOut = true;
    }
    if (soldOut) await this.d.catalogue.soldOut(tx);

    // the slot's place: guarded UPDATE (an edited order keeping its slot keeps its place)
    if (!editing || editing.slotId !== slot.slotId) {
      if (!(await this.d.timeslots.takePlace(slot.slotId, tx)))
        throw new Abort(failWith(CHECKOUT_TEXT.slotFull));
      if (editing) await this.d.timeslots.givePlaceBack(editing.slotId, tx);
    }

    for (const u of [...uses].sort((x, y) => x.giftCertificateId - y.giftCertificateId))
      if (!(await this.d.gifts.consume(u.giftCertificateId, tx)))
        throw new Abort(failWith(CHECKOUT_TEXT.giftInvalid));

    return {
      orderId,
      row: inserted,
      paymentUrl,
      infos: [editing ? CHECKOUT_INFO_TEXT.modified(orderId) : CHECKOUT_INFO_TEXT.ordered(orderId)],
      replayed: false,
    };
  }

  private orderItems(lines: readonly PricedLine[]): NewOrderItem[] {
    return lines.map((l, i) => {
      const p = l.facts.product;
      const promo = l.promo?.view ?? null;
      return {
        position: i + 1,
        productId: p.productId,
        codInt: p.codInt,
        name: p.name,
        shortDescr: p.shortDescr,
        description: p.description,
        sellingType: l.rules.sellingType,
        unitBase: p.unitMeasureBaseSelling?.um ?? '',
        mediaUrl: p.mediaURL,
        sectorId: p.breadCrumbs[0]?.categoryId ?? p.categoryId,
        options: l.row.options,
        optionsKey: l.row.optionsKey,
        promoId: l.promo?.promoId ?? null,
        promo: promo ? { header: promo.view?.header ?? '', body: promo.view?.body ?? '' } : null,
        quantity: l.row.quantity,
        unitPriceCents: l.unitCents,
        unitPriceStandardCents: l.facts.listPriceCents,
        lineTotalCents: l.lineCents,
        lineStandardCents: l.lineStandardCents,
        variableWeight: l.variableWeight,
        acceptAlternatives: l.row.infos.accept_alternatives === 'true',
        infos: l.row.infos,
      };
    });
  }
}
