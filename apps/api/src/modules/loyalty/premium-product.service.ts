import type { SQL } from 'drizzle-orm';
import type { Product } from '@spesa/shared/contracts/catalogue';
import type { PremiumProduct } from '@spesa/shared/contracts/loyalty';
import {
  isPremiumProductChoosable,
  PREMIUM_PERKS,
  premiumProductChangeableFrom,
  productDiscountEnd,
} from '@spesa/shared/loyalty/premium';
import { failWith, ok, type Result } from '../../lib/result';
import { LOYALTY_INFO_TEXT, LOYALTY_TEXT } from './loyalty.messages';
import {
  hasChoiceSql,
  type PremiumProductRepository,
  type PremiumProductRow,
} from './premium-product.repository';
import type { PremiumService } from './premium.service';

/** The catalogue's product as it is sold today (the catalogue module's service); null: unknown or not sold. */
export interface PremiumCataloguePort {
  productOf(productId: number): Promise<Product | null>;
}

/** YYYY-MM-01 of `day`'s month */
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/**
 * The premium card's "one product always 20 % off" (spec sections 2 and 9, decision 043): the customer's
 * choice of the product (a sold product, not infant formula nor alcohol), changed at most once per calendar
 * month, and the product checkout discounts (`discountedProductOf`).
 */
export class PremiumProductService {
  constructor(
    private readonly repo: PremiumProductRepository,
    private readonly premium: Pick<PremiumService, 'cardView'>,
    private readonly catalogue: PremiumCataloguePort,
    /** the Italian day, YYYY-MM-DD */
    private readonly today: () => string,
  ) {}

  /** Refused unless the customer is premium today: excluded customers read only that access is unavailable. */
  async #premiumOnly(userId: number): Promise<Result<true>> {
    const view = await this.premium.cardView(userId);
    if (view.premium.excluded) return failWith(LOYALTY_TEXT.premiumExcluded);
    if (!view.premium.active) return failWith(LOYALTY_TEXT.premiumOnly);
    return ok(true);
  }

  async #answer(choice: PremiumProductRow | null): Promise<PremiumProduct> {
    const today = this.today();
    const until = productDiscountEnd(today);
    const canChange = choice === null || choice.chosenOn < monthStart(today);
    return {
      discountOn: until !== null,
      percent: PREMIUM_PERKS.productDiscountPercent,
      discountUntil: until,
      product: choice ? await this.catalogue.productOf(choice.productId) : null,
      chosenOn: choice?.chosenOn ?? null,
      canChange,
      changeableFrom: canChange || !choice ? null : premiumProductChangeableFrom(choice.chosenOn),
    };
  }

  /** GET /loyalty/premium/product: the chosen product and whether it can be changed now. */
  async view(userId: number): Promise<Result<PremiumProduct>> {
    const allowed = await this.#premiumOnly(userId);
    if (!allowed.ok) return allowed;
    return ok(await this.#answer(await this.repo.choiceOf(userId)));
  }

  /**
   * POST /loyalty/premium/product: chooses the product. The same product again answers the choice as it is;
   * another one within the month of the last choice is refused, by the guarded write itself.
   */
  async choose(userId: number, productId: number): Promise<Result<PremiumProduct>> {
    const allowed = await this.#premiumOnly(userId);
    if (!allowed.ok) return allowed;
    const today = this.today();
    if (productDiscountEnd(today) === null) return failWith(LOYALTY_TEXT.productDiscountOff);
    const product = await this.catalogue.productOf(productId);
    if (!product) return failWith(LOYALTY_TEXT.productUnknown, 'notFound');
    if (!isPremiumProductChoosable(product)) return failWith(LOYALTY_TEXT.productNotChoosable);
    const current = await this.repo.choiceOf(userId);
    if (current?.productId === productId) return ok(await this.#answer(current));
    const chosen = await this.repo.choose(userId, productId, today, monthStart(today));
    if (!chosen) {
      // refused by the once-a-month rule; a simultaneous request choosing the same product is that choice
      const now = await this.repo.choiceOf(userId);
      if (now?.productId === productId) return ok(await this.#answer(now));
      return failWith(LOYALTY_TEXT.productChangedRecently);
    }
    return ok(await this.#answer(chosen), [LOYALTY_INFO_TEXT.productChosen(product.name)]);
  }

  /** The customer's chosen product for the back office's customer page: id, today's name, day chosen. */
  async adminChoice(
    userId: number,
  ): Promise<{ productId: number; name: string | null; chosenOn: string } | null> {
    const choice = await this.repo.choiceOf(userId);
    if (!choice) return null;
    const product = await this.catalogue.productOf(choice.productId);
    return { productId: choice.productId, name: product?.name ?? null, chosenOn: choice.chosenOn };
  }

  /**
   * The product whose lines checkout prices 20 % less for this customer now: premium today, the perk running,
   * a product chosen; null otherwise.
   */
  async discountedProductOf(userId: number): Promise<number | null> {
    const choice = await this.repo.choiceOf(userId);
    if (!choice || productDiscountEnd(this.today()) === null) return null;
    const view = await this.premium.cardView(userId);
    return view.premium.active ? choice.productId : null;
  }

  /**
   * Whether the customer has a chosen product, as a subquery for another module's read (the loyalty module's
   * SQL, composed there): without one `discountedProductOf` is null.
   */
  hasChoiceSql(userId: SQL): SQL<boolean> {
    return hasChoiceSql(userId);
  }
}
