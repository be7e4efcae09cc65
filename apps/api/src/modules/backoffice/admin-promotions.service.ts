import type { AdminPromotion, PromotionAudience } from '@spesa/shared/contracts/admin';
import type { Db } from '../../db/client';
import { failWith, ok, type Message, type Result } from '../../lib/result';
import { romeNow } from '../../lib/rome-time';
import type {
  PromotionRefusal,
  PromotionSort,
  PromotionsAdmin,
  PromotionWrite,
} from '../catalogue/promotions-admin';
import { BACKOFFICE_TEXT } from './backoffice.messages';
import type { BackofficeRepository } from './backoffice.repository';
import type { AdminMember } from './staff-auth.service';

const REFUSAL_TEXT: Record<PromotionRefusal, Message> = {
  productNotFound: BACKOFFICE_TEXT.productNotFound,
  notAReduction: BACKOFFICE_TEXT.notAReduction,
  notBelowPriorPrice: BACKOFFICE_TEXT.notBelowPriorPrice,
  startsInThePast: BACKOFFICE_TEXT.startsInThePast,
  tooLong: BACKOFFICE_TEXT.tooLong,
  overlaps: BACKOFFICE_TEXT.overlaps,
  promotionNotFound: BACKOFFICE_TEXT.promotionNotFound,
  alreadyEnded: BACKOFFICE_TEXT.alreadyEnded,
};

const euro = (cents: number) => (cents / 100).toLocaleString('it-IT', { style: 'currency', currency: 'EUR' });

type PromotionAnswer = Result<{ data: AdminPromotion }>;

/**
 * Promotions in the back office (decision 031): the catalogue module makes and ends them (with the price
 * history and the Omnibus prior price); this service adds the audit record, in the same transaction, and
 * words the refusals.
 */
export class AdminPromotionsService {
  constructor(
    private readonly db: Db,
    private readonly promotions: PromotionsAdmin,
    private readonly repo: BackofficeRepository,
    private readonly now: () => Date,
  ) {}

  private today(): string {
    return romeNow(this.now()).date;
  }

  async list(
    f: { productId?: number | undefined; status?: AdminPromotion['status'] | undefined },
    sort: { by: PromotionSort; desc: boolean },
    page: number,
    perPage: number,
  ): Promise<Result<{ data: AdminPromotion[]; total: number }>> {
    const { rows, total } = await this.promotions.list(f, this.today(), sort, perPage, (page - 1) * perPage);
    return ok({ data: rows, total });
  }

  async get(promoId: number): Promise<PromotionAnswer> {
    const found = await this.promotions.find(promoId, this.today());
    return found ? ok({ data: found }) : failWith(BACKOFFICE_TEXT.promotionNotFound, 'notFound');
  }

  /** What a cut starting `validFrom` would be measured against (shown before saving it). */
  async preview(
    productId: number,
    validFrom: string,
  ): Promise<Result<{ listPrice: number; priorPrice: number | null; continues: boolean }>> {
    const list = await this.promotions.listPriceCents(productId, false, this.db);
    if (list === null) return failWith(BACKOFFICE_TEXT.productNotFound, 'notFound');
    const prior = await this.promotions.priorPrice(productId, validFrom, this.db);
    return ok({
      listPrice: list / 100,
      priorPrice: prior.cents === null ? null : prior.cents / 100,
      continues: prior.continues,
    });
  }

  create(
    member: AdminMember,
    input: {
      productId: number;
      price: number;
      validFrom: string;
      validTo: string;
      audience: PromotionAudience;
      crmSegmentId?: number | undefined;
    },
  ): Promise<PromotionAnswer> {
    return this.write(member, 'create', String(input.productId), (tx) =>
      this.promotions.create(
        {
          productId: input.productId,
          priceCents: Math.round(input.price * 100),
          from: input.validFrom,
          to: input.validTo,
          audience: input.audience,
          segmentId: input.crmSegmentId ?? null,
        },
        this.today(),
        member.userId,
        tx,
      ),
    );
  }

  end(member: AdminMember, promoId: number): Promise<PromotionAnswer> {
    return this.write(member, 'end', String(promoId), (tx) => this.promotions.end(promoId, this.today(), tx));
  }

  private write(
    member: AdminMember,
    action: string,
    resourceId: string,
    work: (tx: Db) => Promise<PromotionWrite>,
  ): Promise<PromotionAnswer> {
    return this.db.transaction(async (tx) => {
      const done = await work(tx);
      if (!done.ok) {
        const refusal = REFUSAL_TEXT[done.reason];
        if (done.reason === 'notBelowPriorPrice' && done.priorPriceCents != null)
          return failWith({
            code: refusal.code,
            text: `${refusal.text} (${euro(done.priorPriceCents)})`,
          });
        return failWith(refusal, done.reason.endsWith('NotFound') ? 'notFound' : undefined);
      }
      await this.repo.audit(
        {
          staffUserId: member.userId,
          staffName: member.name,
          action,
          resource: 'promotions',
          resourceId: action === 'create' ? String(done.after.id) : resourceId,
          allowed: true,
          before: done.before,
          after: done.after,
        },
        tx,
      );
      return ok({ data: done.after });
    });
  }
}
