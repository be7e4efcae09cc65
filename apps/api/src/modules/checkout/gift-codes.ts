import type { GiftCertificate } from '@spesa/shared/contracts/checkout';
import { failWith, type Failure } from '../../lib/result';
import type { CatalogueService } from '../catalogue/catalogue.service';
import { CHECKOUT_TEXT } from './checkout.messages';
import type { CheckoutRepository, GiftCertificateRow } from './checkout.repository';

const euro = (cents: number) => cents / 100;

/**
 * The rules of gift codes (decision 017): whether a code can be used by a customer today, what it takes off
 * a cart, and how it reads on the wire. Checkout's pricing and its gift-code calls ask here.
 */
export class GiftCodes {
  constructor(
    private readonly repo: CheckoutRepository,
    private readonly catalogue: Pick<CatalogueService, 'today'>,
  ) {}

  find(code: string): Promise<GiftCertificateRow | null> {
    return this.repo.findGiftByCode(code);
  }

  discountCents(gift: GiftCertificateRow, itemsCents: number): number {
    if (itemsCents < gift.minSpendCents) return 0;
    if (gift.kind === 'percent') return Math.floor((itemsCents * gift.value) / 10_000);
    return Math.min(gift.value, itemsCents);
  }

  /** Why a code cannot be used by this customer today (null: it can). */
  async refusal(
    gift: GiftCertificateRow | null,
    userId: number,
    exceptOrderId: number | null,
  ): Promise<Failure | null> {
    const today = this.catalogue.today();
    if (!gift || !gift.active || today < gift.validFrom || today > gift.validTo)
      return failWith(CHECKOUT_TEXT.giftInvalid);
    if (gift.maxUses !== null && gift.uses >= gift.maxUses) return failWith(CHECKOUT_TEXT.giftInvalid);
    if (gift.oncePerUser && (await this.repo.giftUsedBy(gift.giftCertificateId, userId, exceptOrderId)))
      return failWith(CHECKOUT_TEXT.giftInvalid);
    return null;
  }

  wire(g: GiftCertificateRow): GiftCertificate {
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
}
