import type { InviteView } from '@spesa/shared/contracts/invite';
import {
  INVITE_CODE_PATTERN,
  INVITE_PROGRAMME as P,
  invitePath,
  isInviteOpen,
  mailboxOf,
} from '@spesa/shared/loyalty/invite';
import { italianDayText } from '@spesa/shared/loyalty/premium';
import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import type { Db } from '../../db/client';
import { failWith, ok, type Result } from '../../lib/result';
import { addDays } from '@spesa/shared/time/rome';
import { newCode, type GiftCertificatesService } from './gift-certificates.service';
import type { InviteRepository } from './invite.repository';
import { INVITE_INFO_TEXT, INVITE_TEXT } from './loyalty.messages';

/** What tells one person's accounts apart, and the name their e-mails greet. */
export interface PersonFacts {
  userId: number;
  email: string;
  firstName: string;
  cardNumber: string | null;
  fiscalCode: string;
}

/** What the invite programme asks of the account and orders modules (wired in app.ts). */
export interface InvitePeoplePort {
  identities(userIds: readonly number[]): Promise<PersonFacts[]>;
  /** an order other than `exceptOrderId`, not cancelled nor invalidated */
  hasOrders(userId: number, exceptOrderId: number | null): Promise<boolean>;
  /** each customer's first delivered (8) or partially delivered (9) order */
  firstDeliveredOf(userIds: readonly number[]): Promise<Map<number, number>>;
  /** the customer of an order, read in the status change's transaction */
  ownerOfOrder(orderId: number, db: Db): Promise<number | null>;
}

/** The job that settles one friend's referral (payload: { friendUserId }). */
export const INVITE_SETTLE_JOB = 'loyalty.invite-settle';
/** The sweep of every waiting referral, hourly: what a lost job missed is settled within the 24 hours. */
export const INVITE_SWEEP_JOB = 'loyalty.invite-sweep';
export const INVITE_SWEEP_MS = 60 * 60_000;
const SWEEP_BATCH = 500;

/** An order's status change, as the orders module announces it. */
export interface OrderStatusEvent {
  orderId: number;
  to: number;
}

/** The voucher's e-mail to the inviter (the mail module's 'invite-voucher', wired in app.ts). */
export interface VoucherMail {
  to: string;
  firstName: string;
  percent: number;
  code: string;
  /** "31/03/2027" */
  validTo: string;
}

/** The status changes that may settle a referral: an order delivered in full or in part. */
export const isDelivery = (event: OrderStatusEvent): boolean =>
  event.to === ORDER_STATUS.delivered || event.to === ORDER_STATUS.partiallyDelivered;

/**
 * Two accounts of one person (decision 045): the same mailbox (mailboxOf: case, "+tag", Gmail's dots), the
 * same loyalty card, or the same fiscal code.
 */
export function samePerson(a: PersonFacts, b: PersonFacts): boolean {
  if (mailboxOf(a.email) === mailboxOf(b.email)) return true;
  if (a.cardNumber !== null && a.cardNumber === b.cardNumber) return true;
  const fa = a.fiscalCode.trim().toUpperCase();
  return fa !== '' && fa === b.fiscalCode.trim().toUpperCase();
}

const CODE_ATTEMPTS = 5;

/**
 * Invite a friend (issue 21, decision 045). A customer's code and link; a new customer joins with a friend's
 * code and gets a personal certificate for their first order (10 % of the goods, delivery excluded); when the
 * friend's first order is delivered, the inviter gets a 10 % voucher within 24 hours (a job enqueued by the
 * delivery, and an hourly sweep), at most 10 of them; a second account of the same person earns nothing.
 * Certificates are the gift certificates' (source 'invite'): one per order, like every code.
 */
export class InviteService {
  constructor(
    private readonly db: Db,
    private readonly repo: InviteRepository,
    private readonly gifts: GiftCertificatesService,
    private readonly people: InvitePeoplePort,
    private readonly deps: {
      /** writes the voucher's e-mail in the settlement's transaction */
      sendVoucherMail: (mail: VoucherMail, tx: Db) => Promise<void>;
      /** enqueues INVITE_SETTLE_JOB in the given transaction */
      later: (friendUserId: number, db: Db) => Promise<void>;
      today: () => string;
    },
  ) {}

  /** The customer's code, made the first time it is asked for (a code taken already: another one). */
  private async ensureCode(userId: number): Promise<string> {
    for (let i = 0; i < CODE_ATTEMPTS; i++) {
      const existing = await this.repo.codeOf(userId);
      if (existing) return existing;
      await this.repo.insertCode(userId, newCode('AMICO-', 6));
    }
    const code = await this.repo.codeOf(userId);
    if (!code) throw new Error('no invite code could be written');
    return code;
  }

  /** Two customers' facts, in the order asked (undefined: no such customer). */
  private async identitiesOf(...userIds: [number, number]): Promise<Array<PersonFacts | undefined>> {
    const facts = await this.people.identities(userIds);
    return userIds.map((id) => facts.find((f) => f.userId === id));
  }

  /** GET /loyalty/invite: the customer's code and link, their friends, and whether they may still join. */
  async view(userId: number): Promise<Result<InviteView>> {
    const code = await this.ensureCode(userId);
    const [friends, earned, joined, ordered] = await Promise.all([
      this.repo.friendsOf(userId),
      this.repo.vouchersEarned(userId),
      this.repo.referralOf(userId),
      this.people.hasOrders(userId, null),
    ]);
    const open = isInviteOpen(this.deps.today());
    return ok({
      code,
      path: invitePath(code),
      open,
      endsOn: P.endsOn,
      discountPercent: P.discountPercent,
      maxVouchers: P.maxVouchers,
      vouchersEarned: earned,
      friends: friends.map((f) => ({
        joinedAt: f.joinedAt,
        state: f.state,
        note: f.noRewardReason ? INVITE_INFO_TEXT.noReward[f.noRewardReason] : null,
      })),
      canJoin: open && !joined && !ordered,
      joinedWith: joined?.code ?? null,
    });
  }

  /**
   * POST /loyalty/invite/join: a customer who has not ordered yet joins with a friend's code and gets the
   * first-order certificate. Refused (nothing written): programme closed, unknown code, one's own code or one
   * of another account of the same person, already joined, already ordered.
   */
  async join(userId: number, rawCode: string): Promise<Result<InviteView>> {
    const code = rawCode.trim().toUpperCase();
    if (!INVITE_CODE_PATTERN.test(code)) return failWith(INVITE_TEXT.unknown);
    const today = this.deps.today();
    if (!isInviteOpen(today)) return failWith(INVITE_TEXT.closed);
    const inviterUserId = await this.repo.ownerOfCode(code);
    if (inviterUserId === null) return failWith(INVITE_TEXT.unknown);
    if (inviterUserId === userId) return failWith(INVITE_TEXT.self);
    if (await this.repo.referralOf(userId)) return failWith(INVITE_TEXT.alreadyJoined);
    if (await this.people.hasOrders(userId, null)) return failWith(INVITE_TEXT.notNew);
    const [a, b] = await this.identitiesOf(userId, inviterUserId);
    if (a && b && samePerson(a, b)) return failWith(INVITE_TEXT.self);

    const joined = await this.db
      .transaction(async (tx) => {
        const gift = await this.gifts.issueInvite(
          {
            name: `Sconto del ${P.discountPercent}% sulla prima spesa`,
            ownerUserId: userId,
            basisPoints: P.discountPercent * 100,
            validFrom: today,
            validTo: addDays(today, P.certificateDays),
            conditions: `Vale sulla tua prima spesa online, spese di consegna escluse. Un buono per ordine.`,
            firstOrderOnly: true,
          },
          tx,
        );
        const written = await this.repo.insertReferral(
          {
            friendUserId: userId,
            inviterUserId,
            friendGiftCertificateId: gift.id,
          },
          tx,
        );
        // a concurrent join of the same customer won: this one writes nothing (its certificate rolls back)
        if (!written) throw new AlreadyJoined();
        return gift;
      })
      .catch((err: unknown) => {
        if (err instanceof AlreadyJoined) return null;
        throw err;
      });
    if (!joined) return failWith(INVITE_TEXT.alreadyJoined);
    const view = await this.view(userId);
    if (!view.ok) return view;
    return ok(view.data, [INVITE_INFO_TEXT.joined(P.discountPercent, joined.code)]);
  }

  // ---------- the inviter's vouchers (scheduled, at least once: each step idempotent) ----------
  /** Listener of order status changes: a waiting friend's order delivered enqueues its settlement. */
  async onOrderDelivered(event: OrderStatusEvent, db: Db): Promise<void> {
    const friendUserId = await this.people.ownerOfOrder(event.orderId, db);
    if (friendUserId !== null && (await this.repo.isWaiting(friendUserId, db)))
      await this.deps.later(friendUserId, db);
  }

  /**
   * Settles a friend's referral once their first order is delivered: the inviter's voucher (numbered; none
   * past the programme's maximum, none for another account of the same person) and its e-mail, in one
   * transaction. A referral settled already, or a friend with no delivered order yet: nothing happens.
   */
  async settle(friendUserId: number): Promise<'rewarded' | 'no_reward' | 'waiting' | 'settled'> {
    const orderId = (await this.people.firstDeliveredOf([friendUserId])).get(friendUserId);
    if (orderId === undefined) return 'waiting';
    const referral = await this.repo.referralOf(friendUserId);
    if (!referral || referral.state !== 'waiting') return 'settled';
    // read before the transaction (one connection on the embedded engine); the facts checked when settling
    const [friend, inviter] = await this.identitiesOf(friendUserId, referral.inviterUserId);
    const twin = friend && inviter && samePerson(friend, inviter);
    const today = this.deps.today();
    const validTo = addDays(today, P.certificateDays);
    return this.db.transaction(async (tx) => {
      const locked = await this.repo.referralOf(friendUserId, true, tx);
      if (!locked || locked.state !== 'waiting') return 'settled';
      if (twin) {
        await this.repo.settle(
          friendUserId,
          {
            state: 'no_reward',
            reason: 'same_person',
            friendOrderId: orderId,
          },
          tx,
        );
        return 'no_reward';
      }
      const voucherNo = await this.repo.nextVoucherNo(locked.inviterUserId, tx);
      if (voucherNo > P.maxVouchers) {
        await this.repo.settle(
          friendUserId,
          {
            state: 'no_reward',
            reason: 'limit',
            friendOrderId: orderId,
          },
          tx,
        );
        return 'no_reward';
      }
      const voucher = await this.gifts.issueInvite(
        {
          name: `Buono del ${P.discountPercent}% per un amico invitato`,
          ownerUserId: locked.inviterUserId,
          basisPoints: P.discountPercent * 100,
          validFrom: today,
          validTo,
          conditions: 'Vale su una spesa online, spese di consegna escluse. Un buono per ordine.',
          firstOrderOnly: false,
        },
        tx,
      );
      await this.repo.settle(
        friendUserId,
        {
          state: 'rewarded',
          voucherNo,
          voucherGiftCertificateId: voucher.id,
          friendOrderId: orderId,
        },
        tx,
      );
      if (inviter)
        await this.deps.sendVoucherMail(
          {
            to: inviter.email,
            firstName: inviter.firstName,
            percent: P.discountPercent,
            code: voucher.code,
            validTo: italianDayText(validTo),
          },
          tx,
        );
      return 'rewarded';
    });
  }

  /** The hourly sweep: settles every waiting friend whose order is delivered, in pages of friends. */
  async sweep(): Promise<number> {
    let settled = 0;
    let after = 0;
    for (;;) {
      const waiting = await this.repo.waiting(after, SWEEP_BATCH);
      if (waiting.length === 0) return settled;
      after = waiting[waiting.length - 1] ?? after;
      const delivered = await this.people.firstDeliveredOf(waiting);
      for (const friendUserId of delivered.keys()) {
        const outcome = await this.settle(friendUserId);
        if (outcome === 'rewarded' || outcome === 'no_reward') settled += 1;
      }
    }
  }
}

/** Thrown inside a transaction to undo it and answer nothing written. */
class AlreadyJoined extends Error {}
