import { lineTotalCents } from '@spesa/shared/cart/quantity';
import { paysOnline } from '@spesa/shared/checkout/payment-types';
import { mealVoucherDeclarationOf, settleMealVouchers } from '@spesa/shared/checkout/meal-vouchers';
import {
  STAFF_DELIVERY_STEPS,
  type StaffOrder,
  type StaffOrderSummary,
  type StaffPickBody,
  type StaffStatusBody,
  type StaffSubstitute,
} from '@spesa/shared/contracts/admin-orders';
import {
  canTransition,
  nextStatuses,
  ORDER_STATUS,
  orderStatusLabel,
  type OrderStatusId,
} from '@spesa/shared/orders/order-status';
import type { Db } from '../../db/client';
import { Abort, failWith, ok, type Failure, type Result } from '../../lib/result';
import { romeNow } from '../../lib/rome-time';
import type { PaymentProvider } from '../payment/payment-provider';
import { ORDER_STATUS_TEXT, type OrderStatusService } from './order-status.service';
import { captureRefusal, formatEuro, ORDERS_INFO_TEXT, ORDERS_TEXT } from './orders.messages';
import type { OrderRow, OrdersRepository } from './orders.repository';
import type { OrdersService } from './orders.service';

/** The picking stage: lines are recorded only meanwhile. */
const PICKING: ReadonlySet<number> = new Set([ORDER_STATUS.preparing, ORDER_STATUS.inPreparation]);

/**
 * The real amount of a prepared order (decision 018): the delivered lines' total, less the gift discount
 * (never below zero), plus the delivery fee and the bags.
 */
export function realAmountCents(
  o: Pick<OrderRow, 'giftDiscountCents' | 'deliveryFeeCents' | 'packagingCents'>,
  deliveredItemsCents: number,
): number {
  return (
    Math.max(0, deliveredItemsCents - Math.min(o.giftDiscountCents, deliveredItemsCents)) +
    o.deliveryFeeCents +
    o.packagingCents
  );
}

/** The amount a capture may take: the real amount, capped at what is still authorised. */
export function captureAmountCents(
  realCents: number,
  auth: { amountCents: number; capturedCents: number },
): { cents: number; capped: boolean } {
  const available = Math.max(0, auth.amountCents - auth.capturedCents);
  return realCents > available ? { cents: available, capped: true } : { cents: realCents, capped: false };
}

/** A staff member signed in to the back office (backoffice's AdminMember has this shape). */
export interface StaffMember {
  userId: number;
  name: string;
  role: string;
  /** the stores they work for (empty: all) */
  warehouseIds: number[];
}

/** The product facts a substitution needs (the catalogue answers). */
export interface SubstitutePort {
  /** the product as the order's store sells it (null: unknown, not sold there or no longer sold) */
  productOf(
    productId: number,
    warehouseId: number,
  ): Promise<{ productId: number; name: string; brand: string; format: string; priceCents: number } | null>;
  /**
   * Products on sale at the store that may replace `productId`, nearest first (its shelf, price, content,
   * brand), or those matching `q`, its shelf's first; at most `limit`
   */
  candidates(
    productId: number,
    warehouseId: number,
    q: string | undefined,
    limit: number,
  ): Promise<Array<{ productId: number; name: string; brand: string; format: string; priceCents: number }>>;
}

/** The back office's audit log (the backoffice module owns it): one entry per write, in the write's transaction. */
export interface AuditPort {
  record(
    entry: { staff: StaffMember; action: string; orderId: number; before: unknown; after: unknown },
    db: Db,
  ): Promise<void>;
}

/** The wallet (the loyalty module): gives back, in the caller's transaction, the part of an order not delivered. */
export interface WalletReturnPort {
  returnOrderPart(orderId: number, cents: number, db: Db): Promise<number>;
}

/**
 * How a prepared order's real amount is paid (decision 039): the wallet keeps at most the real amount and
 * gives the rest of its part back; what is left goes to the payment type.
 */
export function settleWithWallet(
  realCents: number,
  walletCents: number,
): { walletKeptCents: number; walletBackCents: number; restCents: number } {
  const walletKeptCents = Math.min(walletCents, realCents);
  return {
    walletKeptCents,
    walletBackCents: walletCents - walletKeptCents,
    restCents: realCents - walletKeptCents,
  };
}

type OrderAnswer = Result<{ data: StaffOrder }>;

class Rollback extends Error {
  constructor(readonly failure: Failure) {
    super(failure.code);
  }
}

/**
 * Picking and delivery by staff (decision 018). Every status change goes through OrderStatusService (the
 * shared transition table, actor 'staff', history); picked lines keep the ordered side untouched; marking
 * an order prepared computes the real amount from the delivered lines and captures it through the payment
 * provider, never above the authorisation.
 */
export class StaffService {
  constructor(
    private readonly db: Db,
    private readonly repo: OrdersRepository,
    private readonly orders: OrdersService,
    private readonly status: OrderStatusService,
    private readonly providerFor: (name: string) => PaymentProvider | null,
    private readonly substitutes: SubstitutePort,
    private readonly audit: AuditPort,
    private readonly now: () => Date,
    private readonly wallet: WalletReturnPort,
  ) {}

  private async orderFor(staff: StaffMember, orderId: number, db: Db = this.db): Promise<OrderRow | null> {
    const o = await this.repo.findOrder(orderId, null, db);
    if (!o) return null;
    if (staff.warehouseIds.length > 0 && !staff.warehouseIds.includes(o.warehouseId)) return null;
    return o;
  }

  /**
   * GET /admin/orders: a day's orders of the member's stores, by time window. Without a day: the first day
   * with orders from today in Italy on (today when there is none), so the list does not open empty on a
   * quiet day while tomorrow's orders wait.
   */
  async list(
    staff: StaffMember,
    q: {
      date?: string | undefined;
      timeslotId?: number | undefined;
      warehouseId?: number | undefined;
      page: number;
      perPage: number;
    },
  ): Promise<Result<{ data: StaffOrderSummary[]; total: number }>> {
    let warehouseIds = staff.warehouseIds;
    if (q.warehouseId !== undefined)
      warehouseIds =
        warehouseIds.length === 0 || warehouseIds.includes(q.warehouseId) ? [q.warehouseId] : [-1];
    const today = romeNow(this.now()).date;
    const date = q.date ?? (await this.repo.firstOrderDay(today, warehouseIds)) ?? today;
    const { rows, total } = await this.repo.staffList(
      { date, timeslotId: q.timeslotId, warehouseIds },
      q.perPage,
      (q.page - 1) * q.perPage,
    );
    return ok({
      total,
      data: rows.map((o) => ({
        id: o.orderId,
        orderId: o.orderId,
        orderStatusId: o.orderStatusId,
        orderStatusDescr: orderStatusLabel(o.orderStatusId),
        customerName: o.customerName,
        homeDelivery: o.deliveryServiceId === 2 || o.deliveryServiceId === 3,
        warehouseId: o.warehouseId,
        warehouseName: o.warehouseName,
        timeslot: { date: o.slotDate, timeslotId: o.timeslotId, beginTime: o.beginTime, endTime: o.endTime },
        totalItems: o.totalItems,
        pickedItems: o.pickedItems,
        grossTotal: o.totalCents / 100,
        prebilledAmount: o.preauthCents / 100,
        mealVoucherCount: mealVoucherDeclarationOf(o.infos.mealVouchers)?.count ?? 0,
        mealVoucherAmount: o.mealVoucherCents / 100,
        nextStatuses: nextStatuses(o.orderStatusId, 'staff'),
      })),
    });
  }

  /** GET /admin/orders/:id: the order as picking shows it. */
  async view(staff: StaffMember, orderId: number, db: Db = this.db): Promise<OrderAnswer> {
    const o = await this.orderFor(staff, orderId, db);
    if (!o) return failWith(ORDERS_TEXT.orderNotFound, 'notFound');
    const [order] = await this.orders.toWire([o], { withItems: true, showReplaced: true });
    if (!order) return failWith(ORDERS_TEXT.orderNotFound, 'notFound');
    return ok({ data: { ...order, id: o.orderId, nextStatuses: nextStatuses(o.orderStatusId, 'staff') } });
  }

  /** GET /admin/orders/:id/substitutes: what may replace a line (only when the customer accepted it). */
  async substituteCandidates(
    staff: StaffMember,
    orderId: number,
    orderItemId: number,
    q: string | undefined,
  ): Promise<Result<{ data: StaffSubstitute[] }>> {
    const o = await this.orderFor(staff, orderId);
    if (!o) return failWith(ORDERS_TEXT.orderNotFound, 'notFound');
    const line = (await this.repo.items([o.orderId])).find((i) => i.orderItemId === orderItemId);
    if (!line) return failWith(ORDERS_TEXT.itemNotFound, 'notFound');
    if (!line.acceptAlternatives) return failWith(ORDERS_TEXT.substituteNotAllowed);
    const found = await this.substitutes.candidates(line.productId, o.warehouseId, q, 20);
    // the substitute the customer named comes first, when the store still sells it (issue 20)
    const preferredId = Number(line.infos.preferred_substitute ?? '') || null;
    const preferred =
      preferredId !== null && !q ? await this.substitutes.productOf(preferredId, o.warehouseId) : null;
    const offer = (p: {
      productId: number;
      name: string;
      brand: string;
      format: string;
      priceCents: number;
    }) => ({
      productId: p.productId,
      name: p.name,
      brand: p.brand,
      format: p.format,
      price: Math.min(line.unitPriceCents, p.priceCents) / 100,
    });
    return ok({
      data: [
        ...(preferred ? [{ ...offer(preferred), preferred: true }] : []),
        ...found
          .filter((p) => p.productId !== line.productId && p.productId !== preferred?.productId)
          .map(offer),
      ],
    });
  }

  private async move(
    staff: StaffMember,
    orderId: number,
    to: OrderStatusId,
    note: string,
    info: string,
  ): Promise<OrderAnswer> {
    const o = await this.orderFor(staff, orderId);
    if (!o) return failWith(ORDERS_TEXT.orderNotFound, 'notFound');
    if (!canTransition(o.orderStatusId, to, 'staff')) return failWith(ORDER_STATUS_TEXT.notAllowed);
    const moved = await this.db.transaction(async (tx) => {
      const done = await this.status.transition(
        {
          orderId,
          from: o.orderStatusId,
          to,
          actor: 'staff',
          actorUserId: staff.userId,
          note,
        },
        tx,
      );
      if (done.ok)
        await this.audit.record(
          {
            staff,
            action: 'status',
            orderId,
            before: { orderStatusId: o.orderStatusId },
            after: { orderStatusId: to, ...(note ? { note } : {}) },
          },
          tx,
        );
      return done;
    });
    if (!moved.ok) return moved;
    const view = await this.view(staff, orderId);
    return view.ok ? ok(view.data, [info]) : view;
  }

  /** POST /admin/orders/:id/start: ordered / at the store / started by the warehouse -> picking. */
  startPreparation(staff: StaffMember, orderId: number) {
    return this.move(staff, orderId, ORDER_STATUS.preparing, '', ORDERS_INFO_TEXT.started);
  }

  /** POST /admin/orders/:id/status: the delivery steps after 'prepared'. */
  deliveryStep(staff: StaffMember, orderId: number, body: StaffStatusBody) {
    const to = STAFF_DELIVERY_STEPS[body.step];
    return this.move(
      staff,
      orderId,
      to,
      body.note ?? '',
      ORDERS_INFO_TEXT.statusChanged(orderStatusLabel(to)),
    );
  }

  /** POST /admin/orders/:id/pick: the delivered side of one line (quantity, real weight, substitute). */
  async pick(staff: StaffMember, orderId: number, body: StaffPickBody): Promise<OrderAnswer> {
    const o = await this.orderFor(staff, orderId);
    if (!o) return failWith(ORDERS_TEXT.orderNotFound, 'notFound');
    if (!PICKING.has(o.orderStatusId)) return failWith(ORDERS_TEXT.pickNotAllowed);
    const line = (await this.repo.items([o.orderId])).find((i) => i.orderItemId === body.orderItemId);
    if (!line) return failWith(ORDERS_TEXT.itemNotFound, 'notFound');
    // more pieces than ordered are never delivered (a heavier real weight is: it is priced, and capped)
    if (body.quantity > line.quantity) return failWith(ORDERS_TEXT.tooMuch);
    let unitCents = line.unitPriceCents;
    let substitute: { productId: number; name: string } | null = null;
    if (body.substituteProductId !== undefined) {
      if (!line.acceptAlternatives) return failWith(ORDERS_TEXT.substituteNotAllowed);
      if (body.substituteProductId === line.productId) return failWith(ORDERS_TEXT.substituteSame);
      const p = await this.substitutes.productOf(body.substituteProductId, o.warehouseId);
      if (!p) return failWith(ORDERS_TEXT.substituteNotFound, 'notFound');
      substitute = { productId: p.productId, name: p.name };
      // the customer never pays a substitute more than the product ordered
      unitCents = Math.min(unitCents, p.priceCents);
    }
    const weight = line.variableWeight ? (body.weight ?? null) : null;
    // a variable-weight line is priced on its real weight; otherwise on the delivered quantity
    const priced = weight ?? body.quantity;
    const totalCents = body.quantity === 0 ? 0 : lineTotalCents(priced, unitCents);
    const written = await this.db.transaction(async (tx) => {
      if (!(await this.repo.bumpVersion(o.orderId, o.version, tx))) return false;
      const recorded = await this.repo.recordPick(
        {
          orderItemId: line.orderItemId,
          orderId: o.orderId,
          quantity: body.quantity,
          weight,
          substituteProductId: substitute?.productId ?? null,
          substituteName: substitute?.name ?? null,
          unitPriceCents: unitCents,
          totalCents,
          pickedBy: staff.userId,
        },
        tx,
      );
      if (recorded) {
        const status = o.orderStatusId as OrderStatusId;
        await this.status.recordEdit({ orderId: o.orderId, status, actor: 'staff', what: 'pick' }, tx);
        await this.audit.record(
          {
            staff,
            action: 'pick',
            orderId: o.orderId,
            before: {
              orderItemId: line.orderItemId,
              productId: line.productId,
              quantity: line.quantity,
              delivered: line.deliveredQuantity,
            },
            after: {
              orderItemId: line.orderItemId,
              delivered: body.quantity,
              weight,
              substituteProductId: substitute?.productId ?? null,
              totalCents,
            },
          },
          tx,
        );
      }
      return recorded;
    });
    if (!written) return failWith(ORDER_STATUS_TEXT.changed);
    const view = await this.view(staff, o.orderId);
    return view.ok ? ok(view.data, [ORDERS_INFO_TEXT.picked]) : view;
  }

  /**
   * POST /admin/orders/:id/prepared: every line recorded; the real amount is captured (online payments) within
   * the same transaction as the status change, capped at the authorisation; a refused capture changes
   * nothing, nor does a transition's listener that refuses the change (Abort: the invoice data checked).
   */
  async markPrepared(staff: StaffMember, orderId: number): Promise<OrderAnswer> {
    const o = await this.orderFor(staff, orderId);
    if (!o) return failWith(ORDERS_TEXT.orderNotFound, 'notFound');
    if (!canTransition(o.orderStatusId, ORDER_STATUS.prepared, 'staff'))
      return failWith(ORDER_STATUS_TEXT.notAllowed);
    const items = await this.repo.items([o.orderId]);
    if (items.length === 0 || items.some((i) => i.deliveredQuantity === null))
      return failWith(ORDERS_TEXT.notAllPicked);
    const deliveredCents = items.reduce((sum, i) => sum + (i.deliveredTotalCents ?? 0), 0);
    // the meal vouchers collected at delivery pay first (whole vouchers, their service cost added), then the
    // wallet's part, then the payment type the rest (decision 047)
    const vouchers = settleMealVouchers(
      realAmountCents(o, deliveredCents),
      mealVoucherDeclarationOf(o.infos.mealVouchers),
    );
    const realCents = realAmountCents(o, deliveredCents) + vouchers.serviceCostCents - vouchers.collectCents;
    const settled = settleWithWallet(realCents, o.walletCents);
    const online = paysOnline(o.paymentTypeId, o.preauthCents);
    const infos: string[] = [];
    try {
      await this.db.transaction(async (tx) => {
        const [auth] = await this.repo.latestAuthorizations([o.orderId], tx);
        let captured: number | null = null;
        let note = '';
        if (online) {
          if (!auth || auth.status !== 'authorized')
            throw new Rollback(failWith(ORDERS_TEXT.authorizationMissing));
          const provider = this.providerFor(auth.provider);
          if (!provider) throw new Rollback(failWith(ORDERS_TEXT.providerMissing));
          const amount = captureAmountCents(settled.restCents, auth);
          if (amount.capped) {
            note = `importo reale ${formatEuro(settled.restCents)} limitato all'autorizzazione ${formatEuro(amount.cents)}`;
            infos.push(ORDERS_INFO_TEXT.capped);
          }
          captured = amount.cents;
          await this.repo.recordCapture(
            {
              orderId: o.orderId,
              authorizationId: auth.authorizationId,
              capturedCents: captured,
              deliveredTotalCents: deliveredCents,
            },
            tx,
          );
          const moved = await this.status.transition(
            {
              orderId: o.orderId,
              from: o.orderStatusId,
              to: ORDER_STATUS.prepared,
              actor: 'staff',
              actorUserId: staff.userId,
              note,
            },
            tx,
          );
          if (!moved.ok) throw new Rollback(moved);
          // last: the provider call happens only once everything else is written in this transaction
          const taken = await provider.capture(auth.providerRef, captured, tx);
          if (!taken.ok) throw new Rollback(failWith(captureRefusal(taken.code)));
          await this.repo.followCapture(auth, taken.reference, tx);
        } else {
          await this.repo.recordCapture(
            {
              orderId: o.orderId,
              authorizationId: null,
              capturedCents: null,
              deliveredTotalCents: deliveredCents,
            },
            tx,
          );
          const moved = await this.status.transition(
            {
              orderId: o.orderId,
              from: o.orderStatusId,
              to: ORDER_STATUS.prepared,
              actor: 'staff',
              actorUserId: staff.userId,
            },
            tx,
          );
          if (!moved.ok) throw new Rollback(moved);
        }
        if (settled.walletBackCents > 0) {
          await this.wallet.returnOrderPart(o.orderId, settled.walletBackCents, tx);
          infos.push(ORDERS_INFO_TEXT.walletBack(formatEuro(settled.walletBackCents)));
        }
        await this.audit.record(
          {
            staff,
            action: 'prepared',
            orderId: o.orderId,
            before: { orderStatusId: o.orderStatusId },
            after: {
              orderStatusId: ORDER_STATUS.prepared,
              deliveredTotalCents: deliveredCents,
              capturedCents: captured,
              walletKeptCents: settled.walletKeptCents,
              walletBackCents: settled.walletBackCents,
              mealVouchersCollected: vouchers.count,
              mealVoucherCents: vouchers.collectCents,
              mealVoucherFeeCents: vouchers.serviceCostCents,
            },
          },
          tx,
        );
        if (vouchers.count > 0)
          infos.push(ORDERS_INFO_TEXT.mealVouchers(vouchers.count, formatEuro(vouchers.collectCents)));
        infos.unshift(
          captured !== null
            ? ORDERS_INFO_TEXT.prepared(formatEuro(captured))
            : ORDERS_INFO_TEXT.preparedOnDelivery(formatEuro(settled.restCents)),
        );
      });
    } catch (err) {
      if (err instanceof Rollback || err instanceof Abort) return err.failure;
      throw err;
    }
    const view = await this.view(staff, o.orderId);
    return view.ok ? { ...ok(view.data), infos } : view;
  }
}
