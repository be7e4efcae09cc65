import type {
  AdminSlotDay,
  AdminSlotTemplate,
  AdminSlotTemplateUpdate,
  AdminStore,
  AdminStoreDetail,
  AdminStoreUpdate,
} from '@spesa/shared/contracts/admin';
import { isAwaitingPickup, ORDER_STATUS_IDS } from '@spesa/shared/orders/order-status';
import type { Db } from '../../db/client';
import { failWith, ok, type Failure, type Result } from '../../lib/result';
import type { SlotAdmin } from '../delivery/slot-admin';
import { romeNow } from '../../lib/rome-time';
import type { OrdersRepository } from '../orders/orders.repository';
import { BACKOFFICE_TEXT } from './backoffice.messages';
import type { BackofficeRepository } from './backoffice.repository';
import type { AdminMember } from './staff-auth.service';

const OPEN_STATUSES = ORDER_STATUS_IDS.filter((s) => isAwaitingPickup(s));
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Stores and their slot days in the back office (decision 030): a store manager works on their own stores
 * only (`warehouseIds`; empty: every store). Closing a day is one transaction: the delivery module closes the
 * slots, the audit log records it; the day's booked orders come back to be rebooked.
 */
export class AdminSlotsService {
  constructor(
    private readonly db: Db,
    private readonly slots: SlotAdmin,
    private readonly orders: OrdersRepository,
    private readonly repo: BackofficeRepository,
    private readonly now: () => Date,
  ) {}

  /** The stores a member may see: a store manager's own, everyone else's all. */
  private scope(member: AdminMember): number[] | null {
    return member.role === 'store_manager' && member.warehouseIds.length > 0 ? member.warehouseIds : null;
  }

  private allowed(member: AdminMember, storeId: number): boolean {
    const only = this.scope(member);
    return only === null || only.includes(storeId);
  }

  // ---------- the chain's time windows ----------
  async templates(): Promise<Result<{ data: AdminSlotTemplate[]; total: number }>> {
    const rows = await this.slots.templates();
    return ok({ data: rows, total: rows.length });
  }

  async template(id: number): Promise<Result<{ data: AdminSlotTemplate }>> {
    const row = await this.slots.template(id);
    return row ? ok({ data: row }) : failWith(BACKOFFICE_TEXT.templateNotFound, 'notFound');
  }

  /** Changes a time window (audited in its transaction); a stale edit answers the window as it is now. */
  async updateTemplate(
    member: AdminMember,
    id: number,
    edit: AdminSlotTemplateUpdate,
  ): Promise<
    | { ok: true; template: AdminSlotTemplate }
    | { ok: false; failure: Failure; current: AdminSlotTemplate | null }
  > {
    return this.db.transaction(async (tx) => {
      const done = await this.slots.updateTemplate(id, edit, romeNow(this.now()).date, tx);
      const audit = this.repo.auditOf(member, {
        action: 'update',
        resource: 'slot-templates',
        resourceId: String(id),
      });
      const record = (allowed: boolean, before: unknown, after: unknown) => audit(allowed, before, after, tx);
      if (done.ok) {
        await record(true, done.before, done.after);
        return { ok: true, template: done.after };
      }
      if (done.reason === 'notFound')
        return { ok: false, failure: failWith(BACKOFFICE_TEXT.templateNotFound, 'notFound'), current: null };
      await record(false, done.current, edit);
      return { ok: false, failure: failWith(BACKOFFICE_TEXT.staleEdit), current: done.current };
    });
  }

  async stores(member: AdminMember): Promise<Result<{ data: AdminStore[]; total: number }>> {
    const rows = await this.slots.stores(this.scope(member));
    return ok({ data: rows.map(({ id, name, city }) => ({ id, name, city })), total: rows.length });
  }

  /** A store's data (a store manager's own only). */
  async store(member: AdminMember, storeId: number): Promise<Result<{ data: AdminStoreDetail }>> {
    if (!this.allowed(member, storeId)) return failWith(BACKOFFICE_TEXT.notYourStore, 'notFound');
    const store = await this.slots.store(storeId);
    return store ? ok({ data: store }) : failWith(BACKOFFICE_TEXT.storeNotFound, 'notFound');
  }

  /** Changes a store's name, phone or hours; stale edits and other stores refused; audited. */
  async updateStore(
    member: AdminMember,
    storeId: number,
    edit: AdminStoreUpdate,
  ): Promise<
    { ok: true; store: AdminStoreDetail } | { ok: false; failure: Failure; current: AdminStoreDetail | null }
  > {
    const record = this.repo.auditOf(member, {
      action: 'update',
      resource: 'stores',
      resourceId: String(storeId),
    });
    if (!this.allowed(member, storeId)) {
      await record(false, null, edit, this.db);
      return { ok: false, failure: failWith(BACKOFFICE_TEXT.notYourStore, 'notFound'), current: null };
    }
    return this.db.transaction(async (tx) => {
      const done = await this.slots.updateStore(storeId, edit, tx);
      if (done.ok) {
        await record(true, done.before, done.after, tx);
        return { ok: true, store: done.after };
      }
      if (done.reason === 'notFound')
        return { ok: false, failure: failWith(BACKOFFICE_TEXT.storeNotFound, 'notFound'), current: null };
      await record(false, done.current, edit, tx);
      return { ok: false, failure: failWith(BACKOFFICE_TEXT.staleEdit), current: done.current };
    });
  }

  async days(
    member: AdminMember,
    storeId: number,
    from: string | undefined,
    count: number,
  ): Promise<Result<{ data: AdminSlotDay[] }>> {
    if (!this.allowed(member, storeId)) return failWith(BACKOFFICE_TEXT.notYourStore, 'notFound');
    if (!(await this.exists(storeId))) return failWith(BACKOFFICE_TEXT.storeNotFound, 'notFound');
    const first = from ?? romeNow(this.now()).date;
    const data: AdminSlotDay[] = [];
    for (let i = 0; i < count; i++) data.push(await this.day(storeId, plusDays(first, i)));
    return ok({ data });
  }

  async setDay(
    member: AdminMember,
    storeId: number,
    date: string,
    closed: boolean,
  ): Promise<Result<{ data: AdminSlotDay }>> {
    const record = this.repo.auditOf(member, {
      action: closed ? 'close-day' : 'open-day',
      resource: 'slot-days',
      resourceId: `${storeId}-${date}`,
    });
    if (!this.allowed(member, storeId)) {
      await record(false, null, { closed }, this.db);
      return failWith(BACKOFFICE_TEXT.notYourStore, 'notFound');
    }
    if (!(await this.exists(storeId))) return failWith(BACKOFFICE_TEXT.storeNotFound, 'notFound');
    const before = await this.day(storeId, date);
    await this.db.transaction(async (tx) => {
      await this.slots.setDay(storeId, date, !closed, tx);
      await record(true, summary(before), { closed }, tx);
    });
    return ok({ data: await this.day(storeId, date) });
  }

  private async exists(storeId: number): Promise<boolean> {
    return (await this.slots.stores([storeId])).length > 0;
  }

  private async day(storeId: number, date: string): Promise<AdminSlotDay> {
    const calendars = await this.slots.day(storeId, date);
    const total = (k: 'slots' | 'open' | 'capacity' | 'booked') => calendars.reduce((s, c) => s + c[k], 0);
    return {
      id: `${storeId}-${date}`,
      storeId,
      date,
      slots: total('slots'),
      open: total('open'),
      capacity: total('capacity'),
      booked: total('booked'),
      closed: total('slots') > 0 && total('open') === 0,
      orders: await this.orders.bookedOn(storeId, date, OPEN_STATUSES),
    };
  }
}

const summary = (d: AdminSlotDay) => ({
  open: d.open,
  slots: d.slots,
  closed: d.closed,
  orders: d.orders.length,
});
