import type { AdminProduct, AdminProductUpdate } from '@spesa/shared/contracts/admin';
import type { Db } from '../../db/client';
import { failWith, ok, type Failure, type Result } from '../../lib/result';
import type { CatalogueAdmin, ProductFilter, ProductSort } from '../catalogue/catalogue-admin';
import { BACKOFFICE_TEXT } from './backoffice.messages';
import type { BackofficeRepository } from './backoffice.repository';
import type { AdminMember } from './staff-auth.service';

/** A refused edit: why, and (stale edit) the product as it is now. */
export type ProductEditOutcome =
  { ok: true; product: AdminProduct } | { ok: false; failure: Failure; current: AdminProduct | null };

/**
 * Products in the back office (decision 030): the catalogue module reads and writes them; this service adds
 * the audit record of every change (and of every refused one), in the change's own transaction.
 */
export class AdminProductsService {
  constructor(
    private readonly db: Db,
    private readonly catalogue: CatalogueAdmin,
    private readonly repo: BackofficeRepository,
  ) {}

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

  async update(
    member: AdminMember,
    productId: number,
    edit: AdminProductUpdate,
  ): Promise<ProductEditOutcome> {
    return this.db.transaction(async (tx) => {
      const done = await this.catalogue.update(tx, productId, edit);
      const record = (allowed: boolean, before: unknown, after: unknown) =>
        this.repo.audit(tx, {
          staffUserId: member.userId,
          staffName: member.name,
          action: 'update',
          resource: 'products',
          resourceId: String(productId),
          allowed,
          before,
          after,
        });
      if (done.ok) {
        await record(true, done.before, done.after);
        return { ok: true, product: done.after };
      }
      if (done.reason === 'notFound')
        return { ok: false, failure: failWith(BACKOFFICE_TEXT.productNotFound, 'notFound'), current: null };
      await record(false, done.current, edit);
      return { ok: false, failure: failWith(BACKOFFICE_TEXT.staleEdit), current: done.current };
    });
  }
}
