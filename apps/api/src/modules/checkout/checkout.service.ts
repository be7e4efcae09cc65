import {
  lineTotalCents,
  parseSellingRules,
  toMilli,
  fromMilli,
  type SellingRules,
} from '@spesa/shared/cart/quantity';
import { estimateBags, orderTotalCents, prebilledAmountCents } from '@spesa/shared/checkout/prebilled-amount';
import {
  DEFAULT_PAYMENT_TYPE_ID,
  PAYMENT_TYPE,
  PAYMENT_TYPES,
  isOnlinePaymentType,
  paymentTypeOf,
} from '@spesa/shared/checkout/payment-types';
import type { PERSON_TYPES } from '@spesa/shared/contracts/account';
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
import type { OrderInvoice } from '@spesa/shared/contracts/orders';
import { ORDER_STATUS, isEditable, type OrderStatusId } from '@spesa/shared/orders/order-status';
import type { Db } from '../../db/client';
import { fail, failWith, ok, type Failure, type Result } from '../../lib/result';
import type { AccountRepository, UserRow } from '../account/account.repository';
import type { CartItemRow, CartRow } from '../cart/cart.repository';
import { CartRepository } from '../cart/cart.repository';
import type { CartService } from '../cart/cart.service';
import type { CartProductFacts, CatalogueService } from '../catalogue/catalogue.service';
import { productMediaUrl } from '../catalogue/product.mapper';
import type { DeliveryService, DeliveryTarget } from '../delivery/delivery.service';
import { addressTypeName } from '../delivery/delivery.mapper';
import { TimeslotRepository } from '../delivery/timeslot.repository';
import type { SlotView, TimeslotService } from '../delivery/timeslot.service';
import type { OrderStatusService } from '../orders/order-status.service';
import type { PaymentProvider } from '../payment/payment-provider';
import { NO_PROVIDER } from '../payment/sandbox.provider';
import { CHECKOUT_INFO_TEXT, CHECKOUT_TEXT } from './checkout.messages';
import type { CheckoutRepository, GiftCertificateRow, PackagingTypeRow } from './checkout.repository';
import type { OrderAnswer } from './order-answer';
import type {
  NewOrder,
  NewOrderItem,
  OrderPlacementRepository,
  OrderRow,
} from './order-placement.repository';

/** A failure thrown inside a transaction so that it rolls back; caught and answered as the failure. */
export class Abort extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}

/** One cart line priced now from the catalogue (the same rule as the cart, decision 015). */
export interface PricedLine {
  row: CartItemRow;
  facts: CartProductFacts;
  rules: SellingRules;
  unitCents: number;
  lineCents: number;
  lineStandardCents: number;
  available: boolean;
  variableWeight: boolean;
  promoId: number | null;
}

/** What the cart would cost if bought now. */
export interface CheckoutFigures {
  lines: PricedLine[];
  itemsCents: number;
  itemsStandardCents: number;
  variableWeightCents: number;
  feeCents: number;
  packaging: PackagingTypeRow | null;
  bags: number;
  packagingCents: number;
  gifts: Array<{ gift: GiftCertificateRow; discountCents: number }>;
  giftDiscountCents: number;
  totalCents: number;
  prebilledCents: number;
  /** the cart's checkout choices (bags, rules, invoice...) these figures were computed with */
  checkout: CheckoutRow | null;
}

type CheckoutRow = Awaited<ReturnType<CheckoutRepository['checkoutOf']>>;

export const priceKey = (productId: number, optionsKey: string) => `${productId}|${optionsKey}`;
const euro = (cents: number) => cents / 100;

export interface CheckoutServiceDeps {
  db: Db;
  cart: CartService;
  delivery: DeliveryService;
  timeslots: TimeslotService;
  catalogue: CatalogueService;
  accounts: AccountRepository;
  repo: CheckoutRepository;
  orders: OrderPlacementRepository;
  status: OrderStatusService;
  provider: PaymentProvider;
  answer: OrderAnswer;
  now: () => Date;
  /** where the provider sends the browser back (our feedback endpoint) */
  feedbackUrl: string;
}

/**
 * Checkout (decision 017): bags, payment types, gift codes, prepare (locks the cart: status 7), the
 * pre-authorised amount, and buy — one transaction that re-prices the lines, takes the stock and the slot's
 * place with guarded UPDATEs, consumes the gift code, and writes the order, its lines, its first status and
 * its payment authorisation, then closes the cart and opens a fresh one that keeps the delivery choice.
 */
export class CheckoutService {
  constructor(private readonly d: CheckoutServiceDeps) {}

  // ---------- pricing ----------
  async priceLines(cartId: number): Promise<PricedLine[]> {
    const rows = await new CartRepository(this.d.db).listItems(cartId);
    const facts = await this.d.catalogue.productsForCart(rows.map((r) => r.productId));
    const lines: PricedLine[] = [];
    for (const row of rows) {
      const f = facts.get(row.productId);
      if (!f) continue;
      const rules = parseSellingRules(f.product);
      const promoApplies = f.promo !== null && (!f.promo.selectable || row.promoId === f.promo.promoId);
      const unitCents = promoApplies && f.promo ? f.promo.priceCents : f.listPriceCents;
      lines.push({
        row,
        facts: f,
        rules,
        unitCents,
        lineCents: lineTotalCents(row.quantity, unitCents),
        lineStandardCents: lineTotalCents(row.quantity, f.listPriceCents),
        available: f.active && f.stock > 0,
        variableWeight: rules.sellingType === 'Sfuso',
        promoId: promoApplies && f.promo ? f.promo.promoId : null,
      });
    }
    return lines;
  }

  giftDiscountCents(gift: GiftCertificateRow, itemsCents: number): number {
    if (itemsCents < gift.minSpendCents) return 0;
    if (gift.kind === 'percent') return Math.floor((itemsCents * gift.value) / 10_000);
    return Math.min(gift.value, itemsCents);
  }

  /** Why a code cannot be used by this customer today (null: it can). */
  async giftRefusal(
    gift: GiftCertificateRow | null,
    userId: number,
    exceptOrderId: number | null,
  ): Promise<Failure | null> {
    const today = this.d.catalogue.today();
    if (!gift || !gift.active || today < gift.validFrom || today > gift.validTo)
      return failWith(CHECKOUT_TEXT.giftInvalid);
    if (gift.maxUses !== null && gift.uses >= gift.maxUses) return failWith(CHECKOUT_TEXT.giftInvalid);
    if (gift.oncePerUser && (await this.d.repo.giftUsedBy(gift.giftCertificateId, userId, exceptOrderId)))
      return failWith(CHECKOUT_TEXT.giftInvalid);
    return null;
  }

  private async packagingChoice(packagingTypeId: number | null): Promise<PackagingTypeRow | null> {
    const types = await this.d.repo.packagingTypes();
    return types.find((t) => t.packagingTypeId === packagingTypeId) ?? types.find((t) => t.isDefault) ?? null;
  }

  private piecesOf(lines: readonly PricedLine[]): number {
    let pieces = 0;
    for (const l of lines) pieces += l.variableWeight ? 1 : Math.ceil(l.row.quantity);
    return pieces;
  }

  async figures(
    userId: number,
    cart: CartRow,
    target: DeliveryTarget | null,
    opts: {
      paymentTypeId?: number;
      exceptOrderId?: number | null;
      /** the checkout choices when the caller already read them (one read per request) */
      checkout?: CheckoutRow;
    } = {},
  ): Promise<CheckoutFigures> {
    const lines = await this.priceLines(cart.cartId);
    const sold = lines.filter((l) => l.available);
    const itemsCents = sold.reduce((s, l) => s + l.lineCents, 0);
    const itemsStandardCents = sold.reduce((s, l) => s + l.lineStandardCents, 0);
    const variableWeightCents = sold.filter((l) => l.variableWeight).reduce((s, l) => s + l.lineCents, 0);
    const feeCents = target ? (await this.d.delivery.feeOf(userId, target)).cents : 0;
    const co = opts.checkout !== undefined ? opts.checkout : await this.d.repo.checkoutOf(cart.cartId);
    const packaging = await this.packagingChoice(co?.packagingTypeId ?? null);
    const bags = packaging ? estimateBags(this.piecesOf(sold), packaging.itemsPerBag) : 0;
    const packagingCents = packaging ? bags * packaging.priceCents : 0;
    const gifts: CheckoutFigures['gifts'] = [];
    let giftDiscountCents = 0;
    // the checkout row counts the cart's codes: most carts have none, and need no read of them
    const cartGifts = co?.giftCount === 0 ? [] : await this.d.repo.cartGifts(cart.cartId);
    for (const gift of cartGifts) {
      const refused = await this.giftRefusal(gift, userId, opts.exceptOrderId ?? co?.editingOrderId ?? null);
      const discountCents = refused
        ? 0
        : Math.min(this.giftDiscountCents(gift, itemsCents), itemsCents - giftDiscountCents);
      giftDiscountCents += discountCents;
      gifts.push({ gift, discountCents });
    }
    const base = { itemsCents, giftDiscountCents, deliveryFeeCents: feeCents };
    const totalCents = orderTotalCents(base) + packagingCents;
    const online = isOnlinePaymentType(opts.paymentTypeId ?? DEFAULT_PAYMENT_TYPE_ID);
    const prebilledCents = online
      ? prebilledAmountCents({ ...base, variableWeightCents, packagingCents })
      : totalCents;
    return {
      lines,
      itemsCents,
      itemsStandardCents,
      variableWeightCents,
      feeCents,
      packaging,
      bags,
      packagingCents,
      gifts,
      giftDiscountCents,
      totalCents,
      prebilledCents,
      checkout: co,
    };
  }

  private async targetOf(userId: number, cart: CartRow): Promise<DeliveryTarget | null> {
    if (cart.shippingAddressId === null) return null;
    const t = await this.d.delivery.resolveTarget(userId, cart.shippingAddressId);
    return t.ok ? t.data : null;
  }

  private async personalDataComplete(userId: number, known: UserRow | null): Promise<boolean> {
    const u = known ?? (await this.d.accounts.findUserById(userId));
    if (!u) return false;
    const phone = u.mobilePhone.trim() !== '' || u.homePhone.trim() !== '';
    const fiscal = !u.italianCitizen || u.fiscalCode.trim() !== '';
    return u.firstName.trim() !== '' && u.lastName.trim() !== '' && phone && fiscal;
  }

  /** The cart's chosen slot, checked bookable (an edited order's own slot is kept as it is). */
  private async slotCheck(
    cart: CartRow,
    target: DeliveryTarget,
    editing: OrderRow | null,
  ): Promise<Result<SlotView>> {
    if (cart.slotId === null || cart.timeslotDate === null || cart.timeslotId === null)
      return failWith(CHECKOUT_TEXT.noTimeslot);
    if (editing && editing.slotId === cart.slotId) {
      const kept = await this.d.timeslots.describe(target.calendar, cart.timeslotDate, cart.timeslotId);
      return kept && kept.slotId === cart.slotId ? ok(kept) : failWith(CHECKOUT_TEXT.noTimeslot);
    }
    const slot = await this.d.timeslots.selectable(target.calendar, cart.timeslotDate, cart.timeslotId);
    if (!slot.ok) return slot;
    return slot.data.slotId === cart.slotId ? slot : failWith(CHECKOUT_TEXT.noTimeslot);
  }

  /** Everything still missing before buying, first the most useful. */
  private async missing(
    userId: number,
    cart: CartRow,
    target: DeliveryTarget | null,
    figures: CheckoutFigures,
    editing: OrderRow | null,
    seen: { slot?: SlotView } = {},
    /** the user's row when the caller has it */
    user: UserRow | null = null,
  ): Promise<Failure[]> {
    const out: Failure[] = [];
    if (figures.lines.length === 0) out.push(failWith(CHECKOUT_TEXT.emptyCart));
    if (figures.lines.some((l) => !l.available)) out.push(failWith(CHECKOUT_TEXT.unavailableLines));
    const byProduct = new Map<number, { milli: number; line: PricedLine }>();
    for (const l of figures.lines) {
      const e = byProduct.get(l.row.productId);
      byProduct.set(l.row.productId, { milli: (e?.milli ?? 0) + toMilli(l.row.quantity), line: l });
    }
    const alreadyHeld = editing ? await this.heldByOrder(editing.orderId) : new Map<number, number>();
    for (const [productId, { milli, line }] of byProduct)
      if (line.available && milli > toMilli(line.facts.stock) + (alreadyHeld.get(productId) ?? 0))
        out.push(
          fail(
            CHECKOUT_TEXT.notAvailable.code,
            `${line.facts.product.name} ${CHECKOUT_TEXT.notAvailable.text}`,
          ),
        );
    if (!target) out.push(failWith(CHECKOUT_TEXT.noAddress));
    else {
      const slot = await this.slotCheck(cart, target, editing);
      if (!slot.ok) out.push(slot);
      else seen.slot = slot.data;
    }
    if (!(await this.personalDataComplete(userId, user))) out.push(failWith(CHECKOUT_TEXT.personalData));
    const co = figures.checkout;
    if (co?.invoice && co.lotteryCode) out.push(failWith(CHECKOUT_TEXT.invoiceAndLottery));
    if (!co?.rulesAccepted) out.push(failWith(CHECKOUT_TEXT.rules));
    return out;
  }

  /** What an order holds of each product (thousandths): an edited order gives it back before taking anew. */
  private async heldByOrder(orderId: number, db: Db = this.d.db): Promise<Map<number, number>> {
    const held = new Map<number, number>();
    for (const i of await this.d.orders.items(orderId, db))
      held.set(i.productId, (held.get(i.productId) ?? 0) + toMilli(i.quantity));
    return held;
  }

  // ---------- the cart as checkout answers it ----------
  async checkoutCart(
    userId: number,
    showSectors = false,
  ): Promise<{ cart: CheckoutCart; missing: Failure[] }> {
    const view = await this.d.cart.view(userId, showSectors);
    if (!view.ok) throw new Error('cart view failed');
    const cart = await this.d.cart.getOrCreateOpenCart(userId);
    const target = await this.targetOf(userId, cart);
    const co = await this.d.repo.checkoutOf(cart.cartId);
    const editing = co?.editingOrderId ? await this.d.orders.findOrder(co.editingOrderId, userId) : null;
    const figures = await this.figures(userId, cart, target, { checkout: co });
    const missing = await this.missing(userId, cart, target, figures, editing);
    return { cart: this.toCheckoutCart(view.data, figures, co, missing), missing };
  }

  private toCheckoutCart(cart: Cart, f: CheckoutFigures, co: CheckoutRow, missing: Failure[]): CheckoutCart {
    return {
      ...cart,
      orderAdjustmentSummary: {
        orderAdjustments: f.gifts.map((g) => ({
          userGiftCertificateId: g.gift.giftCertificateId,
          giftCertificate: this.giftWire(g.gift),
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
        rulesAccepted: co?.rulesAccepted ?? false,
        needInvoice: co?.invoice !== null && co?.invoice !== undefined,
        invoice: (co?.invoice as OrderInvoice | null | undefined) ?? null,
        lotteryCode: co?.lotteryCode ?? null,
        extraEmail: co?.extraEmail ?? null,
        editingOrderId: co?.editingOrderId ?? null,
        missing: missing.map((m) => m.message),
        missingCodes: missing.map((m) => m.code),
      },
    };
  }

  giftWire(g: GiftCertificateRow): GiftCertificate {
    return {
      giftCertificateId: g.giftCertificateId,
      code: g.code,
      name: g.name,
      descr: g.descr,
      kind: g.kind,
      value: g.kind === 'percent' ? g.value / 100 : euro(g.value),
      minSpend: euro(g.minSpendCents),
      validTo: g.validTo,
    };
  }

  // ---------- GET /packaging-type/list ----------
  async packagingList(userId: number): Promise<Result<{ products: PackagingProduct[] }>> {
    const cart = await this.d.cart.getOrCreateOpenCart(userId);
    const co = await this.d.repo.checkoutOf(cart.cartId);
    const lines = (await this.priceLines(cart.cartId)).filter((l) => l.available);
    const pieces = this.piecesOf(lines);
    const types = await this.d.repo.packagingTypes();
    const chosen = (await this.packagingChoice(co?.packagingTypeId ?? null))?.packagingTypeId ?? null;
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
    const list = PAYMENT_TYPES.filter(
      (p) => paymentTypeId === undefined || p.paymentTypeId === paymentTypeId,
    );
    if (paymentTypeId !== undefined && list.length === 0) return failWith(CHECKOUT_TEXT.paymentType);
    return ok({
      auths: [],
      paymentTypes: list.map((p) => ({
        paymentTypeId: p.paymentTypeId,
        name: p.name,
        descr: p.descr,
        online: p.online,
        default: p.paymentTypeId === DEFAULT_PAYMENT_TYPE_ID,
        enabled: p.paymentTypeId !== PAYMENT_TYPE.deferred || company,
      })),
      defaultPaymentTypeId: DEFAULT_PAYMENT_TYPE_ID,
    });
  }

  // ---------- gift codes ----------
  async giftCheck(
    userId: number,
    code: string,
  ): Promise<Result<{ giftCertificate: GiftCertificate; discount: number; applicable: boolean }>> {
    const gift = await this.d.repo.findGiftByCode(code);
    const refused = await this.giftRefusal(gift, userId, null);
    if (refused || !gift) return refused ?? failWith(CHECKOUT_TEXT.giftInvalid);
    const cart = await this.d.cart.getOrCreateOpenCart(userId);
    const items = (await this.priceLines(cart.cartId))
      .filter((l) => l.available)
      .reduce((s, l) => s + l.lineCents, 0);
    const discount = this.giftDiscountCents(gift, items);
    return ok({ giftCertificate: this.giftWire(gift), discount: euro(discount), applicable: discount > 0 });
  }

  /** One code per cart: adding another replaces it. The cart must not be locked. */
  async giftAdd(
    userId: number,
    code: string,
  ): Promise<{ cart: CheckoutCart; failures: Failure[]; infos: string[] }> {
    const cart = await this.d.cart.getOrCreateOpenCart(userId);
    if (cart.cartStatusId === CART_STATUS.locked)
      return { ...(await this.answerCart(userId)), failures: [this.lockedFailure()], infos: [] };
    const gift = await this.d.repo.findGiftByCode(code);
    const refused = await this.giftRefusal(gift, userId, null);
    if (refused || !gift)
      return {
        ...(await this.answerCart(userId)),
        failures: [refused ?? failWith(CHECKOUT_TEXT.giftInvalid)],
        infos: [],
      };
    for (const g of await this.d.repo.cartGifts(cart.cartId))
      if (g.giftCertificateId !== gift.giftCertificateId)
        await this.d.repo.removeCartGift(cart.cartId, g.giftCertificateId);
    await this.d.repo.addCartGift(cart.cartId, gift.giftCertificateId);
    return { ...(await this.answerCart(userId)), failures: [], infos: [CHECKOUT_INFO_TEXT.giftAdded] };
  }

  async giftRemove(
    userId: number,
    code: string,
  ): Promise<{ cart: CheckoutCart; failures: Failure[]; infos: string[] }> {
    const cart = await this.d.cart.getOrCreateOpenCart(userId);
    if (cart.cartStatusId === CART_STATUS.locked)
      return { ...(await this.answerCart(userId)), failures: [this.lockedFailure()], infos: [] };
    const gift = await this.d.repo.findGiftByCode(code);
    const removed = gift ? await this.d.repo.removeCartGift(cart.cartId, gift.giftCertificateId) : false;
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
  async prepare(
    userId: number,
    body: CheckoutPrepareBody,
  ): Promise<{ cart: CheckoutCart; failures: Failure[]; infos: string[] }> {
    const cart = await this.d.cart.getOrCreateOpenCart(userId);
    const saved = await this.saveChoices(userId, cart, body);
    if (!saved.ok) return { ...(await this.answerCart(userId)), failures: [saved], infos: [] };
    const target = await this.targetOf(userId, cart);
    const co = await this.d.repo.checkoutOf(cart.cartId);
    const editing = co?.editingOrderId ? await this.d.orders.findOrder(co.editingOrderId, userId) : null;
    const figures = await this.figures(userId, cart, target, { checkout: co });
    const missing = await this.missing(userId, cart, target, figures, editing);
    if (missing.length > 0) return { ...(await this.answerCart(userId)), failures: missing, infos: [] };
    const prices: Record<string, number> = {};
    for (const l of figures.lines) prices[priceKey(l.row.productId, l.row.optionsKey)] = l.unitCents;
    await this.d.repo.saveCheckout(cart.cartId, { preparedPrices: prices, prepared: true });
    if (cart.cartStatusId !== CART_STATUS.locked)
      await this.d.repo.setCartStatus(cart.cartId, cart.cartStatusId, CART_STATUS.locked);
    return { ...(await this.answerCart(userId)), failures: [], infos: [CHECKOUT_INFO_TEXT.prepared] };
  }

  /** The choices sent with prepare: bags, invoice or lottery code, extra e-mail, rules. */
  private async saveChoices(userId: number, cart: CartRow, body: CheckoutPrepareBody): Promise<Result<true>> {
    const values: Parameters<CheckoutRepository['saveCheckout']>[1] = {};
    if (body.packaging_type_id !== undefined) {
      const types = await this.d.repo.packagingTypes();
      if (!types.some((t) => t.packagingTypeId === body.packaging_type_id))
        return failWith(CHECKOUT_TEXT.packagingNotFound, 'validation');
      values.packagingTypeId = body.packaging_type_id;
    }
    if (body.accept_rules !== undefined) values.rulesAccepted = body.accept_rules;
    if (body.need_invoice === false) values.invoice = null;
    else if (body.need_invoice === true || body.invoice || body.person_fiscal_id !== undefined) {
      let invoice: OrderInvoice | null = null;
      if (body.invoice) invoice = { ...body.invoice, personTypeId: body.invoice.personTypeId };
      else if (body.person_fiscal_id !== undefined) {
        const found = (await this.d.accounts.listPersonFiscals(userId)).find(
          (p) => p.personFiscalId === body.person_fiscal_id,
        );
        if (!found) return failWith(CHECKOUT_TEXT.personFiscalNotFound, 'notFound');
        invoice = {
          personTypeId: found.personTypeId as (typeof PERSON_TYPES)[keyof typeof PERSON_TYPES],
          companyName: found.companyName,
          fiscalCode: found.fiscalCode,
          vatCode: found.vatCode,
          pec: found.pec,
          sdiCode: found.sdiCode,
          ipaCode: found.ipaCode,
          cig: found.cig,
          determinationNumber: found.determinationNumber,
          determinationDate: found.determinationDate,
          contactPerson: found.contactPerson,
          address1: found.address1,
          addressNumber: found.addressNumber,
          postalCode: found.postalCode,
          city: found.city,
          province: found.province,
        };
      } else {
        const existing = await this.d.repo.checkoutOf(cart.cartId);
        if (!existing?.invoice) return failWith(CHECKOUT_TEXT.invoiceMissing, 'validation');
        invoice = existing.invoice as OrderInvoice;
      }
      values.invoice = invoice;
    }
    if (body.lottery_code !== undefined)
      values.lotteryCode = body.lottery_code === '' ? null : body.lottery_code;
    if (body.extra_email !== undefined) values.extraEmail = body.extra_email === '' ? null : body.extra_email;
    const existing = await this.d.repo.checkoutOf(cart.cartId);
    const invoiceAfter = 'invoice' in values ? values.invoice : existing?.invoice;
    const lotteryAfter = 'lotteryCode' in values ? values.lotteryCode : existing?.lotteryCode;
    if (invoiceAfter && lotteryAfter) return failWith(CHECKOUT_TEXT.invoiceAndLottery, 'validation');
    await this.d.repo.saveCheckout(cart.cartId, values);
    if ('invoice' in values)
      await new CartRepository(this.d.db).setCartInfo(
        cart.cartId,
        'need_invoice',
        values.invoice ? 'true' : 'false',
      );
    if (body.notes !== undefined)
      await new CartRepository(this.d.db).setCartInfo(cart.cartId, 'notes', body.notes);
    return ok(true);
  }

  /** POST /checkout/unlock: leaving checkout unlocks the cart (status 7 -> 0) so it can change again. */
  async unlock(userId: number): Promise<{ cart: CheckoutCart; failures: Failure[]; infos: string[] }> {
    const cart = await this.d.cart.getOrCreateOpenCart(userId);
    const done = await this.d.repo.setCartStatus(cart.cartId, CART_STATUS.locked, CART_STATUS.open);
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
          online
            ? prebilledAmountCents({
                ...base,
                variableWeightCents: order.variableWeightCents,
                packagingCents: order.packagingCents,
              })
            : order.totalCents,
        ),
        grossTotal: euro(order.totalCents),
        variableWeightTotal: euro(order.variableWeightCents),
        packagingTotal: euro(order.packagingCents),
      });
    }
    const cart = await this.d.cart.getOrCreateOpenCart(userId);
    const f = await this.figures(userId, cart, await this.targetOf(userId, cart), {
      paymentTypeId: paymentTypeId ?? DEFAULT_PAYMENT_TYPE_ID,
    });
    return ok({
      prebilledAmount: euro(f.prebilledCents),
      grossTotal: euro(f.totalCents),
      variableWeightTotal: euro(f.variableWeightCents),
      packagingTotal: euro(f.packagingCents),
    });
  }

  // ---------- POST /checkout/buy ----------
  async buy(
    userId: number,
    input: {
      paymentTypeId: number | undefined;
      idempotencyKey: string | null;
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
    const target = await this.targetOf(userId, cart);
    const co = await this.d.repo.checkoutOf(cart.cartId);
    const editing = co?.editingOrderId ? await this.d.orders.findOrder(co.editingOrderId, userId) : null;
    // a refusal of a cart that a simultaneous buy has bought meanwhile answers that order
    const refuse = async (failure: Failure): Promise<Result<OrderPaymentData>> => {
      const bought = await this.boughtMeanwhile(userId, cart);
      return bought ? this.replay(bought) : failure;
    };
    if (cart.cartStatusId !== CART_STATUS.locked) return refuse(failWith(CHECKOUT_TEXT.notPrepared));
    const figures = await this.figures(userId, cart, target, {
      paymentTypeId,
      exceptOrderId: editing?.orderId ?? null,
      checkout: co,
    });
    const seen: { slot?: SlotView } = {};
    const missing = await this.missing(userId, cart, target, figures, editing, seen, input.user ?? null);
    const first = missing[0];
    if (first) return refuse(first);
    if (!target || !co) return refuse(failWith(CHECKOUT_TEXT.notPrepared));
    for (const l of figures.lines) {
      const seen = co.preparedPrices?.[priceKey(l.row.productId, l.row.optionsKey)];
      if (seen !== l.unitCents) return refuse(failWith(CHECKOUT_TEXT.priceChanged));
    }
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
      paymentUrl: await this.livePaymentUrl(order),
      replayed: true,
    });
  }

  /** The hosted page of the order's live online attempt, when one is waiting for the customer. */
  async livePaymentUrl(order: OrderRow): Promise<string | null> {
    if (order.orderStatusId !== ORDER_STATUS.inPayment) return null;
    const auth = await this.d.orders.latestAuthorization(order.orderId);
    if (!auth || auth.provider !== this.d.provider.name || auth.status !== 'created') return null;
    return (
      this.d.provider.resumeSession(
        auth.providerRef,
        this.sessionInput(order.orderId, auth.attempt, auth.amountCents),
      )?.redirectUrl ?? null
    );
  }

  sessionInput(orderId: number, attempt: number, amountCents: number) {
    return {
      orderId,
      attempt,
      amountCents,
      currency: 'EUR' as const,
      description: `Ordine ${orderId} - Spesa`,
      feedbackUrl: this.d.feedbackUrl,
    };
  }

  /**
   * Starts a payment attempt of an order inside the caller's transaction: online types open a session at
   * the provider (status 'created'); the others record 'not_required'. Answers the hosted page or null.
   */
  async startAttempt(
    tx: Db,
    orderId: number,
    paymentTypeId: number,
    amountCents: number,
    /** a new order's first attempt is 1; otherwise the next after the recorded ones */
    firstAttempt = false,
  ): Promise<string | null> {
    const attempt = firstAttempt ? 1 : await this.d.orders.nextAttempt(tx, orderId);
    if (isOnlinePaymentType(paymentTypeId)) {
      const session = await this.d.provider.startSession(this.sessionInput(orderId, attempt, amountCents));
      await this.d.orders.insertAuthorization(tx, {
        orderId,
        attempt,
        provider: this.d.provider.name,
        providerRef: session.providerRef,
        paymentTypeId,
        amountCents,
        status: 'created',
      });
      return session.redirectUrl;
    }
    await this.d.orders.insertAuthorization(tx, {
      orderId,
      attempt,
      provider: NO_PROVIDER,
      providerRef: `${orderId}-${attempt}`,
      paymentTypeId,
      amountCents,
      status: 'not_required',
    });
    return null;
  }

  /** Voids the order's live authorisation (held or waiting), at the provider and in our records. */
  async voidLive(tx: Db, orderId: number): Promise<void> {
    const auth = await this.d.orders.latestAuthorization(orderId, tx);
    if (!auth) return;
    if (
      auth.provider === this.d.provider.name &&
      ['created', 'pending', 'authorized'].includes(auth.status)
    ) {
      if (auth.status !== 'created') await this.d.provider.void(auth.providerRef, tx);
      await this.d.orders.setAuthorizationStatus(
        tx,
        auth.authorizationId,
        ['created', 'pending', 'authorized'],
        'voided',
      );
    } else if (auth.status === 'not_required')
      await this.d.orders.setAuthorizationStatus(tx, auth.authorizationId, ['not_required'], 'voided');
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
    const locked = await this.d.repo.lockCart(tx, cart.cartId, userId);
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
    const held = editing ? await this.heldByOrder(editing.orderId, tx) : new Map<number, number>();
    // the order
    const a = target.address;
    const packaging = figures.packaging;
    const order: NewOrder = {
      userId,
      sourceCartId: cart.cartId,
      orderStatusId: isOnlinePaymentType(paymentTypeId) ? ORDER_STATUS.inPayment : ORDER_STATUS.ordered,
      deliveryServiceId: target.deliveryServiceId,
      storeId: target.storeId,
      warehouseId: target.warehouseId,
      shippingAddressId: a.addressId,
      shippingAddress: {
        addressId: a.addressId,
        deliveryServiceId: target.deliveryServiceId,
        zoneId: target.zone?.zoneId ?? null,
        autoAssigned: false,
        addressName: a.addressName,
        address1: a.address1,
        addressNumber: a.addressNumber,
        city: a.city,
        province: a.province,
        postalcode: a.postalCode,
        addressTypeId: a.addressTypeId,
        addressType: addressTypeName(a.addressTypeId),
        addressClass: [],
      },
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
      infos: {},
      idempotencyKey: editing ? editing.idempotencyKey : p.key,
    };
    // gift codes: an edited order gives its uses back first; the new uses are taken at the end
    if (editing) await this.d.repo.releaseGiftUses(tx, editing.orderId);
    const uses = figures.gifts
      .filter((g) => g.discountCents > 0)
      .map((g) => ({ giftCertificateId: g.gift.giftCertificateId, discountCents: g.discountCents }));
    order.giftDiscountCents = uses.reduce((s, u) => s + u.discountCents, 0);
    const base = {
      itemsCents: figures.itemsCents,
      giftDiscountCents: order.giftDiscountCents,
      deliveryFeeCents: figures.feeCents,
    };
    order.totalCents = orderTotalCents(base) + figures.packagingCents;
    order.preauthCents = isOnlinePaymentType(paymentTypeId)
      ? prebilledAmountCents({
          ...base,
          variableWeightCents: figures.variableWeightCents,
          packagingCents: figures.packagingCents,
        })
      : order.totalCents;
    const infos = co.cartInfos;
    order.infos = {
      invoice: co.invoice ?? null,
      lotteryCode: co.lotteryCode,
      extraEmail: co.extraEmail,
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
    const online = isOnlinePaymentType(paymentTypeId);
    const keepHold =
      editing !== null && (await this.keepsAuthorization(tx, editing, paymentTypeId, order.preauthCents));
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
    for (const u of uses) await this.d.repo.recordGiftUse(tx, { ...u, orderId, userId });
    if (editing) {
      if (!keepHold) {
        await this.voidLive(tx, orderId);
        paymentUrl = await this.startAttempt(tx, orderId, paymentTypeId, order.preauthCents);
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
      paymentUrl = await this.startAttempt(tx, orderId, paymentTypeId, order.preauthCents, true);
    }

    // the cart is bought: closed; a fresh open cart keeps the delivery choice (not the booked slot)
    await this.d.repo.closeBoughtCart(tx, cart.cartId);
    await new CartRepository(tx).createOpenCart(userId, {
      deliveryServiceId: target.deliveryServiceId,
      storeId: target.storeId,
      warehouseId: target.warehouseId,
      shippingAddressId: a.addressId,
      addressAutoAssigned: false,
      storeAutoAssigned: false,
    });
    // Last, the rows every buyer shares (a product's stock, the slot, a gift code): guarded UPDATEs taken
    // right before the commit, so their row locks are held for the shortest time. A refusal rolls back all.
    // stock: the net change per product, in product order (no deadlock between buyers)
    const products = [...new Set([...wanted.keys(), ...held.keys()])].sort((a, b) => a - b);
    let soldOut = false;
    for (const productId of products) {
      const delta = (wanted.get(productId) ?? 0) - (held.get(productId) ?? 0);
      if (delta > 0) {
        const left = await this.d.repo.takeStock(tx, productId, fromMilli(delta));
        if (!left) {
          const name = figures.lines.find((l) => l.row.productId === productId)?.facts.product.name ?? '';
          throw new Abort(
            fail(CHECKOUT_TEXT.notAvailable.code, `${name} ${CHECKOUT_TEXT.notAvailable.text}`),
          );
        }
        if (left.stock <= 0) soldOut = true;
      } else if (delta < 0) await this.d.repo.returnStock(tx, productId, fromMilli(-delta));
    }
    if (soldOut) await this.d.repo.bumpCatalogueVersion(tx);

    // the slot's place: guarded UPDATE (an edited order keeping its slot keeps its place)
    const slots = new TimeslotRepository(tx);
    if (!editing || editing.slotId !== slot.slotId) {
      if (!(await slots.book(slot.slotId))) throw new Abort(failWith(CHECKOUT_TEXT.slotFull));
      if (editing) await slots.release(editing.slotId);
    }

    for (const u of [...uses].sort((x, y) => x.giftCertificateId - y.giftCertificateId))
      if (!(await this.d.repo.consumeGift(tx, u.giftCertificateId)))
        throw new Abort(failWith(CHECKOUT_TEXT.giftInvalid));

    return {
      orderId,
      row: inserted,
      paymentUrl,
      infos: [editing ? CHECKOUT_INFO_TEXT.modified(orderId) : CHECKOUT_INFO_TEXT.ordered(orderId)],
      replayed: false,
    };
  }

  /** An edited order keeps its authorisation when the type is the same and the hold still covers it. */
  private async keepsAuthorization(tx: Db, order: OrderRow, paymentTypeId: number, preauthCents: number) {
    if (order.paymentTypeId !== paymentTypeId) return false;
    const auth = await this.d.orders.latestAuthorization(order.orderId, tx);
    if (!auth) return false;
    if (!isOnlinePaymentType(paymentTypeId)) return auth.status === 'not_required';
    return auth.status === 'authorized' && auth.amountCents >= preauthCents;
  }

  private orderItems(lines: readonly PricedLine[]): NewOrderItem[] {
    return lines.map((l, i) => {
      const p = l.facts.product;
      const promo = l.promoId !== null ? p.warehousePromo : null;
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
        promoId: l.promoId,
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

/** PostgreSQL unique violation (the one-order-per-cart or idempotency constraint held). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
