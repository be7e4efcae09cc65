import { createHash, timingSafeEqual } from 'node:crypto';
import {
  DIGITAL_RECEIPT_MONTHS,
  RECEIPT_FILTER_MAX_DAYS,
  RECEIPTS_PAGE_SIZE,
  type ReceiptDetail,
  type ReceiptList,
  type ReceiptSettings,
  type ReceiptSettingsBody,
  type ReceiptSummary,
  type TaxfreeList,
  type TaxfreeListQuery,
  type TillReceiptAnswer,
  type TillReceiptBody,
  type VoucherMode,
} from '@spesa/shared/contracts/receipts';
import { TZDate } from '@date-fns/tz';
import type { Db } from '../../db/client';
import { failWith, ok, type Result } from '../../lib/result';
import { romeNow, TIME_ZONE } from '../../lib/rome-time';
import { RECEIPTS_TEXT } from './receipts.messages';
import type {
  DayRange,
  NewReceipt,
  ReceiptLineRow,
  ReceiptRow,
  ReceiptsRepository,
  SettingsRow,
} from './receipts.repository';
import { addDays } from '@spesa/shared/time/rome';

/** The scheduled job applying the digital receipt / voucher mode changes whose time has come. */
export const RECEIPT_SETTINGS_JOB = 'receipts.apply-settings';
export const RECEIPT_SETTINGS_MS = 15 * 60_000;
/** The daily job deleting digital receipts older than 6 months (spec sections 1 and 9). */
export const RECEIPT_RETENTION_JOB = 'receipts.retention';
export const RECEIPT_RETENTION_MS = 24 * 60 * 60_000;
const RETENTION_BATCH = 1000;

/** The chain's "partita IVA", printed on every document (one company runs every store). */
export const CHAIN_VAT_NUMBER = '12345678903';
/** The till system of online orders' receipts. */
export const ONLINE_SYSTEM = 'online';

/** What the receipts module asks of the account module's loyalty cards (wired in app.ts). */
export interface ReceiptCardsPort {
  /** the customer's card, null: none */
  cardOf(userId: number): Promise<string | null>;
  /** the account holding a card, null: none */
  holderOf(cardNumber: string, db: Db): Promise<number | null>;
}

/** A delivered online order's facts for its receipt (the orders module's, wired in app.ts). */
export interface OrderReceiptFacts {
  orderId: number;
  userId: number;
  warehouseId: number;
  paymentTypeId: number;
  deliveryFeeCents: number;
  packagingCents: number;
  /** the discounts taken from the goods (gift certificates, wallet excluded: it is a payment) */
  discountCents: number;
  /** the service cost of the meal vouchers collected (decision 047); 0 without vouchers */
  mealVoucherFeeCents: number;
  lines: Array<{
    productId: number;
    name: string;
    quantity: number;
    unitPriceCents: number;
    amountCents: number;
  }>;
}
export interface OrderReceiptsPort {
  factsOf(orderId: number, db: Db): Promise<OrderReceiptFacts | null>;
}

/**
 * Told when a digital receipt becomes available for a customer (the notifications module's, wired by the
 * lead); called in the transaction that wrote the receipt. Optional: nothing happens without it.
 */
export interface ReceiptNotificationsPort {
  receiptAvailable(
    receipt: { userId: number; receiptId: number; issuedAt: string; storeName: string; totalCents: number },
    tx: Db,
  ): Promise<void>;
}

/** An authenticated till system and its store (name and address printed on the receipts). */
export interface TillSystem {
  systemId: string;
  warehouseId: number;
  store: { name: string; address: string } | null;
}

/** An order's status change, as the orders module announces it. */
export interface OrderStatusEvent {
  orderId: number;
  to: number;
}

const euro = (cents: number) => Math.round(cents) / 100;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** a card number shown masked: "•••• 1234" */
export const maskCard = (card: string | null) => (card ? `•••• ${card.slice(-4)}` : null);

const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** the instant `months` before `now` (the same day of the month, or the month's last) */
export function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** VAT included in an amount at a rate: the amount less its taxable part (rounded to the cent). */
export function vatOf(amountCents: number, rate: number): { taxable: number; tax: number } {
  const taxable = Math.round((amountCents * 100) / (100 + rate));
  return { taxable, tax: amountCents - taxable };
}

/** The VAT summary of a receipt's lines, by rate (cents). */
export function vatSummary(lines: ReadonlyArray<Pick<ReceiptLineRow, 'amountCents' | 'vatRate'>>) {
  const byRate = new Map<number, number>();
  for (const l of lines) byRate.set(l.vatRate, (byRate.get(l.vatRate) ?? 0) + l.amountCents);
  return [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, amount]) => ({ rate, amount, ...vatOf(amount, rate) }));
}

/** The settings in force at `now` (a pending change whose time has come is in force, job or not). */
export function effectiveSettings(row: SettingsRow | null, now: Date) {
  if (!row) return { digitalReceipt: false, voucherMode: 'paper' as VoucherMode, pending: null };
  const due = row.pendingFrom !== null && row.pendingFrom.getTime() <= now.getTime();
  if (due)
    return {
      digitalReceipt: row.pendingDigitalReceipt ?? row.digitalReceipt,
      voucherMode: row.pendingVoucherMode ?? row.voucherMode,
      pending: null,
    };
  return {
    digitalReceipt: row.digitalReceipt,
    voucherMode: row.voucherMode,
    pending:
      row.pendingFrom && row.pendingDigitalReceipt !== null && row.pendingVoucherMode !== null
        ? {
            digitalReceipt: row.pendingDigitalReceipt,
            voucherMode: row.pendingVoucherMode,
            effectiveAt: row.pendingFrom.toISOString(),
          }
        : null,
  };
}

/** the payment method printed on an online order's receipt, by payment type (spec: 1, 2, 11, 12, 24, 100) */
const onlinePaymentMethod = (paymentTypeId: number) =>
  paymentTypeId === 2 || paymentTypeId === 100 ? 'other' : 'online';

/**
 * Receipts (issue 22, decision 046): the customer's receipts (in store through the loyalty card, online
 * when an order is delivered), their PDF, the digital receipt service and voucher mode (a change takes effect
 * at the next Italian midnight, within 24 hours), tax-free refunds, and the tills' ingestion.
 */
export class ReceiptsService {
  constructor(
    private readonly db: Db,
    private readonly repo: ReceiptsRepository,
    private readonly cards: ReceiptCardsPort,
    private readonly orders: OrderReceiptsPort,
    private readonly deps: {
      now: () => Date;
      notifications?: ReceiptNotificationsPort;
      /** when set, a change takes effect this long after it is asked (journeys); otherwise at midnight */
      switchDelayMs?: number;
    },
  ) {}

  // ---------- dates ----------
  /** a date filter checked: not reversed, at most a year, not before 2000, not starting in the future */
  private range(from: string | undefined, to: string | undefined): Result<DayRange> {
    const today = romeNow(this.deps.now()).date;
    for (const d of [from, to])
      if (d !== undefined && d < '2000-01-01') return failWith(RECEIPTS_TEXT.dateTooOld, 'validation');
    if (from !== undefined && from > today) return failWith(RECEIPTS_TEXT.dateInFuture, 'validation');
    if (from !== undefined && to !== undefined) {
      if (from > to) return failWith(RECEIPTS_TEXT.datesReversed, 'validation');
      if (daysBetween(from, to) >= RECEIPT_FILTER_MAX_DAYS)
        return failWith(RECEIPTS_TEXT.rangeTooLong, 'validation');
    }
    return ok({ from: from ?? null, to: to ?? null });
  }

  // ---------- the customer's receipts ----------
  private summary(r: ReceiptRow): ReceiptSummary {
    return {
      receiptId: r.receiptId,
      source: r.source,
      documentNumber: r.documentNumber,
      issuedAt: r.issuedAt,
      storeName: r.storeName,
      total: euro(r.totalCents),
      itemCount: r.itemCount,
      digital: r.digital,
      orderId: r.orderId,
    };
  }

  /** GET /receipts/list: newest first, paged, filtered by Italian days. */
  async list(
    userId: number,
    q: { page?: number; page_size?: number; from_date?: string; to_date?: string },
  ): Promise<Result<ReceiptList>> {
    const range = this.range(q.from_date, q.to_date);
    if (!range.ok) return range;
    const size = q.page_size ?? RECEIPTS_PAGE_SIZE;
    const page = q.page ?? 1;
    const [total, rows] = await Promise.all([
      this.repo.countOf(userId, range.data),
      this.repo.pageOf(userId, range.data, size, (page - 1) * size),
    ]);
    return ok({
      receipts: rows.map((r) => this.summary(r)),
      page: {
        selPage: page,
        totPages: Math.max(1, Math.ceil(total / size)),
        totItems: total,
        itemsPerPage: size,
      },
    });
  }

  /** One receipt in full (another customer's: not found); userId null: customer service's read. */
  async detail(userId: number | null, receiptId: number): Promise<Result<ReceiptDetail>> {
    const r = await this.repo.find(receiptId, userId);
    if (!r) return failWith(RECEIPTS_TEXT.notFound, 'notFound');
    const lines = await this.repo.linesOf(r.receiptId);
    const vat = vatSummary(lines);
    const keptUntil = r.digital
      ? romeNow(new Date(monthsBefore(new Date(r.issuedAt), -DIGITAL_RECEIPT_MONTHS))).date
      : null;
    return ok({
      ...this.summary(r),
      tillCode: r.tillCode,
      storeVatNumber: r.storeVatNumber,
      storeAddress: r.storeAddress,
      cardNumber: maskCard(r.cardNumber),
      paymentMethod: r.paymentMethod as ReceiptDetail['paymentMethod'],
      lines: lines.map((l) => ({
        description: l.description,
        quantity: l.quantity,
        unitPrice: euro(l.unitPriceCents),
        amount: euro(l.amountCents),
        vatRate: l.vatRate,
      })),
      vat: vat.map((v) => ({ rate: v.rate, taxable: euro(v.taxable), tax: euro(v.tax) })),
      vatTotal: euro(r.vatCents),
      keptUntil,
    });
  }

  /** a customer's receipts for customer service (newest first) */
  async ofCustomer(userId: number, limit: number, offset: number) {
    const range = { from: null, to: null };
    const [total, rows] = await Promise.all([
      this.repo.countOf(userId, range),
      this.repo.pageOf(userId, range, limit, offset),
    ]);
    return { total, rows: rows.map((r) => ({ ...this.summary(r), userId })) };
  }

  // ---------- settings ----------
  /** when a change asked now takes effect: the next Italian midnight (or after the configured delay) */
  private effectiveFrom(now: Date): Date {
    if (this.deps.switchDelayMs !== undefined) return new Date(now.getTime() + this.deps.switchDelayMs);
    const [y, m, d] = addDays(romeNow(now).date, 1).split('-').map(Number) as [number, number, number];
    return new Date(new TZDate(y, m - 1, d, 0, 0, 0, TIME_ZONE).getTime());
  }

  async settings(userId: number): Promise<Result<ReceiptSettings>> {
    const [row, card] = await Promise.all([this.repo.settingsOf(userId), this.cards.cardOf(userId)]);
    return ok({ ...effectiveSettings(row, this.deps.now()), cardNumber: maskCard(card) });
  }

  /** POST /receipts/settings: the change is recorded now and takes effect within 24 hours. */
  async changeSettings(userId: number, body: ReceiptSettingsBody): Promise<Result<ReceiptSettings>> {
    const card = await this.cards.cardOf(userId);
    if (!card) return failWith(RECEIPTS_TEXT.noCard);
    const now = this.deps.now();
    const current = effectiveSettings(await this.repo.settingsOf(userId), now);
    const base = current.pending ?? current;
    const wanted = {
      digitalReceipt: body.digitalReceipt ?? base.digitalReceipt,
      voucherMode: body.voucherMode ?? base.voucherMode,
    };
    await this.repo.requestChange(userId, wanted, this.effectiveFrom(now), now);
    return this.settings(userId);
  }

  /** the job: writes the changes whose time has come (reads already use them; this keeps the rows simple) */
  async applyDueSettings(): Promise<number> {
    return this.repo.applyDue(this.deps.now());
  }

  /** the daily job: deletes digital receipts older than 6 months, in batches */
  async deleteExpiredDigital(): Promise<number> {
    const before = monthsBefore(this.deps.now(), DIGITAL_RECEIPT_MONTHS);
    let deleted = 0;
    for (;;) {
      const n = await this.repo.deleteDigitalBefore(before, RETENTION_BATCH);
      deleted += n;
      if (n < RETENTION_BATCH) return deleted;
    }
  }

  // ---------- tax-free refunds ----------
  /** GET /taxfree/list: the customer's refunds between two days (default: the last 12 months). */
  async taxfree(userId: number, q: TaxfreeListQuery): Promise<Result<TaxfreeList>> {
    const today = romeNow(this.deps.now()).date;
    const end =
      q.end_date ?? (q.start_date && addDays(q.start_date, 365) < today ? addDays(q.start_date, 365) : today);
    const start = q.start_date ?? addDays(end, -365);
    const range = this.range(start, end);
    if (!range.ok) return range;
    const rows = await this.repo.taxfreeOf(userId, start, end);
    return ok({
      startDate: start,
      endDate: end,
      refunds: rows.map((r) => ({
        status: r.status,
        invoiceNumber: r.invoiceNumber,
        date: r.issuedOn,
        amount: euro(r.amountCents),
        pointOfSale: r.pointOfSale,
      })),
    });
  }

  // ---------- the tills ----------
  /** the till system named, when its secret matches (null: unknown, inactive or a wrong secret) */
  async authenticate(systemId: string, secret: string): Promise<TillSystem | null> {
    const system = await this.repo.tillSystem(systemId);
    const given = Buffer.from(sha256(secret), 'hex');
    const stored = Buffer.from(system?.secretHash ?? sha256('no system'), 'hex');
    const same = given.length === stored.length && timingSafeEqual(given, stored);
    return system && system.active && same
      ? { systemId: system.systemId, warehouseId: system.warehouseId, store: system.store }
      : null;
  }

  /**
   * POST /receipts/till/ingest: one till document, written once per (system, till, number); the answer tells
   * the till whether to print paper (the card holder's digital receipt service in force) and the voucher mode.
   */
  async ingest(system: TillSystem, body: TillReceiptBody): Promise<Result<TillReceiptAnswer>> {
    const sum = body.lines.reduce((s, l) => s + l.amountCents, 0);
    if (sum !== body.totalCents) return failWith(RECEIPTS_TEXT.totalMismatch, 'validation');
    const now = this.deps.now();
    const card = body.cardNumber ?? null;
    const replay = async (): Promise<Result<TillReceiptAnswer>> => {
      const found = await this.repo.findDocument(
        system.systemId,
        body.tillCode,
        body.documentNumber,
        this.db,
      );
      if (!found) throw new Error('receipt neither written nor found');
      if (found.totalCents !== body.totalCents) return failWith(RECEIPTS_TEXT.documentConflict);
      const s =
        found.userId === null ? null : effectiveSettings(await this.repo.settingsOf(found.userId), now);
      return ok({
        receiptId: found.receiptId,
        duplicate: true,
        printPaper: !found.digital,
        voucherMode: s?.voucherMode ?? 'paper',
        customerLinked: found.userId !== null,
      });
    };
    // a replayed document is found by the insert's unique index, then answered by `replay`
    const store = system.store;
    const lines = body.lines.map((l) => ({
      description: l.description,
      productId: l.productId ?? null,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      amountCents: l.amountCents,
      vatRate: l.vatRate,
    }));
    const userId = card ? await this.cards.holderOf(card, this.db) : null;
    const s = userId === null ? null : effectiveSettings(await this.repo.settingsOf(userId), now);
    const digital = s?.digitalReceipt ?? false;
    const receipt: NewReceipt = {
      source: 'store',
      systemId: system.systemId,
      tillCode: body.tillCode,
      documentNumber: body.documentNumber,
      issuedAt: new Date(body.issuedAt),
      warehouseId: system.warehouseId,
      storeName: store?.name ?? `Punto vendita ${system.warehouseId}`,
      storeVatNumber: CHAIN_VAT_NUMBER,
      storeAddress: store?.address ?? '',
      cardNumber: card,
      userId,
      orderId: null,
      totalCents: body.totalCents,
      vatCents: vatSummary(lines).reduce((t, v) => t + v.tax, 0),
      paymentMethod: body.paymentMethod,
      digital,
      lines,
    };
    // the receipt and its lines are one statement; a digital one and its message share a transaction
    const receiptId =
      userId !== null && digital
        ? await this.db.transaction(async (tx) => {
            const id = await this.repo.insert(receipt, tx);
            if (id !== null) await this.available(userId, id, receipt, tx);
            return id;
          })
        : await this.repo.insert(receipt, this.db);
    const written =
      receiptId === null
        ? null
        : {
            receiptId,
            duplicate: false,
            printPaper: !digital,
            voucherMode: s?.voucherMode ?? ('paper' as VoucherMode),
            customerLinked: userId !== null,
          };
    return written ? ok(written) : replay();
  }

  private async available(userId: number, receiptId: number, r: NewReceipt, tx: Db): Promise<void> {
    await this.deps.notifications?.receiptAvailable(
      {
        userId,
        receiptId,
        issuedAt: r.issuedAt.toISOString(),
        storeName: r.storeName,
        totalCents: r.totalCents,
      },
      tx,
    );
  }

  /**
   * A loyalty card linked to an account later than its first purchases (the loyalty module's listener, in the
   * link's transaction): the receipts the tills sent with that card, which no account held, become the
   * customer's. Answers how many.
   */
  cardLinked(userId: number, cardNumber: string, tx: Db): Promise<number> {
    return this.repo.claimCard(userId, cardNumber, tx);
  }

  // ---------- online orders ----------
  /**
   * The status listener: a delivered (or partly delivered) order gets its receipt, in the status change's
   * transaction; an order that has one already gets nothing new (the unique order index).
   */
  async onOrderDelivered(event: OrderStatusEvent, tx: Db): Promise<void> {
    const facts = await this.orders.factsOf(event.orderId, tx);
    if (!facts) return;
    const now = this.deps.now();
    const rates = await this.repo.vatRatesOf(
      facts.lines.map((l) => l.productId),
      tx,
    );
    const lines: Array<Omit<ReceiptLineRow, 'lineNo'>> = facts.lines.map((l) => ({
      description: l.name,
      productId: l.productId,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      amountCents: l.amountCents,
      vatRate: rates.get(l.productId) ?? 22,
    }));
    // a discount on the goods is shared among the VAT rates in proportion to their amounts
    if (facts.discountCents > 0) {
      const goods = vatSummary(lines);
      const goodsTotal = goods.reduce((t, g) => t + g.amount, 0);
      let left = facts.discountCents;
      goods.forEach((g, i) => {
        const part =
          i === goods.length - 1 ? left : Math.round((facts.discountCents * g.amount) / goodsTotal);
        left -= part;
        if (part !== 0)
          lines.push({
            description: `Sconto buono (IVA ${g.rate}%)`,
            productId: null,
            quantity: 1,
            unitPriceCents: -part,
            amountCents: -part,
            vatRate: g.rate,
          });
      });
    }
    if (facts.deliveryFeeCents > 0)
      lines.push({
        description: 'Spese di consegna',
        productId: null,
        quantity: 1,
        unitPriceCents: facts.deliveryFeeCents,
        amountCents: facts.deliveryFeeCents,
        vatRate: 22,
      });
    if (facts.packagingCents > 0)
      lines.push({
        description: 'Buste e imballaggi',
        productId: null,
        quantity: 1,
        unitPriceCents: facts.packagingCents,
        amountCents: facts.packagingCents,
        vatRate: 22,
      });
    if (facts.mealVoucherFeeCents > 0)
      lines.push({
        description: 'Costo del servizio buoni pasto',
        productId: null,
        quantity: 1,
        unitPriceCents: facts.mealVoucherFeeCents,
        amountCents: facts.mealVoucherFeeCents,
        vatRate: 22,
      });
    const s = effectiveSettings(await this.repo.settingsOf(facts.userId, tx), now);
    const store = await this.repo.storeOf(facts.warehouseId, tx);
    const total = lines.reduce((t, l) => t + l.amountCents, 0);
    const receipt: NewReceipt = {
      source: 'online',
      systemId: ONLINE_SYSTEM,
      tillCode: 'WEB',
      documentNumber: `W-${facts.orderId}`,
      issuedAt: now,
      warehouseId: facts.warehouseId,
      storeName: store?.name ?? `Punto vendita ${facts.warehouseId}`,
      storeVatNumber: CHAIN_VAT_NUMBER,
      storeAddress: store?.address ?? '',
      cardNumber: null,
      userId: facts.userId,
      orderId: facts.orderId,
      totalCents: Math.max(0, total),
      vatCents: Math.max(
        0,
        vatSummary(lines).reduce((t, v) => t + v.tax, 0),
      ),
      paymentMethod: onlinePaymentMethod(facts.paymentTypeId),
      digital: s.digitalReceipt,
      lines,
    };
    const receiptId = await this.repo.insert(receipt, tx);
    if (receiptId !== null && receipt.digital) await this.available(facts.userId, receiptId, receipt, tx);
  }
}

export const hashTillSecret = sha256;
