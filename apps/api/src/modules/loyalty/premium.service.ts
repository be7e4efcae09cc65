import type { AdminCardData } from '@spesa/shared/contracts/admin-loyalty';
import type { CardView, LoyaltyCard, PremiumArea, PremiumState } from '@spesa/shared/contracts/loyalty';
import { issuedPremiumCardNumber } from '@spesa/shared/loyalty/card-number';
import {
  canAdvancePhysicalCard,
  isProductDiscountOn,
  PREMIUM_PERKS,
  productDiscountEnd,
  type PhysicalCardState,
  type PremiumChannel,
} from '@spesa/shared/loyalty/premium';
import type { Db } from '../../db/client';
import { Abort, failWith, ok, type Result } from '../../lib/result';
import type { CardRow, LoyaltyCardRepository, RequestRow } from './loyalty-card.repository';
import { LOYALTY_INFO_TEXT, LOYALTY_TEXT } from './loyalty.messages';
import type { WalletAuditPort, WalletStaff } from './wallet.service';

/**
 * The cards themselves are the account module's (`loyalty_cards`, `users.card_number`): it links and issues
 * them in the caller's transaction (AccountRepository.linkCard, issueCard, replaceCard).
 */
export interface CardAccountsPort {
  linkCard(userId: number, cardNumber: string, tx: Db): Promise<boolean>;
  issueCard(
    card: { cardNumber: string; cardType: 'fidelity' | 'premium'; holderLastName: string },
    tx: Db,
  ): Promise<void>;
  replaceCard(userId: number, from: string, to: string, lastDay: string, tx: Db): Promise<boolean>;
}

/** What checkout asks of a customer's premium card on a day (not wired into checkout here). */
export interface PremiumBenefits {
  /** premium today: a valid premium card, not excluded */
  premium: boolean;
  freeDeliveriesLeft: number;
  /** the 20 % product perk runs today */
  productDiscountOn: boolean;
  productDiscountPercent: number;
}

/** YYYY-MM-DD of the day before `day` */
const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

export const isCardValid = (card: CardRow, today: string) => card.validTo === null || card.validTo >= today;
const cardTypeOf = (card: CardRow): 'fidelity' | 'premium' =>
  card.cardType === 'premium' ? 'premium' : 'fidelity';

export function toLoyaltyCard(card: CardRow, today: string): LoyaltyCard {
  return {
    cardNumber: card.cardNumber,
    cardType: cardTypeOf(card),
    validTo: card.validTo,
    valid: isCardValid(card, today),
    issuedAt: card.issuedAt,
  };
}

const toRequest = (r: RequestRow): NonNullable<PremiumState['request']> => ({
  channel: r.channel,
  state: r.state,
  requestedAt: r.requestedAt,
  shippedAt: r.shippedAt,
  deliveredAt: r.deliveredAt,
  dueBy: r.channel === 'physical' ? r.dueBy : null,
});

/**
 * The premium card (issue 21, decision 038): becoming premium (digital or physical: a premium card number
 * is issued at once and replaces the fidelity card), the physical card's way by post, the customers the
 * chain excluded, the reserved area, and what checkout asks (`benefitsOf`, `takeFreeDelivery`).
 */
export class PremiumService {
  constructor(
    private readonly db: Db,
    private readonly repo: LoyaltyCardRepository,
    private readonly accounts: CardAccountsPort,
    private readonly audit: WalletAuditPort,
    /** the Italian day, YYYY-MM-DD */
    private readonly today: () => string,
  ) {}

  /** The customer's card and premium state. */
  async cardView(userId: number, db: Db = this.db): Promise<CardView> {
    const today = this.today();
    const [card, request, exclusion] = await Promise.all([
      this.repo.cardOf(userId, db),
      this.repo.requestOf(userId, db),
      this.repo.exclusionOf(userId, db),
    ]);
    const valid = card !== null && isCardValid(card, today);
    const premiumCard = valid && cardTypeOf(card) === 'premium';
    return {
      card: card ? toLoyaltyCard(card, today) : null,
      premium: {
        active: premiumCard && !exclusion,
        excluded: exclusion !== null,
        canRequest: valid && !premiumCard && !exclusion && !request,
        request: request ? toRequest(request) : null,
      },
    };
  }

  /**
   * Is this customer premium today, and how many of the free deliveries are left? For checkout (a delivery
   * fee of 0 while some are left, the 20 % product while the perk runs).
   */
  async benefitsOf(userId: number, db: Db = this.db): Promise<PremiumBenefits> {
    const view = await this.cardView(userId, db);
    const premium = view.premium.active;
    const used = premium ? await this.repo.freeDeliveriesUsed(userId, db) : PREMIUM_PERKS.freeDeliveries;
    return {
      premium,
      freeDeliveriesLeft: Math.max(0, PREMIUM_PERKS.freeDeliveries - used),
      productDiscountOn: premium && isProductDiscountOn(this.today()),
      productDiscountPercent: PREMIUM_PERKS.productDiscountPercent,
    };
  }

  /**
   * Uses one free delivery for `orderId` in the caller's transaction (checkout's). The same order asks
   * again: answered as before, not used twice. Refused when the customer is not premium or has none left.
   */
  async takeFreeDelivery(userId: number, orderId: number, tx: Db): Promise<Result<{ left: number }>> {
    await this.repo.lockCustomer(userId, tx);
    const done = await this.repo.freeDeliveryOfOrder(orderId, tx);
    const benefits = await this.benefitsOf(userId, tx);
    if (done && done.userId === userId) return ok({ left: benefits.freeDeliveriesLeft });
    if (done) throw new Error('an order belongs to one customer');
    if (!benefits.premium) return failWith(LOYALTY_TEXT.premiumOnly);
    if (benefits.freeDeliveriesLeft <= 0) return failWith(LOYALTY_TEXT.freeDeliveriesUsed);
    await this.repo.insertFreeDelivery(userId, orderId, tx);
    return ok({ left: benefits.freeDeliveriesLeft - 1 });
  }

  /**
   * Whether checkout may price this customer's delivery free: premium today with a free delivery left, or
   * the order being edited already holds one.
   */
  async freeDeliveryAvailable(userId: number, editingOrderId: number | null): Promise<boolean> {
    const benefits = await this.benefitsOf(userId);
    if (!benefits.premium) return false;
    if (benefits.freeDeliveriesLeft > 0) return true;
    if (editingOrderId === null) return false;
    return (await this.repo.freeDeliveryOfOrder(editingOrderId))?.userId === userId;
  }

  /** Gives an order's free delivery back (the order is cancelled, or bought again with a fee), in the caller's transaction. */
  async releaseFreeDelivery(orderId: number, tx: Db): Promise<boolean> {
    return this.repo.deleteFreeDelivery(orderId, tx);
  }

  /**
   * POST /loyalty/premium/request: a premium card number is issued and replaces the fidelity card, the
   * request is recorded (a physical card starts "requested"). Asked again: the first answer, nothing new.
   */
  async request(userId: number, channel: PremiumChannel): Promise<Result<CardView>> {
    try {
      const info = await this.db.transaction(async (tx) => {
        await this.repo.lockCustomer(userId, tx);
        if (await this.repo.requestOf(userId, tx)) return null;
        if (await this.repo.exclusionOf(userId, tx)) throw new Abort(failWith(LOYALTY_TEXT.premiumExcluded));
        const card = await this.repo.cardOf(userId, tx);
        if (!card || !isCardValid(card, this.today())) throw new Abort(failWith(LOYALTY_TEXT.premiumNoCard));
        if (cardTypeOf(card) === 'premium') return null;
        const premiumNumber = issuedPremiumCardNumber(userId);
        await this.accounts.issueCard(
          {
            cardNumber: premiumNumber,
            cardType: 'premium',
            holderLastName: card.holderLastName,
          },
          tx,
        );
        if (
          !(await this.accounts.replaceCard(
            userId,
            card.cardNumber,
            premiumNumber,
            dayBefore(this.today()),
            tx,
          ))
        )
          throw new Error('the card read under the lock is the customer’s');
        await this.repo.insertRequest(userId, channel, premiumNumber, tx);
        return channel === 'digital' ? LOYALTY_INFO_TEXT.premiumDigital : LOYALTY_INFO_TEXT.premiumPhysical;
      });
      return ok(await this.cardView(userId), info ? [info] : undefined);
    } catch (error) {
      if (error instanceof Abort) return error.failure;
      throw error;
    }
  }

  /** GET /loyalty/premium/area: the perks and their use, for premium customers only. */
  async area(userId: number): Promise<Result<PremiumArea>> {
    const view = await this.cardView(userId);
    if (view.premium.excluded) return failWith(LOYALTY_TEXT.premiumExcluded);
    if (!view.premium.active || !view.card) return failWith(LOYALTY_TEXT.premiumOnly);
    const benefits = await this.benefitsOf(userId);
    return ok({
      cardNumber: view.card.cardNumber,
      freeDeliveriesLeft: benefits.freeDeliveriesLeft,
      productDiscountOn: benefits.productDiscountOn,
      // the current period's end (renewed each calendar year, decision 043); the last one when it has ended
      productDiscountUntil: productDiscountEnd(this.today()) ?? PREMIUM_PERKS.productDiscountUntil,
      birthdayCakeMin: PREMIUM_PERKS.birthdayCakeMinCents / 100,
      birthdayCakeMax: PREMIUM_PERKS.birthdayCakeMaxCents / 100,
    });
  }

  // ---------- back office ----------
  async #adminCard(userId: number, db: Db = this.db): Promise<AdminCardData> {
    const [view, exclusion] = await Promise.all([
      this.cardView(userId, db),
      this.repo.exclusionOf(userId, db),
    ]);
    // the chosen 20 % product is the premium-product service's, added by the route (it depends on this one)
    return { data: { ...view, userId, exclusion, premiumProduct: null } };
  }

  /** GET /admin/customers/:id/loyalty-card */
  async adminView(userId: number): Promise<Result<AdminCardData>> {
    if (!(await this.repo.customerExists(userId))) return failWith(LOYALTY_TEXT.customerNotFound, 'notFound');
    return ok(await this.#adminCard(userId));
  }

  /** POST /admin/customers/:id/premium-exclusion: sets or clears the exclusion, with its audit record. */
  async setExclusion(
    staff: WalletStaff,
    userId: number,
    excluded: boolean,
    reason: string,
  ): Promise<Result<AdminCardData>> {
    const done = await this.db.transaction(async (tx) => {
      if (!(await this.repo.customerExists(userId, tx)))
        return failWith(LOYALTY_TEXT.customerNotFound, 'notFound');
      await this.repo.lockCustomer(userId, tx);
      const before = (await this.repo.exclusionOf(userId, tx)) !== null;
      if (excluded) await this.repo.setExclusion(userId, reason, staff.userId, tx);
      else await this.repo.clearExclusion(userId, tx);
      await this.audit.record(
        {
          staff,
          action: excluded ? 'premium-exclude' : 'premium-include',
          userId,
          before: { excluded: before },
          // the reason's length, not its words: the audit log holds no free text about a customer
          after: { excluded, reasonLength: reason.length },
        },
        tx,
      );
      return ok(null);
    });
    if (!done.ok) return done;
    return ok(await this.#adminCard(userId), [
      excluded ? LOYALTY_INFO_TEXT.excluded : LOYALTY_INFO_TEXT.exclusionCleared,
    ]);
  }

  /** POST /admin/customers/:id/premium-card-state: a physical card one step further (shipped, delivered). */
  async advanceCard(
    staff: WalletStaff,
    userId: number,
    to: PhysicalCardState,
  ): Promise<Result<AdminCardData>> {
    const done = await this.db.transaction(async (tx) => {
      if (!(await this.repo.customerExists(userId, tx)))
        return failWith(LOYALTY_TEXT.customerNotFound, 'notFound');
      await this.repo.lockCustomer(userId, tx);
      const request = await this.repo.requestOf(userId, tx);
      if (!request || request.channel !== 'physical' || !request.state)
        return failWith(LOYALTY_TEXT.noPhysicalCard);
      if (!canAdvancePhysicalCard(request.state, to)) return failWith(LOYALTY_TEXT.cardStateNotAllowed);
      await this.repo.advanceState(userId, request.state, to, tx);
      await this.audit.record(
        {
          staff,
          action: 'premium-card-state',
          userId,
          before: { state: request.state },
          after: { state: to },
        },
        tx,
      );
      return ok(null);
    });
    if (!done.ok) return done;
    return ok(await this.#adminCard(userId), [
      to === 'shipped' ? LOYALTY_INFO_TEXT.cardShipped : LOYALTY_INFO_TEXT.cardDelivered,
    ]);
  }
}
