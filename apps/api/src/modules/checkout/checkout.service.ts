import { estimateBags, prebilledAmountCents } from '@spesa/shared/checkout/prebilled-amount';
import {
  PAYMENT_TYPE,
  PAYMENT_TYPES,
  isOnlinePaymentType,
  paymentTypeOf,
} from '@spesa/shared/checkout/payment-types';
import type { Cart } from '@spesa/shared/contracts/cart';
import type {
  CheckoutCart,
  CheckoutPrepareBody,
  GiftCertificate,
  OrderPaymentData,
  PackagingProduct,
  PaymentType,
} from '@spesa/shared/contracts/checkout';
import { CART_STATUS } from '@spesa/shared/contracts/delivery';
import { PREMIUM_PERKS } from '@spesa/shared/loyalty/premium';
import { MEAL_VOUCHERS } from '@spesa/shared/checkout/meal-vouchers';
import type { OrderInvoice } from '@spesa/shared/contracts/orders';
import type { PaymentTypeOffer } from '../../lib/payment-type-offer';
import { fail, failWith, ok, type Failure, type Result } from '../../lib/result';
import type { AccountRepository } from '../account/account.repository';
import type { CartPurchase } from '../cart/cart-purchase';
import type { CartRow } from '../cart/cart.repository';
import type { CartService } from '../cart/cart.service';
import type { SlotView } from '../delivery/timeslot.service';
import { productMediaUrl } from '../catalogue/product.mapper';
import { CHECKOUT_INFO_TEXT, CHECKOUT_TEXT } from './checkout.messages';
import {
  FEE_KEY,
  PREMIUM_PRODUCT_KEY,
  priceKey,
  type CheckoutFigures,
  type CheckoutPricing,
  type CheckoutRow,
} from './checkout-pricing';
import { MEAL_VOUCHER_REFUSAL_TEXT, type CheckoutReadiness } from './checkout-readiness';
import { preparingOfJson, type CheckoutRepository } from './checkout.repository';
import type { CheckoutGiftsPort } from './checkout-gifts';
import type { OrderPlacement } from './order-placement.service';
import type { OrderPlacementRepository } from '../orders/order-placement.repository';
import type { LiveSession, SessionCompanion, SessionUser } from '../../plugins/session';
import { freezePurchase } from './prepared-purchase';
import { choicesOf, withChoices } from './prepare-choices';
import type { BuyAsk } from './prepared-cart-check';

const euro = (cents: number) => cents / 100;

export interface CheckoutServiceDeps {
  cart: CartService;
  carts: CartPurchase;
  accounts: AccountRepository;
  repo: CheckoutRepository;
  orders: OrderPlacementRepository;
  pricing: CheckoutPricing;
  readiness: CheckoutReadiness;
  gifts: CheckoutGiftsPort;
  placement: OrderPlacement;
  /** the payment types this shop offers (the payment module's, decision 084) */
  paymentTypes: PaymentTypeOffer;
}

/**
 * Checkout (decision 017) as the customer's calls see it: the cart with its checkout figures and what is
 * still missing, bags, payment types, gift codes, prepare (locks the cart: status 7), unlock, the
 * pre-authorised amount, and buy (the purchase itself is OrderPlacement). Pricing, readiness checks and
 * payment attempts are their own parts (checkout-pricing, checkout-readiness, payment-attempts); gift codes'
 * rules are the loyalty module's, reached through CheckoutGiftsPort (decision 040).
 */
export class CheckoutService {
  constructor(private readonly d: CheckoutServiceDeps) {}

  // ---------- the cart as checkout answers it ----------
  async checkoutCart(
    userId: number,
    showSectors = false,
  ): Promise<{ cart: CheckoutCart; missing: Failure[] }> {
    const view = await this.d.cart.view(userId, showSectors);
    if (!view.ok) throw new Error('cart view failed');
    const cart = await this.d.cart.getOrCreateOpenCart(userId);
    const target = await this.d.readiness.targetOf(userId, cart);
    const co = await this.d.repo.checkoutOf(cart.cartId);
    const editing = co?.editingOrderId ? await this.d.orders.findOrder(co.editingOrderId, userId) : null;
    const figures = await this.d.pricing.figures(userId, cart, target, { checkout: co });
    const missing = await this.d.readiness.missing(userId, cart, target, figures, editing);
    return {
      cart: this.toCheckoutCart(view.data, figures, co, missing, editing?.walletCents ?? 0),
      missing,
    };
  }

  private toCheckoutCart(
    cart: Cart,
    f: CheckoutFigures,
    co: CheckoutRow,
    missing: Failure[],
    walletHeldCents: number,
  ): CheckoutCart {
    return {
      ...cart,
      // the fee as bought now (a premium card's free delivery is 0)
      deliveryFee: euro(f.feeCents),
      orderAdjustmentSummary: {
        orderAdjustments: f.gifts.map((g) => ({
          userGiftCertificateId: g.giftCertificateId,
          giftCertificate: g.giftCertificate,
          discount: euro(g.discountCents),
        })),
        totalDiscount: euro(f.giftDiscountCents),
      },
      checkout: {
        packagingTypeId: f.packaging?.packagingTypeId ?? null,
        bags: f.bags,
        packagingTotal: euro(f.packagingCents),
        giftDiscount: euro(f.giftDiscountCents),
        orderTotal: euro(f.totalCents),
        prebilledAmount: euro(f.prebilledCents),
        premiumFreeDelivery: f.premiumFreeDelivery,
        premiumProduct: f.premiumProduct
          ? {
              productId: f.premiumProduct.productId,
              percent: PREMIUM_PERKS.productDiscountPercent,
              discount: euro(f.premiumProduct.discountCents),
            }
          : null,
        rulesAccepted: co?.rulesAccepted ?? false,
        needInvoice: co?.invoice !== null && co?.invoice !== undefined,
        invoice: (co?.invoice as OrderInvoice | null | undefined) ?? null,
        lotteryCode: co?.lotteryCode ?? null,
        extraEmail: co?.extraEmail ?? null,
        editingOrderId: co?.editingOrderId ?? null,
        walletHeld: euro(walletHeldCents),
        mealVouchers: f.mealVouchers
          ? {
              count: f.mealVouchers.declaration.count,
              kind: f.mealVouchers.declaration.kind,
              faceValue: euro(f.mealVouchers.declaration.faceValueCents),
              amount: euro(f.mealVouchers.coveredCents),
              serviceCost: euro(f.mealVouchers.serviceCostCents),
              serviceCostPercent: MEAL_VOUCHERS.serviceCostBasisPoints[f.mealVouchers.declaration.kind] / 100,
            }
          : null,
        foodTotal: euro(f.foodCents),
        missing: missing.map((m) => m.message),
        missingCodes: missing.map((m) => m.code),
      },
    };
  }

  // ---------- GET /packaging-type/list ----------
  async packagingList(userId: number): Promise<Result<{ products: PackagingProduct[] }>> {
    const cart = await this.d.cart.getOrCreateOpenCart(userId);
    const co = await this.d.repo.checkoutOf(cart.cartId);
    const lines = (await this.d.pricing.priceLines(cart)).filter((l) => l.available);
    const pieces = this.d.pricing.piecesOf(lines);
    const types = await this.d.repo.packagingTypes();
    const chosen =
      (await this.d.pricing.packagingChoice(co?.packagingTypeId ?? null))?.packagingTypeId ?? null;
    return ok({
      products: types.map((t) => {
        const bags = estimateBags(pieces, t.itemsPerBag);
        return {
          productId: t.packagingTypeId,
          packagingTypeId: t.packagingTypeId,
          code: t.code,
          name: t.name,
          shortDescr: t.priceCents > 0 ? 'Buste' : 'Senza buste',
          description: t.descr,
          mediaURL: productMediaUrl(t.mediaIcon, undefined),
          price: euro(t.priceCents),
          priceDisplay: euro(t.priceCents),
          itemsPerBag: t.itemsPerBag,
          estimatedBags: bags,
          estimatedTotal: euro(bags * t.priceCents),
          isDefault: t.isDefault,
          selected: t.packagingTypeId === chosen,
          available: 1,
        };
      }),
    });
  }

  // ---------- GET /payment-type/list-auth ----------
  async paymentTypes(
    userId: number,
    paymentTypeId: number | undefined,
  ): Promise<Result<{ auths: never[]; paymentTypes: PaymentType[]; defaultPaymentTypeId: number }>> {
    const user = await this.d.accounts.findUserById(userId);
    const company = user?.companyId !== null && user?.companyId !== undefined;
    const { paymentTypes: offer } = this.d;
    if (paymentTypeId !== undefined && !paymentTypeOf(paymentTypeId))
      return failWith(CHECKOUT_TEXT.paymentType);
    if (paymentTypeId !== undefined && !offer.offers(paymentTypeId))
      return failWith(CHECKOUT_TEXT.paymentTypeNotOffered);
    const list = PAYMENT_TYPES.filter(
      (p) =>
        offer.offers(p.paymentTypeId) && (paymentTypeId === undefined || p.paymentTypeId === paymentTypeId),
    );
    const defaultPaymentTypeId = offer.defaultTypeId();
    return ok({
      auths: [],
      paymentTypes: list.map((p) => ({
        paymentTypeId: p.paymentTypeId,
        name: p.name,
        descr: p.descr,
        online: p.online,
        default: p.paymentTypeId === defaultPaymentTypeId,
        enabled: p.paymentTypeId !== PAYMENT_TYPE.deferred || company,
      })),
      defaultPaymentTypeId,
    });
  }

  // ---------- gift codes ----------
  async giftCheck(
    userId: number,
    code: string,
  ): Promise<Result<{ giftCertificate: GiftCertificate; discount: number; applicable: boolean }>> {
    const cart = await this.d.cart.getOrCreateOpenCart(userId);
    const checked = await this.d.gifts.check(userId, code, await this.itemsCentsOf(cart));
    if (!checked.ok) return checked;
    const discount = checked.data.discountCents;
    return ok({
      giftCertificate: checked.data.giftCertificate,
      discount: euro(discount),
      applicable: discount > 0,
    });
  }

  private async itemsCentsOf(cart: CartRow): Promise<number> {
    return (await this.d.pricing.priceLines(cart))
      .filter((l) => l.available)
      .reduce((s, l) => s + l.lineCents, 0);
  }

  /** One code per cart: adding another replaces it. The cart must not be locked. */
  async giftAdd(
    userId: number,
    code: string,
  ): Promise<{ cart: CheckoutCart; failures: Failure[]; infos: string[] }> {
    const cart = await this.d.cart.getOrCreateOpenCart(userId);
    if (cart.cartStatusId === CART_STATUS.locked)
      return { ...(await this.answerCart(userId)), failures: [this.lockedFailure()], infos: [] };
    const put = await this.d.gifts.putInCart(userId, cart.cartId, code, await this.itemsCentsOf(cart));
    if (!put.ok) return { ...(await this.answerCart(userId)), failures: [put], infos: [] };
    const infos = [CHECKOUT_INFO_TEXT.giftAdded, ...(put.data.notice ? [put.data.notice] : [])];
    return { ...(await this.answerCart(userId)), failures: [], infos };
  }

  async giftRemove(
    userId: number,
    code: string,
  ): Promise<{ cart: CheckoutCart; failures: Failure[]; infos: string[] }> {
    const cart = await this.d.cart.getOrCreateOpenCart(userId);
    if (cart.cartStatusId === CART_STATUS.locked)
      return { ...(await this.answerCart(userId)), failures: [this.lockedFailure()], infos: [] };
    const removed = await this.d.gifts.takeFromCart(cart.cartId, code);
    return removed
      ? { ...(await this.answerCart(userId)), failures: [], infos: [CHECKOUT_INFO_TEXT.giftRemoved] }
      : { ...(await this.answerCart(userId)), failures: [failWith(CHECKOUT_TEXT.giftNotInCart)], infos: [] };
  }

  private lockedFailure(): Failure {
    return fail('msg.cart.locked', 'Il carrello è in fase di pagamento: torna al carrello per modificarlo.');
  }

  private async answerCart(userId: number): Promise<{ cart: CheckoutCart }> {
    return { cart: (await this.checkoutCart(userId)).cart };
  }

  // ---------- POST /checkout/prepare ----------
  /**
   * POST /checkout/prepare's reads, made by the session's statement (decision 059, session 49): the open cart
   * with its lines, infos, address and chosen slot, its lines' products' live columns, and its checkout row
   * with the catalogue's version and whether a premium product or a gift code can matter.
   */
  prepareCompanion(): SessionCompanion {
    return this.d.cart.purchaseCompanion('cart_for_prepare', {
      products: true,
      alongside: (c) => this.d.pricing.preparingCheckoutSql(c),
    });
  }

  /**
   * Checks the cart and the choices sent, prices it, and when nothing is missing locks it (status 7) and
   * freezes what buy writes (prepared-purchase.ts). Reads (decision 059, sessions 46 and 49): the cart with
   * its lines, infos, address and chosen slot, its products' live columns and the checkout row with the
   * catalogue's version and whether a premium product or a gift code can matter, in the session's statement
   * (`prepareCompanion`; without it, in two statements here and the products' facts in a third); then one
   * write: the choices, the prices and the frozen purchase, with the cart's infos and its lock as
   * data-modifying CTEs. A refusal saves the choices only (as the answer shows them), never the prices nor the
   * lock.
   */
  async prepare(
    userId: number,
    body: CheckoutPrepareBody,
    /** the buyer's row read with the session of this request (spares reading it again); else read here */
    user: SessionUser | null = null,
    /**
     * the request's session: the buyer's card and segments as it read them (else read here), and the cart with
     * its products and checkout row as its statement read them (`prepareCompanion`; else read here)
     */
    session: Pick<LiveSession, 'pricingOn' | 'companion'> | null = null,
  ): Promise<{ cart: CheckoutCart; failures: Failure[]; infos: string[] }> {
    const day = this.d.pricing.today();
    const companion = this.d.cart.companionCart(session);
    const read = await this.d.cart.readForPurchase(userId, companion);
    const { cart, target } = read;
    // the catalogue's version is read before the lines are priced (or with their products, in one statement)
    const now =
      companion?.alongside !== undefined
        ? preparingOfJson(companion.alongside)
        : await this.d.pricing.preparingCheckout(cart.cartId, userId);
    const chosen = await choicesOf(this.d, userId, body, now.checkout);
    if (!chosen.ok) return { ...(await this.answerCart(userId)), failures: [chosen], infos: [] };
    const { values, infos } = chosen.data;
    const co = withChoices(cart.cartId, now, { ...read.infos, ...infos }, values);
    const editing = co.editingOrderId ? await this.d.orders.findOrder(co.editingOrderId, userId) : null;
    const buyer = session?.pricingOn(day);
    const figures = await this.d.pricing.figures(userId, cart, target, {
      checkout: co,
      buyer,
      lines: read.lines,
      facts: read.facts?.byProduct,
      premiumChoice: now.premiumChoice,
      giftCodes: now.giftCodes,
    });
    // the meal vouchers sent are checked against the cart before anything is saved
    const vouchers = figures.mealVouchers;
    if (values.mealVouchers && vouchers?.refusal) {
      const refused = failWith(MEAL_VOUCHER_REFUSAL_TEXT[vouchers.refusal], 'validation');
      return { ...(await this.answerCart(userId)), failures: [refused], infos: [] };
    }
    if (co.invoice && co.mealVouchers) {
      const refused = failWith(CHECKOUT_TEXT.mealVouchersWithInvoice, 'validation');
      return { ...(await this.answerCart(userId)), failures: [refused], infos: [] };
    }
    const seen: { slot?: SlotView } = {};
    const slotRow = read.delivery?.chosen ?? null;
    const missing = await this.d.readiness.missing(
      userId,
      cart,
      target,
      figures,
      editing,
      seen,
      user,
      slotRow,
    );
    if (missing.length > 0) {
      // the choices are kept (the answer shows them), the prices and the lock are not
      await this.d.repo.saveWith(cart.cartId, values, this.infosWrites(cart.cartId, infos));
      return { ...(await this.answerCart(userId)), failures: missing, infos: [] };
    }
    const prices: Record<string, number> = {};
    for (const l of figures.lines) prices[priceKey(l.row.productId, l.row.optionsKey)] = l.unitCents;
    prices[FEE_KEY] = figures.feeCents;
    prices[PREMIUM_PRODUCT_KEY] = figures.premiumProduct?.productId ?? 0;
    // what buy writes without pricing again, while the versions it was priced at hold (an edited order's buy
    // prices again)
    const frozen =
      figures.buyer && !editing
        ? freezePurchase(figures, { catalogueVersion: co.catalogueVersion, day, buyer: figures.buyer })
        : null;
    await this.d.repo.saveWith(
      cart.cartId,
      { ...values, preparedPrices: prices, prepared: true, ...(frozen ? { preparedPurchase: frozen } : {}) },
      [
        ...(cart.cartStatusId !== CART_STATUS.locked
          ? [this.d.carts.moveStatusSql(cart.cartId, cart.cartStatusId, CART_STATUS.locked)]
          : []),
        ...this.infosWrites(cart.cartId, infos),
      ],
    );
    // the answer from what this request just priced and checked (nothing is missing, the cart is locked):
    // the lines, their product facts and the buyer are not read a second time
    const locked: CartRow = { ...cart, cartStatusId: CART_STATUS.locked };
    const view = await this.d.cart.wireOf(userId, locked, target, {
      rows: figures.lines.map((l) => l.row),
      facts: {
        warehouseId: cart.warehouseId,
        byProduct: new Map(figures.lines.map((l) => [l.row.productId, l.facts])),
      },
      ...(figures.buyer ? { buyer: figures.buyer } : {}),
      ...(seen.slot ? { slot: seen.slot } : {}),
      infos: co.cartInfos,
    });
    return {
      cart: this.toCheckoutCart(view, figures, co, [], editing?.walletCents ?? 0),
      failures: [],
      infos: [CHECKOUT_INFO_TEXT.prepared],
    };
  }

  /** The cart's infos a prepare writes (need_invoice, notes), as the cart module's statement: none or one. */
  private infosWrites(cartId: number, infos: Record<string, string>) {
    return Object.keys(infos).length > 0 ? [this.d.carts.setInfosSql(cartId, infos)] : [];
  }

  /** GET /checkout/cart: the checkout's cart as it is; a locked cart stays locked. */
  read(userId: number): Promise<{ cart: CheckoutCart }> {
    return this.answerCart(userId);
  }

  /** POST /checkout/unlock: leaving checkout unlocks the cart (status 7 -> 0) so it can change again. */
  async unlock(userId: number): Promise<{ cart: CheckoutCart; failures: Failure[]; infos: string[] }> {
    const cart = await this.d.cart.getOrCreateOpenCart(userId);
    const done = await this.d.carts.moveStatus(cart.cartId, CART_STATUS.locked, CART_STATUS.open);
    return done
      ? { ...(await this.answerCart(userId)), failures: [], infos: [CHECKOUT_INFO_TEXT.unlocked] }
      : { ...(await this.answerCart(userId)), failures: [failWith(CHECKOUT_TEXT.cartNotLocked)], infos: [] };
  }

  // ---------- GET /checkout/prebilled-amount ----------
  async prebilled(
    userId: number,
    paymentTypeId: number | undefined,
    orderId: number | undefined,
  ): Promise<
    Result<{
      prebilledAmount: number;
      grossTotal: number;
      variableWeightTotal: number;
      packagingTotal: number;
    }>
  > {
    if (paymentTypeId !== undefined && !paymentTypeOf(paymentTypeId))
      return failWith(CHECKOUT_TEXT.paymentType, 'validation');
    if (orderId !== undefined) {
      const order = await this.d.orders.findOrder(orderId, userId);
      if (!order) return failWith(CHECKOUT_TEXT.orderNotFound, 'notFound');
      const online = isOnlinePaymentType(paymentTypeId ?? order.paymentTypeId);
      const base = {
        itemsCents: order.itemsCents,
        giftDiscountCents: order.giftDiscountCents,
        deliveryFeeCents: order.deliveryFeeCents,
      };
      return ok({
        prebilledAmount: euro(
          (online
            ? prebilledAmountCents({
                ...base,
                variableWeightCents: order.variableWeightCents,
                packagingCents: order.packagingCents,
              }) + order.mealVoucherFeeCents
            : order.totalCents) - order.mealVoucherCents,
        ),
        grossTotal: euro(order.totalCents),
        variableWeightTotal: euro(order.variableWeightCents),
        packagingTotal: euro(order.packagingCents),
      });
    }
    const cart = await this.d.cart.getOrCreateOpenCart(userId);
    const f = await this.d.pricing.figures(userId, cart, await this.d.readiness.targetOf(userId, cart), {
      paymentTypeId: paymentTypeId ?? this.d.paymentTypes.defaultTypeId(),
    });
    return ok({
      prebilledAmount: euro(f.prebilledCents),
      grossTotal: euro(f.totalCents),
      variableWeightTotal: euro(f.variableWeightCents),
      packagingTotal: euro(f.packagingCents),
    });
  }

  // ---------- POST /checkout/buy ----------
  /** POST /checkout/buy's first reads, made by the session's statement (`PreparedCartCheck.companion`). */
  buyCompanion(ask: BuyAsk): SessionCompanion {
    return this.d.placement.prepared.companion(ask);
  }

  buy(userId: number, input: Parameters<OrderPlacement['buy']>[1]): Promise<Result<OrderPaymentData>> {
    return this.d.placement.buy(userId, input);
  }
}
