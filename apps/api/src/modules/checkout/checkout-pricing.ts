import { lineTotalCents, parseSellingRules, type SellingRules } from '@spesa/shared/cart/quantity';
import { isOnlinePaymentType } from '@spesa/shared/checkout/payment-types';
import {
  isFoodProduct,
  mealVoucherFigures,
  mealVoucherRefusal,
  type MealVoucherDeclaration,
  type MealVoucherRefusal,
} from '@spesa/shared/checkout/meal-vouchers';
import { estimateBags, orderTotalCents, prebilledAmountCents } from '@spesa/shared/checkout/prebilled-amount';
import { premiumProductUnitCents } from '@spesa/shared/loyalty/premium';
import type { CartPurchase } from '../cart/cart-purchase';
import type { CartItemRow, CartRow } from '../cart/cart.repository';
import type { OpenCartSqlKeys } from '../cart/cart.service';
import type { CartProductFacts, CatalogueService } from '../catalogue/catalogue.service';
import { promoFor, type Buyer, type CartPromo } from '../catalogue/promo-audience';
import type { DeliveryService, DeliveryTarget } from '../delivery/delivery.service';
import type { CartGift, CheckoutGiftsPort } from './checkout-gifts';
import {
  preparedJsonSql,
  preparingJsonSql,
  type CheckoutRepository,
  type PackagingTypeRow,
} from './checkout.repository';
import type { OrderPremiumPort, PremiumProductPort } from './order-premium';
import type { PaymentTypeOffer } from '../../lib/payment-type-offer';
import type { SQL } from 'drizzle-orm';

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
  /** the promotion the line is priced with (promoFor), null: the list price */
  promo: CartPromo | null;
  /**
   * the premium card's 20 % product (decision 043): unitCents is 20 % off the price before (the promotion's
   * or the list price), and this is what it takes off the line, in cents; 0 for any other line
   */
  premiumDiscountCents: number;
  /** a food product: meal vouchers may pay for it (decision 047) */
  food: boolean;
}

/** The meal vouchers declared for the cart and what they do to it (decision 047). */
export interface MealVoucherPart {
  declaration: MealVoucherDeclaration;
  /** why they cannot be used with this cart (null: they can; then covered and service cost are set) */
  refusal: MealVoucherRefusal | null;
  /** the amount they pay, cents (0 when refused) */
  coveredCents: number;
  /** their service cost, cents, inside totalCents (0 when refused) */
  serviceCostCents: number;
}

/** What the cart would cost if bought now. */
export interface CheckoutFigures {
  lines: PricedLine[];
  /** the buyer's card and segments the lines were priced for (null: no lines, not read) */
  buyer: Buyer | null;
  itemsCents: number;
  itemsStandardCents: number;
  variableWeightCents: number;
  /** the food part of itemsCents (what meal vouchers may pay) */
  foodCents: number;
  feeCents: number;
  /** the fee before a premium free delivery (feeCents is 0 or this) */
  feeBaseCents: number;
  /** the delivery is one of the premium card's free deliveries (feeCents is 0 for it) */
  premiumFreeDelivery: boolean;
  /** the premium card's 20 % product among the sold lines, and what it takes off them (in itemsCents already) */
  premiumProduct: { productId: number; discountCents: number } | null;
  packaging: PackagingTypeRow | null;
  bags: number;
  packagingCents: number;
  gifts: CartGift[];
  giftDiscountCents: number;
  /** the meal vouchers declared, null: none (then the fee may carry delivery discounts) */
  mealVouchers: MealVoucherPart | null;
  /** items - gifts + fee + bags + the meal vouchers' service cost */
  totalCents: number;
  /** what the payment type takes: the hold of an online payment or the total, less the meal vouchers */
  prebilledCents: number;
  /** the cart's checkout choices (bags, rules, invoice...) these figures were computed with */
  checkout: CheckoutRow | null;
}

export type CheckoutRow = Awaited<ReturnType<CheckoutRepository['checkoutOf']>>;

/** The key of a line's price saved by prepare and checked again by buy. */
export const priceKey = (productId: number, optionsKey: string) => `${productId}|${optionsKey}`;
/** The key of the delivery fee saved beside the lines' prices (a premium free delivery used meanwhile). */
export const FEE_KEY = 'fee|';
/** The key of the premium 20 % product saved beside the lines' prices (0: none), checked again by buy. */
export const PREMIUM_PRODUCT_KEY = 'premium-product|';

export interface CheckoutPricingDeps {
  carts: CartPurchase;
  catalogue: CatalogueService;
  delivery: DeliveryService;
  repo: CheckoutRepository;
  /** gift certificates: the loyalty module */
  gifts: CheckoutGiftsPort;
  /** the customer's loyalty card and CRM segments (decision 032) */
  buyers: (userId: number) => Promise<Buyer>;
  /** the premium card's free deliveries (decision 041) */
  premium: Pick<OrderPremiumPort, 'freeDeliveryAvailable'>;
  /** the premium card's 20 % product (decision 043) */
  premiumProduct: PremiumProductPort;
  /** the payment types this shop offers: the figures' hold is the default type's (decision 084) */
  paymentTypes: Pick<PaymentTypeOffer, 'defaultTypeId'>;
}

/**
 * What a cart costs if bought now (decision 015, 017): its lines priced from the catalogue for the cart's
 * warehouse, the bags, the gift codes, the fee (free for a premium card's free delivery) and the amount
 * pre-authorised for an online payment.
 */
export class CheckoutPricing {
  constructor(private readonly d: CheckoutPricingDeps) {}

  /** Rome's day the catalogue prices with (promotions are valid for days). */
  today(): string {
    return this.d.catalogue.today();
  }

  /**
   * The cart's lines priced now; a product its store does not sell is not available. The premium customer's
   * chosen product is 20 % off the line's price (decision 043).
   */
  async priceLines(cart: Pick<CartRow, 'cartId' | 'warehouseId' | 'userId'>): Promise<PricedLine[]> {
    return (await this.pricedFor(cart)).lines;
  }

  /**
   * `known`: what the request already read (else read here): the buyer's card and segments (its session),
   * the cart's lines, whether the buyer has a premium product chosen (false: none is discounted)
   */
  private async pricedFor(
    cart: Pick<CartRow, 'cartId' | 'warehouseId' | 'userId'>,
    known: {
      buyer?: Buyer | undefined;
      lines?: CartItemRow[] | undefined;
      premiumChoice?: boolean;
      facts?: ReadonlyMap<number, CartProductFacts> | undefined;
    } = {},
  ): Promise<{ lines: PricedLine[]; buyer: Buyer | null }> {
    const rows = known.lines ?? (await this.d.carts.items(cart.cartId));
    if (rows.length === 0) return { lines: [], buyer: null };
    const buyer = known.buyer ?? (await this.d.buyers(cart.userId));
    const premiumProductId =
      known.premiumChoice === false ? null : await this.d.premiumProduct.discountedProductOf(cart.userId);
    const facts =
      known.facts ??
      (await this.d.catalogue.productsForCart(
        rows.map((r) => r.productId),
        cart.warehouseId,
      ));
    const lines: PricedLine[] = [];
    for (const row of rows) {
      const f = facts.get(row.productId);
      if (!f) continue;
      const rules = parseSellingRules(f.product);
      const promo = promoFor(f.promos, row.promoId, buyer);
      const priceCents = promo ? promo.priceCents : f.listPriceCents;
      const premium = row.productId === premiumProductId;
      const unitCents = premium ? premiumProductUnitCents(priceCents) : priceCents;
      const lineCents = lineTotalCents(row.quantity, unitCents);
      lines.push({
        row,
        facts: f,
        rules,
        unitCents,
        lineCents,
        lineStandardCents: lineTotalCents(row.quantity, f.listPriceCents),
        available: f.active && f.stock > 0,
        variableWeight: rules.sellingType === 'Sfuso',
        promo,
        premiumDiscountCents: premium ? lineTotalCents(row.quantity, priceCents) - lineCents : 0,
        food: isFoodProduct([...f.product.breadCrumbs.map((b) => b.categoryId), f.product.categoryId]),
      });
    }
    return { lines, buyer };
  }

  /**
   * The checkout row of a cart being bought with the catalogue's version now and whether the buyer has a
   * premium product chosen (the loyalty module's subquery), the order the buy's key placed already and the
   * new order's id (the orders module's subqueries), in one statement (CheckoutRepository.preparedOf).
   */
  preparedCheckout(
    cartId: number,
    userId: number,
    orders: { keyOrder: SQL<number | null> | null; nextOrderId: SQL<number> | null },
  ) {
    return this.d.repo.preparedOf(cartId, userId, {
      hasChoice: (u) => this.d.premiumProduct.hasChoiceSql(u),
      ...orders,
    });
  }

  /**
   * The checkout row of a cart being prepared with the catalogue's version now, whether the buyer has a
   * premium product chosen and whether the cart holds a gift code (the loyalty module's subqueries), in one
   * statement: read before the lines are priced.
   */
  preparingCheckout(cartId: number, userId: number) {
    return this.d.repo.preparingOf(cartId, userId, {
      hasChoice: (u) => this.d.premiumProduct.hasChoiceSql(u),
      hasCodes: (c) => this.d.gifts.hasCodesSql(c),
    });
  }

  /**
   * `preparingCheckout`'s read as a json value keyed by the open cart, for the cart's read made by the
   * session's statement (decision 059, session 49): `preparingOfJson` decodes it.
   */
  preparingCheckoutSql(cart: OpenCartSqlKeys): SQL {
    return preparingJsonSql(cart, {
      hasChoice: (u) => this.d.premiumProduct.hasChoiceSql(u),
      hasCodes: (c) => this.d.gifts.hasCodesSql(c),
    });
  }

  /**
   * `preparedCheckout`'s read as a json value keyed by the open cart, for the cart's read made by the
   * session's statement (decision 059, session 49): `preparedOfJson` decodes it.
   */
  preparedCheckoutSql(
    cart: OpenCartSqlKeys,
    orders: { keyOrder: SQL<number | null>; nextOrderId: SQL<number>; wantNext: SQL<boolean> },
  ): SQL {
    return preparedJsonSql(cart, { hasChoice: (u) => this.d.premiumProduct.hasChoiceSql(u), ...orders });
  }

  /**
   * Whether frozen figures' delivery fee is still the fee now: the same fee before a premium free delivery
   * (the zone's, the service's, the elderly discount), and no premium free delivery that became available
   * since (a free delivery that went is refused when the purchase takes it).
   */
  async feeHolds(
    userId: number,
    target: DeliveryTarget,
    frozen: Pick<CheckoutFigures, 'mealVouchers' | 'feeBaseCents' | 'premiumFreeDelivery'>,
  ): Promise<boolean> {
    const fees = await this.d.delivery.feeOf(userId, target);
    const fee = frozen.mealVouchers ? fees.standardCents : fees.cents;
    if (fee !== frozen.feeBaseCents) return false;
    if (fee > 0 && !frozen.mealVouchers && !frozen.premiumFreeDelivery)
      return !(await this.d.premium.freeDeliveryAvailable(userId, null));
    return true;
  }

  async packagingChoice(packagingTypeId: number | null): Promise<PackagingTypeRow | null> {
    const types = await this.d.repo.packagingTypes();
    return types.find((t) => t.packagingTypeId === packagingTypeId) ?? types.find((t) => t.isDefault) ?? null;
  }

  piecesOf(lines: readonly PricedLine[]): number {
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
      /** the buyer's card and segments from the request's session (`LiveSession.pricingOn`) */
      buyer?: Buyer | undefined;
      /** the cart's lines when the caller read them with the cart */
      lines?: CartItemRow[];
      /**
       * the facts of the lines' products at the cart's warehouse when the caller read them with the cart
       * (`CartRead.facts`; every line's product that exists is there)
       */
      facts?: ReadonlyMap<number, CartProductFacts> | undefined;
      /** whether the buyer has a premium product chosen, when the caller read it (false: none discounted) */
      premiumChoice?: boolean;
      /** whether the cart holds a gift code, when the caller read it (false: no gift is priced) */
      giftCodes?: boolean;
    } = {},
  ): Promise<CheckoutFigures> {
    const { lines, buyer } = await this.pricedFor(cart, opts);
    const sold = lines.filter((l) => l.available);
    const itemsCents = sold.reduce((s, l) => s + l.lineCents, 0);
    const itemsStandardCents = sold.reduce((s, l) => s + l.lineStandardCents, 0);
    const variableWeightCents = sold.filter((l) => l.variableWeight).reduce((s, l) => s + l.lineCents, 0);
    const premiumLines = sold.filter((l) => l.premiumDiscountCents > 0);
    const premiumProduct = premiumLines[0]
      ? {
          productId: premiumLines[0].row.productId,
          discountCents: premiumLines.reduce((s, l) => s + l.premiumDiscountCents, 0),
        }
      : null;
    const foodCents = sold.filter((l) => l.food).reduce((s, l) => s + l.lineCents, 0);
    const co = opts.checkout !== undefined ? opts.checkout : await this.d.repo.checkoutOf(cart.cartId);
    const declared = co?.mealVouchers ?? null;
    // with meal vouchers no delivery discount applies: the standard fee, no premium free delivery
    const fees = target ? await this.d.delivery.feeOf(userId, target) : null;
    const fee = fees ? (declared ? fees.standardCents : fees.cents) : 0;
    const premiumFreeDelivery =
      fee > 0 &&
      !declared &&
      (await this.d.premium.freeDeliveryAvailable(userId, opts.exceptOrderId ?? co?.editingOrderId ?? null));
    const feeCents = premiumFreeDelivery ? 0 : fee;
    const packaging = await this.packagingChoice(co?.packagingTypeId ?? null);
    const bags = packaging ? estimateBags(this.piecesOf(sold), packaging.itemsPerBag) : 0;
    const packagingCents = packaging ? bags * packaging.priceCents : 0;
    const gifts: CheckoutFigures['gifts'] = [];
    let giftDiscountCents = 0;
    const cartGifts =
      opts.giftCodes === false
        ? []
        : await this.d.gifts.ofCart(
            cart.cartId,
            userId,
            itemsCents,
            opts.exceptOrderId ?? co?.editingOrderId ?? null,
          );
    for (const gift of cartGifts) {
      // several codes together never take off more than the goods
      const discountCents = Math.min(gift.discountCents, itemsCents - giftDiscountCents);
      giftDiscountCents += discountCents;
      gifts.push({ ...gift, discountCents });
    }
    const mealVouchers = declared ? this.mealVoucherPart(declared, itemsCents, foodCents) : null;
    const covered = mealVouchers?.coveredCents ?? 0;
    const serviceCost = mealVouchers?.serviceCostCents ?? 0;
    const base = { itemsCents, giftDiscountCents, deliveryFeeCents: feeCents };
    const totalCents = orderTotalCents(base) + packagingCents + serviceCost;
    const online = isOnlinePaymentType(opts.paymentTypeId ?? this.d.paymentTypes.defaultTypeId());
    const prebilledCents =
      (online
        ? prebilledAmountCents({ ...base, variableWeightCents, packagingCents }) + serviceCost
        : totalCents) - covered;
    return {
      lines,
      buyer,
      itemsCents,
      itemsStandardCents,
      variableWeightCents,
      foodCents,
      feeCents,
      feeBaseCents: fee,
      premiumFreeDelivery,
      premiumProduct,
      packaging,
      bags,
      packagingCents,
      gifts,
      giftDiscountCents,
      mealVouchers,
      totalCents,
      prebilledCents,
      checkout: co,
    };
  }

  /**
   * The declared vouchers against the cart: the rules of spec section 5 (at most 8, goods of 100 €, food
   * only); accepted, they pay count × face value and add its service cost.
   */
  mealVoucherPart(
    declaration: MealVoucherDeclaration,
    itemsCents: number,
    foodCents: number,
  ): MealVoucherPart {
    const refusal = mealVoucherRefusal(declaration, { itemsCents, foodCents });
    if (refusal) return { declaration, refusal, coveredCents: 0, serviceCostCents: 0 };
    return { declaration, refusal, ...mealVoucherFigures(declaration) };
  }
}
