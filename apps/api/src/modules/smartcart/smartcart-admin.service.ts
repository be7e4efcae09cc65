import type {
  AdminSelfScanningDetail,
  AdminSelfScanningStore,
  AdminSelfScanningUpdate,
} from '@spesa/shared/contracts/admin-smartcart';
import type { StaffRole } from '@spesa/shared/contracts/admin';
import { storeCodeOf } from '@spesa/shared/smartcart/store-code';
import type { Db } from '../../db/client';
import { failWith, ok, type Failure, type Result } from '../../lib/result';
import { romeNow } from '../../lib/rome-time';
import { SMART_CART_TEXT } from './smartcart.messages';
import { EMPTY_DAY, type SmartCartRepository, type StoreSettingsRow } from './smartcart.repository';

/** The staff member at work (the back office's signed-in member). */
export interface SelfScanningStaff {
  userId: number;
  name: string;
  role: StaffRole;
  /** a store manager's stores (empty: every store) */
  warehouseIds: readonly number[];
}

/** The stores (delivery's), the audit log (the back office's), as ports (app.ts wires them). */
export interface SelfScanningAdminPorts {
  /** the chain's stores, or only these; sorted by name */
  stores(only: readonly number[] | null): Promise<Array<{ id: number; name: string; city: string }>>;
  /** the back office's audit log, written in the change's own transaction (or the pool for a refusal) */
  audit(
    e: {
      staff: { userId: number; name: string };
      action: string;
      storeId: number;
      allowed: boolean;
      before: unknown;
      after: unknown;
    },
    db: Db,
  ): Promise<void>;
  now(): Date;
}

type Settings = Pick<
  AdminSelfScanningStore,
  'enabled' | 'rescanPercent' | 'rescanPercentDefault' | 'updatedAt'
>;

/**
 * Self-scanning in the back office (decision 057): every store's state, re-scan share and sessions of the day;
 * a change of a store's settings is audited in its transaction and refused when someone saved meanwhile. A
 * store manager works on their own stores only (another store: not found, the refusal audited).
 */
export class SelfScanningAdminService {
  constructor(
    private readonly db: Db,
    private readonly repo: SmartCartRepository,
    private readonly ports: SelfScanningAdminPorts,
    /** the chain's default share (SMART_CART_RESCAN_SHARE, 0..1) */
    private readonly defaultShare: number,
  ) {}

  private scope(staff: SelfScanningStaff): readonly number[] | null {
    return staff.role === 'store_manager' && staff.warehouseIds.length > 0 ? staff.warehouseIds : null;
  }

  private settingsOf(row: StoreSettingsRow | undefined): Settings {
    const fallback = Math.round(this.defaultShare * 100);
    return {
      enabled: row?.enabled ?? false,
      rescanPercent: row?.rescanPercent ?? fallback,
      rescanPercentDefault: (row?.rescanPercent ?? null) === null,
      updatedAt: row?.updatedAt ?? null,
    };
  }

  async list(staff: SelfScanningStaff): Promise<Result<{ data: AdminSelfScanningStore[]; total: number }>> {
    const stores = await this.ports.stores(this.scope(staff));
    const data = await this.shape(stores);
    return ok({ data, total: data.length });
  }

  async one(staff: SelfScanningStaff, storeId: number): Promise<Result<{ data: AdminSelfScanningDetail }>> {
    const store = await this.storeFor(staff, storeId);
    if (!store.ok) return store;
    const [shaped] = await this.shape([store.data]);
    if (!shaped) throw new Error('store not shaped');
    return ok({ data: { ...shaped, sessions: await this.repo.daySessions(storeId, shaped.date) } });
  }

  /** Switches self-scanning on or off and sets the re-scan share; audited, stale edits refused. */
  async update(
    staff: SelfScanningStaff,
    storeId: number,
    edit: AdminSelfScanningUpdate,
  ): Promise<Result<{ data: AdminSelfScanningDetail }>> {
    const record = (allowed: boolean, before: unknown, after: unknown, db: Db) =>
      this.ports.audit({ staff, action: 'update', storeId, allowed, before, after }, db);
    const store = await this.storeFor(staff, storeId);
    if (!store.ok) {
      if (store.code === SMART_CART_TEXT.notYourStore.code) await record(false, null, edit, this.db);
      return store;
    }
    const refused = await this.db.transaction(async (tx): Promise<Failure | null> => {
      const [row] = await this.repo.storeSettings([storeId], true, tx);
      const before = this.settingsOf(row);
      if (before.updatedAt !== edit.updatedAt) {
        await record(false, before, edit, tx);
        return failWith(SMART_CART_TEXT.staleEdit);
      }
      const enabled = edit.enabled ?? before.enabled;
      const percent = edit.rescanPercent ?? (before.rescanPercentDefault ? null : before.rescanPercent);
      await this.repo.saveStoreSettings(storeId, enabled, percent, tx);
      const [saved] = await this.repo.storeSettings([storeId], false, tx);
      const after = this.settingsOf(saved);
      await record(
        true,
        { enabled: before.enabled, rescanPercent: before.rescanPercent },
        { enabled: after.enabled, rescanPercent: after.rescanPercent },
        tx,
      );
      return null;
    });
    if (refused) return refused;
    return this.one(staff, storeId);
  }

  /** A store the member may see (another store: not found, like an unknown one, for a store manager). */
  async storeFor(
    staff: SelfScanningStaff,
    storeId: number,
  ): Promise<Result<{ id: number; name: string; city: string }>> {
    const only = this.scope(staff);
    if (only && !only.includes(storeId)) return failWith(SMART_CART_TEXT.notYourStore, 'notFound');
    const [store] = await this.ports.stores([storeId]);
    return store ? ok(store) : failWith(SMART_CART_TEXT.storeNotFound, 'notFound');
  }

  private async shape(
    stores: ReadonlyArray<{ id: number; name: string; city: string }>,
  ): Promise<AdminSelfScanningStore[]> {
    const ids = stores.map((s) => s.id);
    const date = romeNow(this.ports.now()).date;
    const settings = new Map(
      (await this.repo.storeSettings(ids, false, this.db)).map((r) => [r.warehouseId, r]),
    );
    const days = await this.repo.dayCounts(ids, date);
    return stores.map((s) => ({
      id: s.id,
      name: s.name,
      city: s.city,
      ...this.settingsOf(settings.get(s.id)),
      entranceCode: storeCodeOf(s.id),
      date,
      today: days.get(s.id) ?? EMPTY_DAY,
    }));
  }
}
