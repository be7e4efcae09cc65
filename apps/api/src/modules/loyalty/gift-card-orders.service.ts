import { longDayText } from '@spesa/shared/format/day';
import { formatCents } from '@spesa/shared/format/price';
import { createHash } from 'node:crypto';
import type {
  AdminGiftCardOrder,
  AdminGiftCardOrderDetail,
  AdminGiftCardOrderListQuery,
  GiftCardReceipt,
  GiftCardRequestBody,
} from '@spesa/shared/contracts/gift-card-orders';
import {
  GIFT_CARD_ORDER_STATE_LABEL,
  GIFT_CARD_ORDER_TRANSITIONS,
  GIFT_CARD_PROGRAMME,
  canMoveGiftCardOrder,
  deliveryInfoDueAt,
  expectedDeliveryDay,
  giftCardRequestNumber,
  giftCardTotals,
  isGiftCardOrderLate,
  type GiftCardOrderState,
} from '@spesa/shared/loyalty/gift-card-partners';
import type { Db } from '../../db/client';
import { failWith, fieldFail, ok, type Result } from '../../lib/result';
import { romeNow, TIME_ZONE } from '../../lib/rome-time';
import type { GiftCardOrderRow, GiftCardOrdersRepository } from './gift-card-orders.repository';
import { GIFT_CARD_ORDER_INFO_TEXT, GIFT_CARD_ORDER_TEXT } from './loyalty.messages';
import type { WalletStaff } from './wallet.service';
import { wireInstant } from '../../db/wire-time';

/** What the gift-card e-mails say (the mail module's `gift-card-order` template renders it). */
export interface GiftCardMail {
  kind: 'received' | 'staff' | 'confirmed';
  firstName: string;
  requestNumber: string;
  companyName: string;
  lines: string[];
  goods: string;
  discount: string | null;
  invoice: string;
  infoBy: string;
  deliveryDay: string;
  note: string | null;
}

/** The mail module's outbox, in the caller's transaction (the mail commits with the request). */
export interface GiftCardMailPort {
  send(to: string, mail: GiftCardMail, db: Db): Promise<unknown>;
}

/** The back office's audit log (resource `gift-card-orders`). */
export interface GiftCardAuditPort {
  record(
    e: { staff: WalletStaff; action: string; orderId: number; before: unknown; after: unknown },
    db: Db,
  ): Promise<void>;
}

const euros = (cents: number) => cents / 100;
const dayText = longDayText;
const instantText = (at: Date) =>
  new Intl.DateTimeFormat('it-IT', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: TIME_ZONE,
  }).format(at);

/** What the request is, for the fingerprint: the same key with the same data is the same request. */
const fingerprintOf = (body: Omit<GiftCardRequestBody, 'requestKey'>) =>
  createHash('sha256').update(JSON.stringify(body)).digest('hex');

const numberOf = (row: GiftCardOrderRow) =>
  giftCardRequestNumber(row.giftCardOrderId, romeNow(row.receivedAt).date);

const linesOf = (row: GiftCardOrderRow) =>
  row.lines.map((l) => ({ value: l.value, quantity: l.quantity, total: l.value * l.quantity }));

function receiptOf(row: GiftCardOrderRow): GiftCardReceipt {
  return {
    requestNumber: numberOf(row),
    state: row.state,
    companyName: row.companyName,
    email: row.email,
    lines: linesOf(row),
    cards: row.cards,
    goodsTotal: euros(row.goodsCents),
    discount: euros(row.discountCents),
    invoiceTotal: euros(row.invoiceCents),
    discountPercent: GIFT_CARD_PROGRAMME.discountBasisPoints / 100,
    receivedAt: wireInstant(row.receivedAt, 'milliseconds'),
    deliveryInfoBy: wireInstant(deliveryInfoDueAt(row.receivedAt), 'milliseconds'),
    expectedDeliveryDate: row.expectedDeliveryDate,
  };
}

/** The audit log keeps the state and the totals, not the company's contact data. */
const auditedOf = (row: GiftCardOrderRow) => ({
  state: row.state,
  requestNumber: numberOf(row),
  goodsCents: row.goodsCents,
});

/**
 * The gift-card partner programme (decision 044): a company's request (totals and the 3 % discount
 * computed here, in cents, from the shared rules; the promise of 48 hours and 7 working days; the e-mails to
 * the company and to the corporate desk in the same transaction), and customer service's follow-up.
 */
export class GiftCardOrdersService {
  constructor(
    private readonly db: Db,
    private readonly repo: GiftCardOrdersRepository,
    private readonly mail: GiftCardMailPort,
    private readonly audit: GiftCardAuditPort,
    private readonly opts: { deskEmail: string; now: () => Date },
  ) {}

  /** POST /loyalty/gift-card-orders: one request per key; the same key again answers the stored request. */
  async send(body: GiftCardRequestBody): Promise<Result<GiftCardReceipt>> {
    const { requestKey, privacyAccepted: _accepted, ...form } = body;
    const lines = form.lines.filter((l) => l.quantity > 0).sort((a, b) => a.value - b.value);
    const fingerprint = fingerprintOf({ ...form, lines, privacyAccepted: true });
    const earlier = await this.repo.byKey(requestKey);
    if (earlier) return this.#repeated(earlier, fingerprint);
    const totals = giftCardTotals(lines);
    const now = this.opts.now();
    return this.db.transaction(async (tx) => {
      const row = await this.repo.insert(
        {
          requestKey,
          fingerprint,
          state: 'received',
          ...form,
          lines,
          cards: totals.cards,
          goodsCents: totals.goodsCents,
          discountCents: totals.discountCents,
          invoiceCents: totals.invoiceCents,
          privacyAcceptedAt: now,
          receivedAt: now,
          expectedDeliveryDate: expectedDeliveryDay(romeNow(now).date),
        },
        tx,
      );
      // two sends of one key at once: the other one is stored, answer it
      if (!row) {
        const stored = await this.repo.byKey(requestKey, tx);
        if (!stored) throw new Error('a request key conflicted with no stored request');
        return this.#repeated(stored, fingerprint);
      }
      const mail = this.#mailOf(row);
      await this.mail.send(row.email, { ...mail, kind: 'received', firstName: row.contactName }, tx);
      await this.mail.send(this.opts.deskEmail, { ...mail, kind: 'staff', firstName: '' }, tx);
      return ok(receiptOf(row), [GIFT_CARD_ORDER_INFO_TEXT.received(numberOf(row))]);
    });
  }

  #repeated(row: GiftCardOrderRow, fingerprint: string): Result<GiftCardReceipt> {
    if (row.fingerprint !== fingerprint) return fieldFail('requestKey', GIFT_CARD_ORDER_TEXT.keyReused);
    return ok(receiptOf(row), [GIFT_CARD_ORDER_INFO_TEXT.received(numberOf(row))]);
  }

  #mailOf(row: GiftCardOrderRow): Omit<GiftCardMail, 'kind' | 'firstName'> {
    return {
      requestNumber: numberOf(row),
      companyName: row.companyName,
      lines: row.lines.map((l) => `${l.quantity} × gift card da ${l.value} €`),
      goods: formatCents(row.goodsCents),
      discount: row.discountCents > 0 ? formatCents(row.discountCents) : null,
      invoice: formatCents(row.invoiceCents),
      infoBy: `entro ${instantText(deliveryInfoDueAt(row.receivedAt))}`,
      deliveryDay: dayText(row.expectedDeliveryDate),
      note: row.staffNote,
    };
  }

  #adminOf(row: GiftCardOrderRow): AdminGiftCardOrder {
    return {
      id: row.giftCardOrderId,
      requestNumber: numberOf(row),
      state: row.state,
      late: isGiftCardOrderLate(row.state, row.receivedAt, this.opts.now()),
      companyName: row.companyName,
      vatNumber: row.vatNumber,
      contactName: row.contactName,
      email: row.email,
      phone: row.phone,
      city: row.city,
      province: row.province,
      cards: row.cards,
      goodsTotal: euros(row.goodsCents),
      discount: euros(row.discountCents),
      invoiceTotal: euros(row.invoiceCents),
      receivedAt: wireInstant(row.receivedAt, 'milliseconds'),
      deliveryInfoBy: wireInstant(deliveryInfoDueAt(row.receivedAt), 'milliseconds'),
      expectedDeliveryDate: row.expectedDeliveryDate,
    };
  }

  #detailOf(row: GiftCardOrderRow): AdminGiftCardOrderDetail {
    return {
      ...this.#adminOf(row),
      fiscalCode: row.fiscalCode,
      sdiCode: row.sdiCode,
      pec: row.pec,
      address1: row.address1,
      addressNumber: row.addressNumber,
      postalCode: row.postalCode,
      notes: row.notes,
      lines: linesOf(row),
      staffNote: row.staffNote,
      confirmedAt: row.confirmedAt ? wireInstant(row.confirmedAt, 'milliseconds') : null,
      deliveredAt: row.deliveredAt ? wireInstant(row.deliveredAt, 'milliseconds') : null,
      cancelledAt: row.cancelledAt ? wireInstant(row.cancelledAt, 'milliseconds') : null,
      nextStates: [...GIFT_CARD_ORDER_TRANSITIONS[row.state]],
    };
  }

  /** The back office's list, newest first; `late=true`: still received after the 48 hours. */
  async list(q: AdminGiftCardOrderListQuery): Promise<Result<{ data: AdminGiftCardOrder[]; total: number }>> {
    const lateBefore =
      q.late === undefined
        ? undefined
        : {
            before: new Date(this.opts.now().getTime() - GIFT_CARD_PROGRAMME.deliveryInfoHours * 3_600_000),
            late: q.late === 'true',
          };
    const { rows, total } = await this.repo.list(
      { state: q.state, lateBefore },
      q.perPage,
      (q.page - 1) * q.perPage,
    );
    return ok({ data: rows.map((r) => this.#adminOf(r)), total });
  }

  async detail(id: number): Promise<Result<{ data: AdminGiftCardOrderDetail }>> {
    const row = await this.repo.byId(id);
    if (!row) return failWith(GIFT_CARD_ORDER_TEXT.notFound, 'notFound');
    return ok({ data: this.#detailOf(row) });
  }

  /**
   * One step along GIFT_CARD_ORDER_TRANSITIONS (audited). Confirming needs the delivery information, which
   * is e-mailed to the company with the move.
   */
  async move(
    member: WalletStaff,
    id: number,
    to: GiftCardOrderState,
    note: string,
  ): Promise<Result<{ data: AdminGiftCardOrderDetail }>> {
    if (to === 'confirmed' && note.length < 3)
      return fieldFail('note', GIFT_CARD_ORDER_TEXT.deliveryInfoRequired);
    return this.db.transaction(async (tx) => {
      const before = await this.repo.byId(id, tx);
      if (!before) return failWith(GIFT_CARD_ORDER_TEXT.notFound, 'notFound');
      if (!canMoveGiftCardOrder(before.state, to)) return failWith(GIFT_CARD_ORDER_TEXT.stateNotAllowed);
      const after = await this.repo.move(
        id,
        [before.state],
        to,
        {
          at: this.opts.now(),
          note: note || null,
          staffUserId: member.userId,
        },
        tx,
      );
      // another member moved it meanwhile
      if (!after) return failWith(GIFT_CARD_ORDER_TEXT.stateNotAllowed);
      if (to === 'confirmed')
        await this.mail.send(
          after.email,
          { ...this.#mailOf(after), kind: 'confirmed', firstName: after.contactName },
          tx,
        );
      await this.audit.record(
        {
          staff: member,
          action: to,
          orderId: id,
          before: auditedOf(before),
          after: { ...auditedOf(after), ...(note ? { noteLength: note.length } : {}) },
        },
        tx,
      );
      return ok({ data: this.#detailOf(after) }, [
        GIFT_CARD_ORDER_INFO_TEXT.moved(numberOf(after), GIFT_CARD_ORDER_STATE_LABEL[to].toLowerCase()),
      ]);
    });
  }
}
