import { masterOfForm, type AdminProductCreate } from '@spesa/shared/contracts/admin-assortment';
import type { AdminCategory, AdminProduct } from '@spesa/shared/contracts/admin';
import type { Db } from '../../db/client';
import { failWith, fieldFail, ok, type Result } from '../../lib/result';
import { romeNow } from '../../lib/rome-time';
import { ASSORTMENT_TEXT } from './assortment.messages';
import type { CatalogueAdmin } from './catalogue-admin';
import type { AssortmentAdmin } from './catalogue-assortment';
import type { CatalogueAuditPort } from './catalogue-import';
import type { CategoryAdmin } from './category-admin';

interface Staff {
  userId: number;
  name: string;
}

/** A form's field of each refused product master field. */
const FORM_FIELD: Record<string, string> = { priceCents: 'price' };

/**
 * Products and categories created and retired in the back office (decision 092), each change in one
 * transaction with its audit record. A product is never deleted (orders keep their lines): retired, it leaves
 * the listings, the search and the carts' adds; restored, it is sold again. A category is retired from the
 * menu once nothing on sale is left in it.
 */
export class AssortmentService {
  constructor(
    private readonly db: Db,
    private readonly assortment: AssortmentAdmin,
    private readonly products: CatalogueAdmin,
    private readonly categories: CategoryAdmin,
    private readonly audit: CatalogueAuditPort,
    private readonly now: () => Date,
  ) {}

  async createProduct(staff: Staff, body: AdminProductCreate): Promise<Result<{ data: AdminProduct }>> {
    const { stock, ...form } = body;
    const master = masterOfForm(form);
    return this.db.transaction(async (tx) => {
      const known = await this.assortment.categoryIndex(tx);
      if (!known.has(String(master.categoryId)))
        return fieldFail('categoryId', ASSORTMENT_TEXT.categoryUnknown);
      const done = await this.assortment.upsert(
        master,
        { createOnly: true, stock, day: romeNow(this.now()).date, by: staff.userId },
        tx,
      );
      if (done.kind === 'refused')
        return fieldFail(FORM_FIELD[done.field] ?? done.field, {
          code: done.field === 'ean' ? ASSORTMENT_TEXT.eanTaken.code : ASSORTMENT_TEXT.codeTaken.code,
          text: done.message,
        });
      await this.assortment.touched(tx);
      const product = await this.products.find(done.productId, false, tx);
      if (!product) throw new Error('the new product is not there');
      await this.audit.record(
        { staff, action: 'create', resource: 'products', id: product.id, before: null, after: product },
        tx,
      );
      return ok({ data: product });
    });
  }

  /** Retires (active false) or restores (true) a product, unless someone saved it after `updatedAt`. */
  async setOnSale(
    staff: Staff,
    productId: number,
    updatedAt: string,
    onSale: boolean,
  ): Promise<Result<{ data: AdminProduct }>> {
    return this.db.transaction(async (tx) => {
      const before = await this.products.find(productId, true, tx);
      if (!before) return failWith(ASSORTMENT_TEXT.productNotFound, 'notFound');
      if (before.active === onSale)
        return failWith(onSale ? ASSORTMENT_TEXT.notRetired : ASSORTMENT_TEXT.alreadyRetired);
      const done = await this.products.update(
        productId,
        { updatedAt, active: onSale },
        { day: romeNow(this.now()).date, by: staff.userId },
        tx,
      );
      if (!done.ok)
        return failWith(
          done.reason === 'stale' ? ASSORTMENT_TEXT.staleEdit : ASSORTMENT_TEXT.productNotFound,
        );
      await this.audit.record(
        {
          staff,
          action: onSale ? 'restore' : 'retire',
          resource: 'products',
          id: productId,
          before: { active: before.active },
          after: { active: done.after.active },
        },
        tx,
      );
      return ok({ data: done.after });
    });
  }

  async createCategory(
    staff: Staff,
    c: { name: string; parentId: number; description: string | null },
  ): Promise<Result<{ data: AdminCategory }>> {
    return this.db.transaction(async (tx) => {
      const id = await this.categories.create(c, tx);
      if (id === null) return fieldFail('parentId', ASSORTMENT_TEXT.parentInvalid);
      const category = await this.categories.find(id, false, tx);
      if (!category) throw new Error('the new category is not there');
      await this.audit.record(
        { staff, action: 'create', resource: 'categories', id, before: null, after: c },
        tx,
      );
      return ok({ data: category });
    });
  }

  async retireCategory(
    staff: Staff,
    id: number,
    updatedAt: string,
  ): Promise<Result<{ data: AdminCategory }>> {
    return this.db.transaction(async (tx) => {
      const before = await this.categories.find(id, true, tx);
      if (!before || before.categoryTypeId !== 1)
        return failWith(ASSORTMENT_TEXT.categoryNotFound, 'notFound');
      if (before.updatedAt !== updatedAt) return failWith(ASSORTMENT_TEXT.staleEdit);
      const inUse = await this.categories.retire(id, tx);
      if (inUse.products > 0 || inUse.children > 0) return failWith(ASSORTMENT_TEXT.categoryInUse);
      const after = await this.categories.find(id, false, tx);
      if (!after) throw new Error('the category vanished inside its transaction');
      await this.audit.record(
        {
          staff,
          action: 'retire',
          resource: 'categories',
          id,
          before: { showInMenu: before.showInMenu },
          after: { showInMenu: false },
        },
        tx,
      );
      return ok({ data: after });
    });
  }
}
