import type { AdminProductCreate } from '@spesa/shared/contracts/admin-assortment';
import { MAIL_STATES } from '@spesa/shared/contracts/admin-mails';
import { OPERATION_OUTCOMES } from '@spesa/shared/contracts/operators';
import type { DataProvider, GetListParams, RaRecord } from 'react-admin';
import { HttpError } from 'react-admin';
import type { AdminStaff, PromotionAudience } from '@spesa/shared/contracts/admin';
import type {
  AdminPageDetail,
  AdminRecipe,
  AdminSlide,
  AdminUxBlock,
  RecipeCourse,
  RecipeDifficulty,
} from '@spesa/shared/contracts/admin-content';
import type { AdminSelfScanningStore } from '@spesa/shared/contracts/admin-smartcart';
import { VOTE_STATUSES } from '@spesa/shared/contracts/ratings';
import { GIFT_CARD_ORDER_STATES } from '@spesa/shared/loyalty/gift-card-partners';
import { addDays, romeToday } from '@spesa/shared/time/rome';
import { adminCall, AdminApiError } from './api';

/** react-admin's sort order, as the admin API names it. */
const orderOf = (params: GetListParams) => (params.sort?.order === 'DESC' ? 'DESC' : 'ASC');
/** The report's period: the filter's days, or the last 30 days of Rome's calendar. */
export function paymentReportPeriod(filter: Record<string, unknown>, today = romeToday()) {
  const from = typeof filter.from === 'string' && filter.from ? filter.from : addDays(today, -29);
  const to = typeof filter.to === 'string' && filter.to ? filter.to : today;
  return { from, to };
}

/** The accountant's export's period: the filter's days, or this month of Rome's calendar so far. */
export function invoiceExportPeriod(filter: Record<string, unknown>, today = romeToday()) {
  const from = typeof filter.from === 'string' && filter.from ? filter.from : `${today.slice(0, 8)}01`;
  const to = typeof filter.to === 'string' && filter.to ? filter.to : today;
  return { from, to };
}

const pageOf = (params: GetListParams) => ({
  page: params.pagination?.page ?? 1,
  perPage: params.pagination?.perPage ?? 25,
});

/**
 * Envelope refusals become react-admin's HttpError: its notification shows the Italian text. The answers are
 * typed by the contracts; react-admin's methods are generic over the record type, hence `never` here.
 */
async function guarded(work: () => Promise<unknown>): Promise<never> {
  try {
    return (await work()) as never;
  } catch (error) {
    if (error instanceof AdminApiError) throw new HttpError(error.message, error.status || 400, error.data);
    throw error;
  }
}

/** A new product as the form holds it (empty inputs are null or absent). */
type ProductForm = Omit<AdminProductCreate, 'ean'> & { ean?: string | null };
const nullableNumber = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
const productBody = (p: ProductForm): AdminProductCreate => ({
  ...p,
  ean: p.ean ? p.ean : null,
  categoryId: Number(p.categoryId),
  vatPct: Number(p.vatPct),
  price: Number(p.price),
  stock: Number(p.stock ?? 0),
  qtyMult: Number(p.qtyMult ?? 1),
  qtyLocked: Boolean(p.qtyLocked),
  weightSelling: nullableNumber(p.weightSelling),
  stepSelling: nullableNumber(p.stepSelling),
  lineMax: nullableNumber(p.lineMax),
  brand: p.brand ?? '',
  format: p.format ?? '',
  ingredients: p.ingredients || null,
  allergens: p.allergens || null,
  storage: p.storage || null,
  active: p.active !== false,
});

/** A slide as the editor's form holds it, whole (the date inputs give YYYY-MM-DD). */
const slideBody = (slide: AdminSlide) => ({
  title: slide.title,
  description: slide.description ?? '',
  img: slide.img ?? '',
  link: slide.link ?? '',
  validFrom: String(slide.validFrom).slice(0, 10),
  validTo: String(slide.validTo).slice(0, 10),
  deliveryServiceIds: (slide.deliveryServiceIds ?? []).map(Number),
  position: Number(slide.position ?? 0),
  active: slide.active !== false,
});

/** A content block as the editor's form holds it (the slug only when created). */
const uxBlockBody = (block: AdminUxBlock) => ({
  title: block.title,
  content: block.content ?? '',
  terms: block.terms ?? [],
  position: Number(block.position ?? 0),
  active: block.active !== false,
});

/** A recipe as the editor's form holds it (the slug only when created; the date input gives YYYY-MM-DD). */
const recipeBody = (recipe: AdminRecipe) => ({
  title: recipe.title,
  excerpt: recipe.excerpt ?? '',
  content: recipe.content ?? '',
  course: recipe.course as RecipeCourse,
  difficulty: recipe.difficulty as RecipeDifficulty,
  minutes: Number(recipe.minutes),
  vegetarian: recipe.vegetarian === true,
  img: recipe.img ?? '',
  published: recipe.published !== false,
  publishedAt: String(recipe.publishedAt).slice(0, 10),
});

const unsupported = (what: string) => () => Promise.reject(new HttpError(`${what}: non disponibile`, 405));

/**
 * The resources of the back office over its API (packages/shared contracts/admin.ts). A new resource adds its
 * cases here and its `<Resource>` in admin-app.tsx (decision 030).
 */
export const dataProvider: DataProvider = {
  getList: (resource, params) =>
    guarded(async () => {
      const filter = params.filter as Record<string, string | undefined>;
      if (resource === 'products') {
        const sort = params.sort?.field as
          'id' | 'name' | 'brand' | 'price' | 'stock' | 'updatedAt' | undefined;
        const res = await adminCall('GET /admin/products', {
          query: {
            ...pageOf(params),
            order: orderOf(params),
            ...(sort ? { sort } : {}),
            ...(filter.q ? { q: filter.q } : {}),
            ...(filter.active ? { active: filter.active as 'true' | 'false' } : {}),
            ...(filter.categoryId ? { categoryId: filter.categoryId } : {}),
          },
        });
        return res;
      }
      if (resource === 'orders')
        return adminCall('GET /admin/orders', {
          query: {
            ...pageOf(params),
            ...(filter.date ? { date: filter.date } : {}),
            ...(filter.warehouseId ? { warehouseId: filter.warehouseId } : {}),
          },
        });
      if (resource === 'payments-stuck')
        return adminCall('GET /admin/payments/stuck', {
          query: {
            ...pageOf(params),
            ...(filter.kind ? { kind: filter.kind as 'notCaptured' } : {}),
          },
        });
      if (resource === 'payments-report')
        return adminCall('GET /admin/payments/report', {
          query: paymentReportPeriod(filter),
        });
      if (resource === 'invoices')
        return adminCall('GET /admin/invoices', {
          query: {
            ...pageOf(params),
            ...(typeof filter.from === 'string' && filter.from ? { from: filter.from } : {}),
            ...(typeof filter.to === 'string' && filter.to ? { to: filter.to } : {}),
            ...(filter.kind ? { kind: filter.kind as 'TD01' | 'TD04' } : {}),
            ...(filter.sdiState ? { sdiState: filter.sdiState as 'rejected' } : {}),
            ...(filter.orderId ? { orderId: Number(filter.orderId) } : {}),
          },
        });
      if (resource === 'mails')
        return adminCall('GET /admin/mails', {
          query: {
            ...pageOf(params),
            state: MAIL_STATES.find((s) => s === filter.state) ?? 'unsent',
            ...(filter.to?.trim() ? { to: filter.to.trim() } : {}),
          },
        });
      if (resource === 'arrivals')
        return adminCall('GET /admin/arrivals', {
          query: { ...pageOf(params), ...(filter.warehouseId ? { warehouseId: filter.warehouseId } : {}) },
        });
      if (resource === 'customers') {
        const sort = params.sort?.field as 'id' | 'lastName' | 'email' | 'createdAt' | undefined;
        return adminCall('GET /admin/customers', {
          query: {
            ...pageOf(params),
            order: orderOf(params),
            ...(sort ? { sort } : {}),
            // the API searches from two characters on
            ...(filter.q && filter.q.trim().length >= 2 ? { q: filter.q } : {}),
          },
        });
      }
      if (resource === 'promotions') {
        const sort = params.sort?.field as 'id' | 'validFrom' | 'validTo' | 'price' | undefined;
        return adminCall('GET /admin/promotions', {
          query: {
            ...pageOf(params),
            order: orderOf(params),
            ...(sort ? { sort } : {}),
            ...(filter.status ? { status: filter.status as 'current' | 'scheduled' | 'ended' } : {}),
            ...(filter.productId ? { productId: filter.productId } : {}),
          },
        });
      }
      if (resource === 'slot-templates') return adminCall('GET /admin/slot-templates', {});
      if (resource === 'votes') {
        // one state at a time (the moderation queue by default); the API sorts each state its own way
        const status = VOTE_STATUSES.find((s) => s === filter.status) ?? 'pending';
        return adminCall('GET /admin/votes', {
          query: {
            ...pageOf(params),
            status,
            ...(filter.productId ? { productId: filter.productId } : {}),
          },
        });
      }
      if (resource === 'categories') {
        const sort = params.sort?.field as 'id' | 'name' | 'level' | undefined;
        return adminCall('GET /admin/categories', {
          query: {
            ...pageOf(params),
            order: orderOf(params),
            ...(sort ? { sort } : {}),
            ...(filter.q ? { q: filter.q } : {}),
            ...(filter.categoryTypeId ? { categoryTypeId: filter.categoryTypeId } : {}),
          },
        });
      }
      if (resource === 'stores') return adminCall('GET /admin/stores', {});
      if (resource === 'self-scanning') return adminCall('GET /admin/self-scanning', {});
      if (resource === 'staff') return adminCall('GET /admin/staff', {});
      if (resource === 'receipts') {
        const userId = Number(filter.userId);
        if (!Number.isInteger(userId) || userId < 1) return { data: [], total: 0 };
        return adminCall('GET /admin/receipts', { query: { ...pageOf(params), userId } });
      }
      if (resource === 'gift-card-orders') {
        const state = GIFT_CARD_ORDER_STATES.find((s) => s === filter.state);
        const late = filter.late as unknown;
        return adminCall('GET /admin/gift-card-orders', {
          query: {
            ...pageOf(params),
            ...(state ? { state } : {}),
            ...(late === true ? { late: 'true' as const } : {}),
          },
        });
      }
      if (resource === 'form-submissions')
        return adminCall('GET /admin/form-submissions', {
          query: { ...pageOf(params), ...(filter.formId ? { formId: Number(filter.formId) } : {}) },
        });
      if (resource === 'pages')
        return adminCall('GET /admin/pages', {
          query: { ...pageOf(params), ...(filter.q ? { q: String(filter.q) } : {}) },
        });
      if (resource === 'slides')
        return adminCall('GET /admin/slides', {
          query: { ...pageOf(params), ...(filter.q ? { q: String(filter.q) } : {}) },
        });
      if (resource === 'ux-blocks')
        return adminCall('GET /admin/ux-blocks', {
          query: { ...pageOf(params), ...(filter.q ? { q: String(filter.q) } : {}) },
        });
      if (resource === 'recipes')
        return adminCall('GET /admin/recipes', {
          query: { ...pageOf(params), ...(filter.q ? { q: String(filter.q) } : {}) },
        });
      if (resource === 'operator-actions') {
        const outcome = OPERATION_OUTCOMES.find((o) => o === filter.outcome);
        const operatorUserId = Number(filter.operatorUserId);
        const customerUserId = Number(filter.customerUserId);
        return adminCall('GET /admin/operator-actions', {
          query: {
            ...pageOf(params),
            order: orderOf(params),
            sort: params.sort?.field === 'at' ? 'at' : 'id',
            ...(Number.isInteger(operatorUserId) && operatorUserId > 0 ? { operatorUserId } : {}),
            ...(Number.isInteger(customerUserId) && customerUserId > 0 ? { customerUserId } : {}),
            ...(outcome ? { outcome } : {}),
          },
        });
      }
      if (resource === 'audit') {
        const res = await adminCall('GET /admin/audit', {
          query: {
            ...pageOf(params),
            order: orderOf(params),
            sort: params.sort?.field === 'at' ? 'at' : 'id',
            ...(filter.resource ? { resource: filter.resource } : {}),
            ...(filter.action ? { action: filter.action } : {}),
          },
        });
        return res;
      }
      throw new HttpError(`Risorsa sconosciuta: ${resource}`, 404);
    }),
  getOne: (resource, params) =>
    guarded(async () => {
      if (resource === 'products')
        return adminCall('GET /admin/products/:id', { params: { id: Number(params.id) } });
      if (resource === 'orders')
        return adminCall('GET /admin/orders/:id', { params: { id: Number(params.id) } });
      if (resource === 'customers')
        return adminCall('GET /admin/customers/:id', { params: { id: Number(params.id) } });
      if (resource === 'promotions')
        return adminCall('GET /admin/promotions/:id', { params: { id: Number(params.id) } });
      if (resource === 'slot-templates')
        return adminCall('GET /admin/slot-templates/:id', { params: { id: Number(params.id) } });
      if (resource === 'staff')
        return adminCall('GET /admin/staff/:id', { params: { id: Number(params.id) } });
      if (resource === 'categories')
        return adminCall('GET /admin/categories/:id', { params: { id: Number(params.id) } });
      if (resource === 'stores')
        return adminCall('GET /admin/stores/:id', { params: { id: Number(params.id) } });
      if (resource === 'receipts')
        return adminCall('GET /admin/receipts/:id', { params: { id: Number(params.id) } });
      if (resource === 'self-scanning')
        return adminCall('GET /admin/self-scanning/:id', { params: { id: Number(params.id) } });
      if (resource === 'gift-card-orders')
        return adminCall('GET /admin/gift-card-orders/:id', { params: { id: Number(params.id) } });
      if (resource === 'pages')
        return adminCall('GET /admin/pages/:id', { params: { id: Number(params.id) } });
      if (resource === 'slides')
        return adminCall('GET /admin/slides/:id', { params: { id: Number(params.id) } });
      if (resource === 'ux-blocks')
        return adminCall('GET /admin/ux-blocks/:id', { params: { id: Number(params.id) } });
      if (resource === 'recipes')
        return adminCall('GET /admin/recipes/:id', { params: { id: Number(params.id) } });
      if (resource === 'form-submissions')
        return adminCall('GET /admin/form-submissions/:id', { params: { id: Number(params.id) } });
      throw new HttpError(`Risorsa sconosciuta: ${resource}`, 404);
    }),
  getMany: (resource, params) =>
    guarded(async () => {
      if (resource !== 'products') throw new HttpError(`Risorsa sconosciuta: ${resource}`, 404);
      const data = await Promise.all(
        params.ids.map(
          async (id) => (await adminCall('GET /admin/products/:id', { params: { id: Number(id) } })).data,
        ),
      );
      return { data };
    }),
  update: (resource, params) =>
    guarded(async () => {
      // only the fields changed go, with the `updatedAt` read (someone saving meanwhile refuses the edit)
      const data = params.data as Record<string, unknown>;
      const previous = params.previousData as RaRecord & { updatedAt: string };
      const changed = Object.fromEntries(
        Object.entries(data).filter(
          ([key, value]) => key !== 'updatedAt' && JSON.stringify(previous[key]) !== JSON.stringify(value),
        ),
      );
      const id = { id: Number(params.id) };
      if (resource === 'products')
        return adminCall('POST /admin/products/:id', {
          params: id,
          body: { ...changed, updatedAt: previous.updatedAt },
        });
      if (resource === 'categories')
        return adminCall('POST /admin/categories/:id', {
          params: id,
          body: { ...changed, updatedAt: previous.updatedAt },
        });
      if (resource === 'stores')
        return adminCall('POST /admin/stores/:id', {
          params: id,
          body: { ...changed, updatedAt: previous.updatedAt },
        });
      if (resource === 'self-scanning') {
        // the settings changed, with the `updatedAt` read (null: the store never had any)
        const { enabled, rescanPercent } = changed as { enabled?: boolean; rescanPercent?: number };
        return adminCall('POST /admin/self-scanning/:id', {
          params: id,
          body: {
            ...(enabled === undefined ? {} : { enabled }),
            ...(rescanPercent === undefined ? {} : { rescanPercent: Number(rescanPercent) }),
            updatedAt: (params.previousData as AdminSelfScanningStore).updatedAt,
          },
        });
      }
      if (resource === 'slot-templates')
        return adminCall('POST /admin/slot-templates/:id', {
          params: id,
          body: { ...changed, updatedAt: previous.updatedAt },
        });
      if (resource === 'staff') {
        const { role, warehouseIds, active } = changed as {
          role?: AdminStaff['role'];
          warehouseIds?: number[];
          active?: boolean;
        };
        return adminCall('POST /admin/staff/:id', {
          params: id,
          body: { role, warehouseIds, active, updatedAt: previous.updatedAt },
        });
      }
      if (resource === 'slides')
        return adminCall('POST /admin/slides/:id', { params: id, body: slideBody(data as AdminSlide) });
      if (resource === 'ux-blocks')
        return adminCall('POST /admin/ux-blocks/:id', {
          params: id,
          body: uxBlockBody(data as AdminUxBlock),
        });
      if (resource === 'recipes')
        return adminCall('POST /admin/recipes/:id', { params: id, body: recipeBody(data as AdminRecipe) });
      if (resource === 'pages') {
        // a page's texts go whole (the server cleans the HTML), with the `modifiedAt` read
        const page = data as AdminPageDetail;
        return adminCall('POST /admin/pages/:id', {
          params: id,
          body: {
            title: page.title,
            content: page.content,
            excerpt: page.excerpt,
            validityText: page.validityText,
            seoTitle: page.seoTitle,
            seoDescription: page.seoDescription,
            published: page.published,
            modifiedAt: (params.previousData as AdminPageDetail).modifiedAt,
          },
        });
      }
      throw new HttpError(`Risorsa non modificabile: ${resource}`, 405);
    }),
  getManyReference: unsupported('getManyReference'),
  create: (resource, params) =>
    guarded(async () => {
      if (resource === 'promotions') {
        const data = params.data as {
          productId: number;
          price: number;
          validFrom: string;
          validTo: string;
          audience?: PromotionAudience;
          crmSegmentId?: number | null;
        };
        return adminCall('POST /admin/promotions', {
          body: {
            productId: Number(data.productId),
            price: Number(data.price),
            validFrom: data.validFrom,
            validTo: data.validTo,
            audience: data.audience ?? 'all',
            ...(data.audience === 'segment' && data.crmSegmentId
              ? { crmSegmentId: Number(data.crmSegmentId) }
              : {}),
          },
        });
      }
      if (resource === 'products')
        return adminCall('POST /admin/products/create', { body: productBody(params.data as ProductForm) });
      if (resource === 'categories') {
        const data = params.data as { name: string; parentId: number; description?: string | null };
        return adminCall('POST /admin/categories/create', {
          body: { name: data.name, parentId: Number(data.parentId), description: data.description || null },
        });
      }
      if (resource === 'staff') {
        const data = params.data as { email: string; role: AdminStaff['role']; warehouseIds?: number[] };
        return adminCall('POST /admin/staff', {
          body: { email: data.email, role: data.role, warehouseIds: data.warehouseIds ?? [] },
        });
      }
      if (resource === 'slides')
        return adminCall('POST /admin/slides', { body: slideBody(params.data as AdminSlide) });
      if (resource === 'recipes') {
        const recipe = params.data as AdminRecipe;
        return adminCall('POST /admin/recipes', { body: { slug: recipe.slug, ...recipeBody(recipe) } });
      }
      if (resource === 'ux-blocks') {
        const block = params.data as AdminUxBlock;
        return adminCall('POST /admin/ux-blocks', { body: { slug: block.slug, ...uxBlockBody(block) } });
      }
      if (resource === 'pages') {
        const page = params.data as AdminPageDetail;
        return adminCall('POST /admin/pages', {
          body: {
            slug: page.slug,
            title: page.title,
            content: page.content,
            excerpt: page.excerpt ?? '',
            validityText: page.validityText ?? '',
            seoTitle: page.seoTitle ?? '',
            seoDescription: page.seoDescription ?? '',
            published: page.published,
          },
        });
      }
      throw new HttpError(`Risorsa non creabile: ${resource}`, 405);
    }),
  updateMany: unsupported('updateMany'),
  delete: unsupported('delete'),
  deleteMany: unsupported('deleteMany'),
};
