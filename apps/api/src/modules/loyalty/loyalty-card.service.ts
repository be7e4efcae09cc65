import type { CardView } from '@spesa/shared/contracts/loyalty';
import { holderNameKey } from '@spesa/shared/loyalty/card-number';
import type { Db } from '../../db/client';
import { Abort, failWith, ok, type Result } from '../../lib/result';
import type { LoyaltyCardRepository } from './loyalty-card.repository';
import { LOYALTY_INFO_TEXT, LOYALTY_TEXT } from './loyalty.messages';
import type { CardAccountsPort, PremiumService } from './premium.service';

/** Is this error PostgreSQL's unique violation (the index decided between two writers)? */
const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: unknown }).code === '23505' ||
    (error as { cause?: { code?: unknown } }).cause?.code === '23505');

/** What another module does when a customer links a card (wired in app.ts). */
export type CardLinkedListener = (userId: number, cardNumber: string, tx: Db) => Promise<unknown>;

/**
 * "La mia carta" (issue 21, decision 038): the customer's loyalty card, and linking one the chain issued to
 * an account without a card (number + the holder's surname; throttled by the route).
 */
export class LoyaltyCardService {
  constructor(
    private readonly db: Db,
    private readonly repo: LoyaltyCardRepository,
    private readonly accounts: CardAccountsPort,
    private readonly premium: PremiumService,
    /** the Italian day, YYYY-MM-DD */
    private readonly today: () => string,
    /** told of a card just linked, in the link's transaction (the receipts module claims the card's receipts) */
    private readonly cardLinked: CardLinkedListener = () => Promise.resolve(),
  ) {}

  /** GET /loyalty/card */
  async view(userId: number): Promise<Result<CardView>> {
    return ok(await this.premium.cardView(userId));
  }

  /**
   * POST /loyalty/card/link. An unknown number and a surname that does not match answer the same refusal
   * (telling neither); a card linked to another account or expired is refused with its reason. Two accounts
   * linking one card at once: the card's lock (and the unique index) let one through.
   */
  async link(userId: number, cardNumber: string, lastName: string): Promise<Result<CardView>> {
    try {
      const linked = await this.db.transaction(async (tx) => {
        if (await this.repo.cardOf(userId, tx)) throw new Abort(failWith(LOYALTY_TEXT.hasCard));
        await this.repo.lockCard(cardNumber, tx);
        const card = await this.repo.findCard(cardNumber, tx);
        if (!card || holderNameKey(card.holderLastName) !== holderNameKey(lastName))
          throw new Abort(failWith(LOYALTY_TEXT.cardNotRecognised));
        if (card.linkedUserId !== null) throw new Abort(failWith(LOYALTY_TEXT.cardTaken));
        if (card.validTo !== null && card.validTo < this.today())
          throw new Abort(failWith(LOYALTY_TEXT.cardExpired));
        if (!(await this.accounts.linkCard(userId, cardNumber, tx)))
          throw new Abort(failWith(LOYALTY_TEXT.hasCard));
        await this.cardLinked(userId, cardNumber, tx);
        return true;
      });
      return ok(await this.premium.cardView(userId), linked ? [LOYALTY_INFO_TEXT.cardLinked] : undefined);
    } catch (error) {
      if (error instanceof Abort) return error.failure;
      if (isUniqueViolation(error)) return failWith(LOYALTY_TEXT.cardTaken);
      throw error;
    }
  }
}
