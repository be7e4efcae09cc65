import { z } from 'zod';
import {
  masterIssues,
  MASTER_LIMITS,
  SELLING_TYPES,
  type MasterField,
  type ProductMaster,
} from '../catalogue/product-master';
import { ADMIN_GRANTS, adminCategoryDataSchema, adminIdParamsSchema, adminProductDataSchema } from './admin';
import { endpoint, OWN_TEXT } from './endpoint';

/**
 * The chain's assortment in the back office (decision 092), registered by the catalogue module: products and
 * categories created and retired (never deleted: orders keep their lines), and the product master imported
 * from a CSV or Excel file (upload, preview, dry run, the import as background work with its progress, the
 * report of the refused rows). The rules are `catalogue/product-master.ts`, the same for the form and the
 * file. Roles: `ADMIN_GRANTS.products` and `ADMIN_GRANTS.categories`.
 */
export const ASSORTMENT_GRANTS = ADMIN_GRANTS.products;
export const CATEGORY_GRANTS = ADMIN_GRANTS.categories;

/** An import file's limits: its bytes (CSV or .xlsx) and its data rows. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
/** the rows the preview shows */
export const IMPORT_PREVIEW_ROWS = 20;

const text = (max: number) => z.string().trim().max(max);
const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v === '' ? null : v));
const grams = z.coerce.number().int().nullable();

/** A form's field of each product master field (the form edits the price in euro). */
const FORM_FIELD: Partial<Record<MasterField, string>> = { priceCents: 'price' };

// ---------- POST /admin/products/create ----------
export const adminProductCreateBodySchema = z
  .object({
    code: text(MASTER_LIMITS.codeMax),
    ean: nullableText(13).default(null),
    name: text(MASTER_LIMITS.nameMax),
    brand: text(MASTER_LIMITS.textMax).default(''),
    format: text(MASTER_LIMITS.textMax).default(''),
    categoryId: z.coerce.number().int().min(1).max(2_147_483_647),
    vatPct: z.coerce.number(),
    sellingType: z.enum(SELLING_TYPES),
    qtyMult: z.coerce.number().int().default(1),
    qtyLocked: z.boolean().default(false),
    weightSelling: grams.default(null),
    stepSelling: grams.default(null),
    lineMax: z.coerce.number().int().nullable().default(null),
    /** list price, euro (per kg for Sfuso) */
    price: z.coerce.number(),
    /** the pieces (kg for Sfuso) in stock; 0: shown, not yet available */
    stock: z.coerce.number().min(0).max(1_000_000).default(0),
    ingredients: nullableText(MASTER_LIMITS.foodTextMax).default(null),
    allergens: nullableText(MASTER_LIMITS.foodTextMax).default(null),
    storage: nullableText(MASTER_LIMITS.foodTextMax).default(null),
    active: z.boolean().default(true),
  })
  .superRefine((b, ctx) => {
    for (const issue of masterIssues(masterOfForm(b)))
      ctx.addIssue({
        code: 'custom',
        path: [FORM_FIELD[issue.field] ?? issue.field],
        message: issue.message,
        params: OWN_TEXT,
      });
  });
export type AdminProductCreate = z.output<typeof adminProductCreateBodySchema>;

/** The product master a create form describes. */
export function masterOfForm(b: Omit<AdminProductCreate, 'stock'>): ProductMaster {
  const { price, ...rest } = b;
  return { ...rest, priceCents: Math.round(price * 100) };
}

// ---------- POST /admin/products/:id/retire and /restore ----------
export const adminRetireBodySchema = z.object({ updatedAt: z.string().min(10).max(40) });

// ---------- POST /admin/categories/create, /admin/categories/:id/retire ----------
export const adminCategoryCreateBodySchema = z.object({
  name: z.string().trim().min(2, { error: 'Il nome va da 2 a 100 caratteri.' }).max(100),
  /** the department or category it goes under */
  parentId: z.coerce.number().int().min(1).max(2_147_483_647),
  description: z.string().trim().max(2000).nullable().default(null),
});

// ---------- the imports ----------
export const IMPORT_STATES = ['staged', 'checking', 'checked', 'importing', 'imported'] as const;
export const adminImportSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  fileKind: z.enum(['csv', 'xlsx']),
  columns: z.array(z.string()),
  totalRows: z.number().int(),
  state: z.enum(IMPORT_STATES),
  /** what the run in progress (or the last one) does */
  mode: z.enum(['dryRun', 'apply']).nullable(),
  /** rows finished by that run: the progress bar is doneRows / totalRows */
  doneRows: z.number().int(),
  /** that run's outcome so far: new products, changed, unchanged, refused rows */
  counts: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    refused: z.number().int(),
  }),
  createdAt: z.string(),
});
export type AdminImport = z.infer<typeof adminImportSchema>;
export const adminImportDataSchema = z.object({ data: adminImportSchema });

const rowIssueSchema = z.object({ column: z.string(), message: z.string() });
export const adminImportPreviewDataSchema = z.object({
  data: z.object({
    columns: z.array(z.string()),
    rows: z.array(
      z.object({
        line: z.number().int(),
        cells: z.record(z.string(), z.string()),
        /** what the row would be refused for (empty: it would go in) */
        issues: z.array(rowIssueSchema),
      }),
    ),
  }),
});

/** A refused row's reason: its line in the file, its column, the value and the Italian reason. */
export const adminImportRefusalSchema = z.object({
  line: z.number().int(),
  column: z.string(),
  value: z.string(),
  message: z.string(),
});
export type AdminImportRefusal = z.infer<typeof adminImportRefusalSchema>;
export const adminImportRefusalsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(500).default(50),
});
export const adminImportRefusalsDataSchema = z.object({
  data: z.array(adminImportRefusalSchema),
  total: z.number().int(),
});
/** The report's header row (the CSV download). */
export const IMPORT_REPORT_HEADER = ['Riga', 'Colonna', 'Valore', 'Motivo'] as const;

// ---------- POST /admin/catalogue-imports/photos ----------
/** A ZIP of product photos: its bytes and the photos it may hold (each JPEG, PNG or WebP up to 8 MB). */
export const PHOTOS_ZIP_MAX_BYTES = 50 * 1024 * 1024;
export const PHOTOS_ZIP_MAX_FILES = 200;
export const adminPhotosDataSchema = z.object({
  data: z.object({
    /** the photos set, by file name and product */
    done: z.array(z.object({ file: z.string(), productId: z.number().int() })),
    /** the files left out and why (no product with that EAN or code, not a photo, too large) */
    refused: z.array(z.object({ file: z.string(), message: z.string() })),
  }),
});
export type AdminPhotosResult = z.infer<typeof adminPhotosDataSchema>['data'];

export const adminAssortmentEndpoints = {
  createProduct: endpoint({
    method: 'POST',
    path: '/admin/products/create',
    body: adminProductCreateBodySchema,
    response: adminProductDataSchema,
  }),
  retireProduct: endpoint({
    method: 'POST',
    path: '/admin/products/:id/retire',
    params: adminIdParamsSchema,
    body: adminRetireBodySchema,
    response: adminProductDataSchema,
  }),
  restoreProduct: endpoint({
    method: 'POST',
    path: '/admin/products/:id/restore',
    params: adminIdParamsSchema,
    body: adminRetireBodySchema,
    response: adminProductDataSchema,
  }),
  createCategory: endpoint({
    method: 'POST',
    path: '/admin/categories/create',
    body: adminCategoryCreateBodySchema,
    response: adminCategoryDataSchema,
  }),
  retireCategory: endpoint({
    method: 'POST',
    path: '/admin/categories/:id/retire',
    params: adminIdParamsSchema,
    body: adminRetireBodySchema,
    response: adminCategoryDataSchema,
  }),
  /** multipart `file`: a .csv (UTF-8, `;` or `,`) or an .xlsx (its first sheet) */
  uploadImport: endpoint({
    method: 'POST',
    path: '/admin/catalogue-imports',
    response: adminImportDataSchema,
  }),
  /** multipart `file`: a .zip of photos named by EAN or product code (8076809513753.jpg, P-100.png) */
  uploadPhotos: endpoint({
    method: 'POST',
    path: '/admin/catalogue-imports/photos',
    response: adminPhotosDataSchema,
  }),
  importStatus: endpoint({
    method: 'GET',
    path: '/admin/catalogue-imports/:id',
    params: adminIdParamsSchema,
    response: adminImportDataSchema,
  }),
  importPreview: endpoint({
    method: 'GET',
    path: '/admin/catalogue-imports/:id/preview',
    params: adminIdParamsSchema,
    response: adminImportPreviewDataSchema,
  }),
  checkImport: endpoint({
    method: 'POST',
    path: '/admin/catalogue-imports/:id/check',
    params: adminIdParamsSchema,
    response: adminImportDataSchema,
  }),
  applyImport: endpoint({
    method: 'POST',
    path: '/admin/catalogue-imports/:id/apply',
    params: adminIdParamsSchema,
    response: adminImportDataSchema,
  }),
  importRefusals: endpoint({
    method: 'GET',
    path: '/admin/catalogue-imports/:id/refused',
    params: adminIdParamsSchema,
    query: adminImportRefusalsQuerySchema,
    response: adminImportRefusalsDataSchema,
  }),
};
