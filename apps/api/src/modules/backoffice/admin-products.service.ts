import type { AdminPriceHistoryEntry, AdminProduct, AdminProductUpdate } from '@spesa/shared/contracts/admin';
import type { Db } from '../../db/client';
import { failWith, ok, type Failure, type Result } from '../../lib/result';
import { romeNow } from '../../lib/rome-time';
import {
  BULK_PRICE_MAX,
  type CatalogueAdmin,
  type ProductFilter,
  type ProductSort,
} from '../catalogue/catalogue-admin';
import type { PriceHistory } from '../catalogue/price-history';
import type { ProductImages } from '../catalogue/product-images';
import { BACKOFFICE_TEXT } from './backoffice.messages';
import type { BackofficeRepository } from './backoffice.repository';
import type { AdminMember } from './staff-auth.service';

/** A refused edit: why, and (stale edit) the product as it is now. */
export type ProductEditOutcome =
  { ok: true; product: AdminProduct } | { ok: false; failure: Failure; current: AdminProduct | null };

/** The stores among these ids (delivery owns them). */
export interface StoresPort {
  stores(ids: readonly number[]): Promise<number[]>;
}

const RULE_TEXT = {
  looseOnly: BACKOFFICE_TEXT.looseOnly,
  piecesOnly: BACKOFFICE_TEXT.piecesOnly,
  boxMultiple: BACKOFFICE_TEXT.boxMultiple,
  lineBelowMin: BACKOFFICE_TEXT.lineBelowMin,
} as const;

/**
 * Products in the back office (decision 030): the catalogue module reads and writes them; this service adds
 * the audit record of every change (and of every refused one), in the change's own transaction.
 */
export class AdminProductsService {
  constructor(
    private readonly db: Db,
    private readonly catalogue: CatalogueAdmin,
    private readonly repo: BackofficeRepository,
    private readonly history: PriceHistory,
    private readonly images: ProductImages,
    private readonly storesPort: StoresPort,
    private readonly now: () => Date,
  ) {}

  /** A photo for the product (resized before the transaction); the audit keeps its hash, not the file. */
  async setImage(
    member: AdminMember,
    productId: number,
    file: Buffer,
  ): Promise<Result<{ data: AdminProduct }>> {
    const resized = await this.images.resize(file);
    if (!resized) return failWith(BACKOFFICE_TEXT.notAnImage);
    return this.imageChange(member, productId, 'image', (tx) => this.images.replace(productId, resized, tx));
  }

  async removeImage(member: AdminMember, productId: number): Promise<Result<{ data: AdminProduct }>> {
    return this.imageChange(member, productId, 'image-remove', (tx) => this.images.remove(productId, tx));
  }

  private imageChange(
    member: AdminMember,
    productId: number,
    action: string,
    work: (tx: Db) => Promise<boolean>,
  ): Promise<Result<{ data: AdminProduct }>> {
    return this.db.transaction(async (tx) => {
      const before = await this.catalogue.find(productId, true, tx);
      if (!before || !(await work(tx))) return failWith(BACKOFFICE_TEXT.productNotFound, 'notFound');
      const after = await this.catalogue.find(productId, false, tx);
      if (!after) throw new Error('the product vanished inside its transaction');
      await this.repo.audit(
        {
          staffUserId: member.userId,
          staffName: member.name,
          action,
          resource: 'products',
          resourceId: String(productId),
          allowed: true,
          before: { imageUrl: before.imageUrl },
          after: { imageUrl: after.imageUrl },
        },
        tx,
      );
      return ok({ data: after });
    });
  }

  async list(
    f: ProductFilter,
    sort: { by: ProductSort; desc: boolean },
    page: number,
    perPage: number,
  ): Promise<Result<{ data: AdminProduct[]; total: number }>> {
    const { rows, total } = await this.catalogue.list(f, sort, perPage, (page - 1) * perPage);
    return ok({ data: rows, total });
  }

  async get(productId: number): Promise<Result<{ data: AdminProduct }>> {
    const product = await this.catalogue.find(productId);
    return product ? ok({ data: product }) : failWith(BACKOFFICE_TEXT.productNotFound, 'notFound');
  }

  /** What a bulk change would do (nothing is changed). */
  async bulkPreview(f: { q?: string | undefined; categoryId?: number | undefined }, percent: number) {
    const rows = await this.catalogue.bulkPreview(f, percent, false, this.db);
    if (rows.length > BULK_PRICE_MAX) return failWith(BACKOFFICE_TEXT.bulkTooMany);
    return ok({ data: rows, total: rows.length });
  }

  /**
   * A bulk change in one transaction: the products locked, the same count as the preview (else refused),
   * each new list price in the history, one audit record with every product before and after.
   */
  async bulkPrice(
    member: AdminMember,
    f: { q?: string | undefined; categoryId?: number | undefined },
    percent: number,
    expectedCount: number,
  ): Promise<
    Result<{ data: Array<{ id: number; name: string; price: number; newPrice: number }>; total: number }>
  > {
    return this.db.transaction(async (tx) => {
      const rows = await this.catalogue.bulkPreview(f, percent, true, tx);
      if (rows.length === 0) return failWith(BACKOFFICE_TEXT.bulkEmpty);
      if (rows.length > BULK_PRICE_MAX) return failWith(BACKOFFICE_TEXT.bulkTooMany);
      if (rows.length !== expectedCount) return failWith(BACKOFFICE_TEXT.bulkChanged);
      await this.catalogue.bulkPrice(rows, { day: romeNow(this.now()).date, by: member.userId }, tx);
      await this.repo.audit(
        {
          staffUserId: member.userId,
          staffName: member.name,
          action: 'bulk-price',
          resource: 'products',
          resourceId: null,
          allowed: true,
          before: { filter: f, percent, prices: rows.map((r) => ({ id: r.id, price: r.price })) },
          after: { prices: rows.map((r) => ({ id: r.id, price: r.newPrice })) },
        },
        tx,
      );
      return ok({ data: rows, total: rows.length });
    });
  }

  /** The product's prices over time (list prices and promotions), newest first. */
  async priceHistory(productId: number): Promise<Result<{ data: AdminPriceHistoryEntry[] }>> {
    if (!(await this.catalogue.find(productId))) return failWith(BACKOFFICE_TEXT.productNotFound, 'notFound');
    return ok({ data: await this.history.of(productId, this.db) });
  }

  async update(
    member: AdminMember,
    productId: number,
    edit: AdminProductUpdate,
  ): Promise<ProductEditOutcome> {
    if (edit.notSoldAt && edit.notSoldAt.length > 0) {
      const known = await this.storesPort.stores(edit.notSoldAt);
      if (known.length !== new Set(edit.notSoldAt).size)
        return { ok: false, failure: failWith(BACKOFFICE_TEXT.storeNotFound), current: null };
    }
    return this.db.transaction(async (tx) => {
      const done = await this.catalogue.update(
        productId,
        edit,
        {
          day: romeNow(this.now()).date,
          by: member.userId,
        },
        tx,
      );
      const record = (allowed: boolean, before: unknown, after: unknown) =>
        this.repo.audit(
          {
            staffUserId: member.userId,
            staffName: member.name,
            action: 'update',
            resource: 'products',
            resourceId: String(productId),
            allowed,
            before,
            after,
          },
          tx,
        );
      if (done.ok) {
        await record(true, done.before, done.after);
        return { ok: true, product: done.after };
      }
      if (done.reason === 'notFound')
        return { ok: false, failure: failWith(BACKOFFICE_TEXT.productNotFound, 'notFound'), current: null };
      if (done.reason !== 'stale')
        return { ok: false, failure: failWith(RULE_TEXT[done.reason]), current: null };
      await record(false, done.current, edit);
      return { ok: false, failure: failWith(BACKOFFICE_TEXT.staleEdit), current: done.current };
    });
  }
}
