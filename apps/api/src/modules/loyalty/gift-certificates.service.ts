import { formatCents } from '@spesa/shared/format/price';
import { randomInt } from 'node:crypto';
import type { GrantGiftBody } from '@spesa/shared/contracts/admin-loyalty';
import type { GiftCertificate } from '@spesa/shared/contracts/checkout';
import {
  PROMOVAR_COOLDOWN_MINUTES,
  type Promovar,
  type UserGiftCertificate,
} from '@spesa/shared/contracts/gift-certificates';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { failWith, ok, type Failure, type Result } from '../../lib/result';
import type {
  GiftCertificateRow,
  GiftCertificatesRepository,
  GiftUseRow,
  ListedGiftRow,
  NewInviteGift,
} from './gift-certificates.repository';
import { cartHasCodesSql } from './gift-certificates.repository';
import { GIFT_INFO_TEXT, GIFT_TEXT, LOYALTY_TEXT } from './loyalty.messages';
import type { WalletAuditPort, WalletStaff } from './wallet.service';
import { addDays } from '@spesa/shared/time/rome';
import { wireInstant } from '../../db/wire-time';

const euro = (cents: number) => cents / 100;

/** What the loyalty module asks of the customer's account and orders (wired in app.ts). */
export interface CustomerFactsPort {
  /** the customer's profile level and CRM segments (null: no such customer) */
  facts(userId: number): Promise<{ level: number; segments: number[] } | null>;
  /** orders of the customer delivered (in full or in part) since that instant */
  deliveredOrdersSince(userId: number, since: Date): Promise<number>;
  setProfileLevel(userId: number, level: number): Promise<void>;
  /** whether the customer has an order other than `exceptOrderId` that is not cancelled or invalidated */
  hasOrders(userId: number, exceptOrderId: number | null): Promise<boolean>;
}

/**
 * The profile level from the delivered orders of the last 12 months (decision 040): 1 (everyone), 2 from 3
 * orders, 3 from 10.
 */
export const PROFILE_LEVEL_STEPS = [
  { level: 3, orders: 10 },
  { level: 2, orders: 3 },
] as const;
export const profileLevelOf = (deliveredOrders: number): number =>
  PROFILE_LEVEL_STEPS.find((s) => deliveredOrders >= s.orders)?.level ?? 1;

/** Codes hard to guess and easy to read aloud (no 0/O, 1/I/L). */
const CODE_LETTERS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const randomLetters = (n: number) =>
  Array.from({ length: n }, () => CODE_LETTERS[randomInt(CODE_LETTERS.length)]).join('');
export const newCode = (prefix = 'BUONO-', length = 8) => `${prefix}${randomLetters(length)}`;

/** A certificate priced for one customer's goods now (checkout's CartGift). */
export interface PricedGift {
  giftCertificateId: number;
  giftCertificate: GiftCertificate;
  discountCents: number;
  refusal: Failure | null;
  /** why it takes nothing off yet (below its minimum spend) */
  notice: string | null;
}

/** Told of each personal certificate issued (granted by customer service, or of the invite programme). */
export type GiftIssuedPort = (
  gift: { userId: number; giftCertificateId: number; name: string; code: string; validTo: string },
  tx: Db,
) => Promise<void>;

/**
 * Gift certificates (decisions 017 and 040): whether a customer may use a code today, what it takes off the
 * goods, how it reads on the wire; the codes of a cart and the uses of an order. Checkout reaches it through
 * its CheckoutGiftsPort and the orders module through its OrderGiftsPort (both wired in app.ts).
 */
export class GiftCertificatesService {
  constructor(
    private readonly db: Db,
    private readonly repo: GiftCertificatesRepository,
    private readonly customers: CustomerFactsPort,
    private readonly audit: WalletAuditPort,
    private readonly today: () => string,
    private readonly now: () => Date = () => new Date(),
    /** a certificate issued to a customer (the customer's messages, decision 048), in its transaction */
    private readonly issued: GiftIssuedPort = async () => {},
  ) {}

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
    const today = this.today();
    if (!gift || !gift.active || today < gift.validFrom || today > gift.validTo)
      return failWith(GIFT_TEXT.invalid);
    if (gift.maxUses !== null && gift.uses >= gift.maxUses) return failWith(GIFT_TEXT.invalid);
    // another customer's certificate reads like a code that does not exist
    if (gift.ownerUserId !== null && gift.ownerUserId !== userId) return failWith(GIFT_TEXT.invalid);
    if (gift.crmSegmentId !== null || gift.minProfileLevel !== null) {
      const facts = await this.customers.facts(userId);
      if (!facts) return failWith(GIFT_TEXT.invalid);
      if (gift.crmSegmentId !== null && !facts.segments.includes(gift.crmSegmentId))
        return failWith(GIFT_TEXT.notForYou);
      if (gift.minProfileLevel !== null && facts.level < gift.minProfileLevel)
        return failWith(GIFT_TEXT.notForYou);
    }
    if (gift.oncePerUser && (await this.repo.usedBy(gift.giftCertificateId, userId, exceptOrderId)))
      return failWith(GIFT_TEXT.invalid);
    if (gift.firstOrderOnly && (await this.customers.hasOrders(userId, exceptOrderId)))
      return failWith(GIFT_TEXT.firstOrderOnly);
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

  private async priced(
    gift: GiftCertificateRow,
    userId: number,
    itemsCents: number,
    exceptOrderId: number | null,
  ): Promise<PricedGift> {
    const refusal = await this.refusal(gift, userId, exceptOrderId);
    return {
      giftCertificateId: gift.giftCertificateId,
      giftCertificate: this.wire(gift),
      discountCents: refusal ? 0 : this.discountCents(gift, itemsCents),
      refusal,
      notice:
        !refusal && itemsCents < gift.minSpendCents
          ? GIFT_INFO_TEXT.belowMinSpend(
              formatCents(gift.minSpendCents),
              formatCents(gift.minSpendCents - itemsCents),
            )
          : null,
    };
  }

  // ---------- checkout (CheckoutGiftsPort) ----------
  async ofCart(
    cartId: number,
    userId: number,
    itemsCents: number,
    exceptOrderId: number | null,
  ): Promise<PricedGift[]> {
    const gifts = await this.repo.ofCart(cartId);
    const priced: PricedGift[] = [];
    for (const g of gifts) priced.push(await this.priced(g, userId, itemsCents, exceptOrderId));
    return priced;
  }

  /** Whether the cart holds a code, as a subquery for another module's read (the loyalty module's SQL). */
  hasCodesSql(cartId: SQL): SQL<boolean> {
    return cartHasCodesSql(cartId);
  }

  async check(userId: number, code: string, itemsCents: number): Promise<Result<PricedGift>> {
    const gift = await this.repo.byCode(code);
    if (!gift) return failWith(GIFT_TEXT.invalid);
    const priced = await this.priced(gift, userId, itemsCents, null);
    return priced.refusal ?? ok(priced);
  }

  /** One code per cart: applying another replaces it. */
  async putInCart(
    userId: number,
    cartId: number,
    code: string,
    itemsCents: number,
  ): Promise<Result<PricedGift>> {
    const checked = await this.check(userId, code, itemsCents);
    if (!checked.ok) return checked;
    for (const g of await this.repo.ofCart(cartId))
      if (g.giftCertificateId !== checked.data.giftCertificateId)
        await this.repo.removeFromCart(cartId, g.giftCertificateId);
    await this.repo.addToCart(cartId, checked.data.giftCertificateId);
    return checked;
  }

  async takeFromCart(cartId: number, code: string): Promise<boolean> {
    const gift = await this.repo.byCode(code);
    return gift ? this.repo.removeFromCart(cartId, gift.giftCertificateId) : false;
  }

  orderIntoCart(orderId: number, cartId: number, tx: Db): Promise<void> {
    return this.repo.orderIntoCart(orderId, cartId, tx);
  }

  recordUse(
    use: { giftCertificateId: number; orderId: number; userId: number; discountCents: number },
    tx: Db,
  ): Promise<void> {
    return this.repo.recordUse(use, tx);
  }

  consume(giftCertificateId: number, tx: Db): Promise<boolean> {
    return this.repo.consume(giftCertificateId, tx);
  }

  releaseUses(orderId: number, tx: Db): Promise<void> {
    return this.repo.releaseUses(orderId, tx);
  }

  // ---------- orders (OrderGiftsPort) ----------
  usesOf(orderIds: readonly number[]): Promise<GiftUseRow[]> {
    return this.repo.usesOf(orderIds);
  }

  // ---------- the customer's certificates (decision 040) ----------
  /** How many personal certificates the customer can use today (User.giftCertificatesReceived). */
  usableCount(userId: number): Promise<number> {
    return this.repo.usableCount(userId, this.today());
  }

  private listed(r: ListedGiftRow, type: UserGiftCertificate['type']): UserGiftCertificate {
    const today = this.today();
    const used = r.maxUses !== null && r.uses >= r.maxUses;
    return {
      userGiftCertificateId: r.giftCertificateId,
      giftCertificate: this.wire(r),
      type,
      source: type === 'personal' ? r.source : null,
      reason: r.reason,
      conditions: r.conditions,
      validFrom: r.validFrom,
      state: used ? 'used' : !r.active || today > r.validTo ? 'expired' : 'available',
      orderId: used ? r.usedOrderId : null,
      usedAt: used ? r.usedAt : null,
    };
  }

  /** GET /giftcertificate/list: the personal certificates and the advantages the customer can use now. */
  async usable(userId: number): Promise<Result<{ userGiftCertificates: UserGiftCertificate[] }>> {
    const today = this.today();
    const facts = (await this.customers.facts(userId)) ?? { level: 1, segments: [] };
    const [personal, advantages] = await Promise.all([
      this.repo.personalOf(userId, today, false),
      this.repo.advantagesFor(userId, facts, today),
    ]);
    return ok({
      userGiftCertificates: [
        ...personal.map((r) => this.listed(r, 'personal')),
        ...advantages.map((r) => this.listed(r, 'advantage')),
      ],
    });
  }

  /** GET /giftcertificate/list-manual-assigned: the personal ones; with history the used and expired too. */
  async personal(
    userId: number,
    history: boolean,
  ): Promise<Result<{ userGiftCertificates: UserGiftCertificate[] }>> {
    const rows = await this.repo.personalOf(userId, this.today(), history);
    return ok({ userGiftCertificates: rows.map((r) => this.listed(r, 'personal')) });
  }

  /** GET /admin/customers/:id/gift-certificates */
  async adminList(
    userId: number,
  ): Promise<Result<{ data: { userId: number; userGiftCertificates: UserGiftCertificate[] } }>> {
    if (!(await this.customers.facts(userId))) return failWith(LOYALTY_TEXT.customerNotFound, 'notFound');
    const rows = await this.repo.personalOf(userId, this.today(), true);
    return ok({ data: { userId, userGiftCertificates: rows.map((r) => this.listed(r, 'personal')) } });
  }

  /**
   * POST /admin/customers/:id/gift-certificates: a personal certificate granted by customer service (one use,
   * its own code, the reason the customer reads); the certificate and its audit record in one transaction.
   */
  async grant(
    staff: WalletStaff,
    userId: number,
    body: Required<GrantGiftBody>,
  ): Promise<Result<{ data: { userId: number; userGiftCertificates: UserGiftCertificate[] } }>> {
    if (!(await this.customers.facts(userId))) return failWith(LOYALTY_TEXT.customerNotFound, 'notFound');
    const valueCents = Math.round(body.amount * 100);
    const minSpendCents = Math.round(body.minSpend * 100);
    const validFrom = this.today();
    const validTo = addDays(validFrom, body.validDays);
    const code = newCode();
    await this.db.transaction(async (tx) => {
      const id = await this.repo.insertPersonal(
        {
          code,
          name: `Buono di ${formatCents(valueCents)}`,
          ownerUserId: userId,
          valueCents,
          minSpendCents,
          validFrom,
          validTo,
          reason: body.reason,
          conditions:
            minSpendCents > 0
              ? `Vale una volta, su una spesa di almeno ${formatCents(minSpendCents)}.`
              : 'Vale una volta, su qualsiasi spesa.',
          grantedBy: staff.userId,
        },
        tx,
      );
      await this.issued(
        {
          userId,
          giftCertificateId: id,
          name: `Buono di ${formatCents(valueCents)}`,
          code,
          validTo,
        },
        tx,
      );
      await this.audit.record(
        {
          staff,
          action: 'gift-certificate-grant',
          userId,
          before: null,
          // the reason's length, not its words: the audit log holds no free text about a customer
          after: {
            giftCertificateId: id,
            valueCents,
            minSpendCents,
            validTo,
            reasonLength: body.reason.length,
          },
        },
        tx,
      );
    });
    const list = await this.adminList(userId);
    if (!list.ok) return list;
    return ok(list.data, [GIFT_INFO_TEXT.granted(formatCents(valueCents), code)]);
  }

  /** A percent certificate of the invite programme (decision 045), inside the caller's transaction. */
  async issueInvite(gift: Omit<NewInviteGift, 'code'>, tx: Db): Promise<{ id: number; code: string }> {
    const code = newCode();
    const id = await this.repo.insertInvite({ ...gift, code }, tx);
    await this.issued(
      {
        userId: gift.ownerUserId,
        giftCertificateId: id,
        name: gift.name,
        code,
        validTo: gift.validTo,
      },
      tx,
    );
    return { id, code };
  }

  // ---------- promotion variables ----------
  /**
   * GET /{provider}-registration/refresh_user_promovar: recomputes the customer's profile level from their
   * delivered orders of the last 12 months, at most once per cool-down (kept in the database, so every process
   * agrees); within it, answers the current state and says when the next refresh is possible.
   */
  async refreshPromovar(userId: number): Promise<Result<Promovar>> {
    const now = this.now();
    const since = new Date(now);
    since.setUTCFullYear(since.getUTCFullYear() - 1);
    const delivered = await this.customers.deliveredOrdersSince(userId, since);
    const claimed = await this.repo.claimRefresh(userId, now, PROMOVAR_COOLDOWN_MINUTES, delivered);
    if (claimed) await this.customers.setProfileLevel(userId, profileLevelOf(delivered));
    const last = claimed
      ? { refreshedAt: claimed.refreshedAt, deliveredOrders: delivered }
      : await this.repo.lastRefresh(userId);
    if (!last) throw new Error('a refresh is claimed or was');
    const facts = (await this.customers.facts(userId)) ?? { level: 1, segments: [] };
    const next = new Date(Date.parse(last.refreshedAt) + PROMOVAR_COOLDOWN_MINUTES * 60_000);
    const data: Promovar = {
      profile: { level: facts.level },
      crmUserSegments: facts.segments.map((crmSegmentId) => ({ crmSegment: { crmSegmentId } })),
      deliveredOrders: last.deliveredOrders,
      giftCertificatesReceived: await this.usableCount(userId),
      refreshedAt: last.refreshedAt,
      nextRefreshAt: wireInstant(next, 'milliseconds'),
    };
    if (claimed) return ok(data, [GIFT_INFO_TEXT.refreshed]);
    const minutes = Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 60_000));
    return ok(data, [GIFT_INFO_TEXT.coolingDown(minutes)]);
  }
}
