import { z } from 'zod';
import { BLOCK_TYPES, gridConfigSchema } from './catalogue';
import { endpoint } from './endpoint';

/**
 * The back office's API under /ebsn/api/admin (decision 030): staff sign in with a password and a one-time
 * code from an authenticator app (TOTP, RFC 6238), then work on the chain's resources as their role allows.
 * Every write is recorded in the audit log. The admin app (apps/admin) calls these endpoints only.
 */
export const STAFF_ROLES = [
  'administrator',
  'catalogue_manager',
  'store_manager',
  'picker',
  'customer_service',
  'supervisor',
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The Italian names of the roles, as the admin app shows them. */
export const STAFF_ROLE_LABEL: Record<StaffRole, string> = {
  administrator: 'Amministratore',
  catalogue_manager: 'Responsabile catalogo',
  store_manager: 'Responsabile punto vendita',
  picker: 'Preparatore',
  customer_service: 'Servizio clienti',
  supervisor: 'Supervisore',
};

/**
 * Who may read and who may change each resource of the back office (decision 030). The API declares these
 * on every route; the admin app shows a resource, and its edit buttons, only to the roles that may use them.
 * A store manager and a picker are further limited to their own stores.
 */
export const ADMIN_GRANTS = {
  products: {
    read: ['administrator', 'catalogue_manager', 'store_manager', 'supervisor', 'customer_service'],
    write: ['administrator', 'catalogue_manager'],
  },
  /** promotions and list prices, with their history */
  promotions: {
    read: ['administrator', 'catalogue_manager', 'store_manager', 'supervisor', 'customer_service'],
    write: ['administrator', 'catalogue_manager'],
  },
  /** stores, their slot days and data (a catalogue manager reads them to say where a product is sold) */
  stores: {
    read: ['administrator', 'store_manager', 'supervisor', 'customer_service', 'catalogue_manager'],
    write: ['administrator', 'store_manager'],
  },
  orders: {
    read: ['administrator', 'store_manager', 'picker', 'supervisor', 'customer_service'],
    /** picking, prepared, the delivery steps */
    write: ['administrator', 'store_manager', 'picker'],
  },
  /** today's parking reservations of Drive orders (decision 049; the orders module's routes), read only */
  arrivals: {
    read: ['administrator', 'store_manager', 'picker', 'supervisor'],
    write: [],
  },
  /** categories and their pages (grid and blocks) */
  categories: {
    read: ['administrator', 'catalogue_manager', 'supervisor'],
    write: ['administrator', 'catalogue_manager'],
  },
  /** the chain's time windows of each service (capacity, days, lead time, cut-off) */
  slotTemplates: {
    read: ['administrator', 'store_manager', 'supervisor'],
    write: ['administrator'],
  },
  customers: {
    read: ['administrator', 'customer_service', 'supervisor'],
    write: ['administrator', 'customer_service'],
  },
  /** moderation of product votes with a title or comment (decision 036; the ratings module's routes) */
  votes: {
    read: ['administrator', 'customer_service', 'supervisor'],
    write: ['administrator', 'customer_service', 'supervisor'],
  },
  staff: { read: ['administrator'], write: ['administrator'] },
  /** companies' gift-card requests (decision 044; the loyalty module's routes) */
  giftCardOrders: {
    read: ['administrator', 'customer_service', 'supervisor'],
    write: ['administrator', 'customer_service'],
  },
  /** the customers' receipts, read only (decision 046; the receipts module's routes) */
  receipts: { read: ['administrator', 'customer_service', 'supervisor'], write: [] },
  /** the content store's pages (decision 050; the content module's routes) */
  pages: {
    read: ['administrator', 'catalogue_manager', 'supervisor', 'customer_service'],
    write: ['administrator', 'catalogue_manager'],
  },
  /** what customers sent through the shop's forms, with their files, read only (decision 051) */
  formSubmissions: { read: ['administrator', 'customer_service', 'supervisor'], write: [] },
  audit: { read: ['administrator', 'supervisor'], write: [] },
  /** self-scanning in the stores: on/off, the re-scan share, the sessions of the day, the entrance posters */
  selfScanning: {
    read: ['administrator', 'store_manager', 'supervisor'],
    write: ['administrator', 'store_manager'],
  },
  /**
   * orders' money: movements, the payments to check and the daily report; refunds are the `write` roles'
   * (decision 085; the payment module's routes)
   */
  payments: {
    read: ['administrator', 'customer_service', 'supervisor', 'store_manager'],
    write: ['administrator', 'customer_service'],
  },
  /** what operators did while acting for customers (decision 053) */
  operatorActions: { read: ['administrator', 'supervisor'], write: [] },
  /**
   * the shop's mails the SMTP server did not take, and their resend (decision 101; the mail module's routes):
   * customer service answers the customers who did not receive them; not store staff (the mails are the whole
   * chain's, not a store's)
   */
  mails: {
    read: ['administrator', 'customer_service', 'supervisor'],
    write: ['administrator', 'customer_service'],
  },
  /** the leaflets: made, published and withdrawn as the catalogue is (decision 097; the leaflets module) */
  leaflets: {
    read: ['administrator', 'catalogue_manager', 'supervisor'],
    write: ['administrator', 'catalogue_manager'],
  },
} as const satisfies Record<string, { read: readonly StaffRole[]; write: readonly StaffRole[] }>;
export type AdminResource = keyof typeof ADMIN_GRANTS;
export const mayRead = (role: unknown, resource: AdminResource): boolean =>
  (ADMIN_GRANTS[resource].read as readonly unknown[]).includes(role);
export const mayWrite = (role: unknown, resource: AdminResource): boolean =>
  (ADMIN_GRANTS[resource].write as readonly unknown[]).includes(role);

const id = z.coerce.number().int().min(1).max(2_147_483_647);
/** a 6-digit code of the authenticator app, or a recovery code (XXXXX-XXXXX) */
const oneTimeCode = z
  .string()
  .trim()
  .max(20)
  .regex(/^(\d{6}|[A-Za-z0-9]{5}-[A-Za-z0-9]{5})$/, 'Inserisci il codice a 6 cifre o un codice di recupero.');

// ---------- sign-in ----------
export const adminLoginBodySchema = z.object({
  login: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
  /** the authenticator's code (or a recovery code); absent on the first step */
  otp: oneTimeCode.optional(),
});
export const staffMemberSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  /** the stores a store manager or picker works for (empty: all) */
  warehouseIds: z.array(z.number().int()),
});
export type StaffMemberWire = z.infer<typeof staffMemberSchema>;

/**
 * The answer of a sign-in step: `signedIn` (the staff session cookie is set), `codeRequired` (password right,
 * the authenticator's code is needed), or `enrol` (no authenticator yet: scan the QR code, then confirm a code).
 */
export const adminLoginDataSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('signedIn'), staff: staffMemberSchema }),
  z.object({ state: z.literal('codeRequired') }),
  z.object({
    state: z.literal('enrol'),
    enrolmentToken: z.string(),
    /** the secret in Base32, for typing it by hand */
    secret: z.string(),
    otpauthUri: z.string(),
    /** the QR code of otpauthUri, an SVG document */
    qrSvg: z.string(),
  }),
]);
export type AdminLoginData = z.infer<typeof adminLoginDataSchema>;

export const adminEnrolBodySchema = z.object({
  enrolmentToken: z.string().min(10).max(100),
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Inserisci il codice a 6 cifre.'),
});
export const adminEnrolDataSchema = z.object({
  staff: staffMemberSchema,
  /** shown once: each signs in once in place of the authenticator's code */
  recoveryCodes: z.array(z.string()),
});

export const adminMeDataSchema = z.object({ staff: staffMemberSchema });
export const adminEmptySchema = z.object({});

// ---------- lists (react-admin's getList) ----------
export const SORT_ORDERS = ['ASC', 'DESC'] as const;
export const listQuery = <S extends readonly [string, ...string[]]>(sortable: S) =>
  z.object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    perPage: z.coerce.number().int().min(1).max(500).default(25),
    sort: z.enum(sortable).optional(),
    order: z.enum(SORT_ORDERS).default('ASC'),
  });

// ---------- products ----------
export const ADMIN_PRODUCT_SORTS = ['id', 'name', 'brand', 'price', 'stock', 'updatedAt'] as const;
export const adminProductListQuerySchema = listQuery(ADMIN_PRODUCT_SORTS).extend({
  /** name, brand or internal code contains */
  q: z.string().trim().max(100).optional(),
  categoryId: id.optional(),
  active: z.enum(['true', 'false']).optional(),
});
/**
 * The selling rules a product carries in `productInfos` (spec section 5; packages/shared cart/quantity.ts
 * reads them for the cart on both sides). Weights in the selling unit (grams for a loose product).
 */
export const adminSellingRulesSchema = z.object({
  /** QTY_MULT: pieces per step of the quantity control (Pezzo, Confezione) */
  qtyMult: z.number().int(),
  /** QTY_LOCKED: only multiples of qtyMult */
  qtyLocked: z.boolean(),
  /** WEIGHT_SELLING: a loose product's first quantity, grams (null: the step) */
  weightSelling: z.number().int().nullable(),
  /** STEP_SELLING: a loose product's step, grams (null: the first quantity) */
  stepSelling: z.number().int().nullable(),
  /** MAXACQ: the most one cart line may hold (null: no limit but the stock) */
  lineMax: z.number().int().nullable(),
  /** LOGISTIC_PACKAGING_ITEMS with ENABLE_ACQ_BOX: the pieces of a box the customer may buy whole (null: no box) */
  boxItems: z.number().int().nullable(),
});
export type AdminSellingRules = z.infer<typeof adminSellingRulesSchema>;
export const adminProductSchema = z.object({
  id: z.number().int(),
  codInt: z.string(),
  name: z.string(),
  brand: z.string(),
  format: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  sellingType: z.string(),
  unitBase: z.string(),
  /** list price, euro */
  price: z.number(),
  ivaPct: z.number(),
  /** the pieces (kg for Sfuso) in stock in all the stores together */
  stock: z.number(),
  /** the stock of each store that holds some (decision 095) */
  stockByStore: z.array(z.object({ warehouseId: z.number().int(), stock: z.number() })),
  /** the most one customer may buy per day (null: no limit) */
  maxAcq: z.number().int().nullable(),
  /** the fewest pieces a line may hold */
  minAcq: z.number().int(),
  sellingRules: adminSellingRulesSchema,
  /** the long description shown under the product's name (productInfos EXTENDED_DESCRIPTION) */
  extendedDescription: z.string().nullable(),
  /** the stores that do not sell it (their carts refuse it, their orders drop it) */
  notSoldAt: z.array(z.number().int()),
  active: z.boolean(),
  ingredients: z.string().nullable(),
  allergens: z.string().nullable(),
  storage: z.string().nullable(),
  /** the uploaded photo (400 px), or null: the shop shows the illustration */
  imageUrl: z.string().nullable(),
  /** ISO time of the last change: sent back with an edit (a stale edit is refused) */
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
export const adminProductListDataSchema = z.object({
  data: z.array(adminProductSchema),
  total: z.number().int(),
});
export const adminIdParamsSchema = z.object({ id });
export const adminProductDataSchema = z.object({ data: adminProductSchema });

const euro = z.coerce.number().min(0.01).max(100_000);
/** a loose product's weight step, grams (10 g to 5 kg) */
const grams = z.coerce.number().int().min(10).max(5000);
/** An edit: the fields changed, and the `updatedAt` the editor read (someone saving meanwhile refuses it). */
export const adminProductUpdateBodySchema = z.object({
  updatedAt: z.string().min(10).max(40),
  name: z.string().trim().min(2).max(200).optional(),
  /** empty: the brand is not known (decision 025) */
  brand: z.string().trim().max(100).optional(),
  format: z.string().trim().max(100).optional(),
  price: euro.optional(),
  /** the stock of the stores named (0: none left there); the other stores keep theirs */
  stockByStore: z
    .array(
      z.object({
        warehouseId: z.coerce.number().int().min(1).max(2_147_483_647),
        stock: z.coerce.number().min(0).max(1_000_000),
      }),
    )
    .max(200)
    .refine((rows) => new Set(rows.map((r) => r.warehouseId)).size === rows.length, {
      message: 'Ogni negozio una volta sola.',
    })
    .optional(),
  maxAcq: z.coerce.number().int().min(1).max(999).nullable().optional(),
  minAcq: z.coerce.number().int().min(1).max(99).optional(),
  sellingRules: z
    .object({
      qtyMult: z.coerce.number().int().min(1).max(48),
      qtyLocked: z.boolean(),
      weightSelling: grams.nullable(),
      stepSelling: grams.nullable(),
      lineMax: z.coerce.number().int().min(1).max(999).nullable(),
      boxItems: z.coerce.number().int().min(2).max(999).nullable(),
    })
    .partial()
    .optional(),
  extendedDescription: z.string().trim().max(2000).nullable().optional(),
  /** the stores that do not sell it, all of them (the others do) */
  notSoldAt: z.array(id).max(200).optional(),
  active: z.boolean().optional(),
  ingredients: z.string().trim().max(5000).nullable().optional(),
  allergens: z.string().trim().max(1000).nullable().optional(),
  storage: z.string().trim().max(1000).nullable().optional(),
});
export type AdminProductUpdate = z.infer<typeof adminProductUpdateBodySchema>;
/** A list-price change of many products at once: the products a filter selects, moved by a percentage. */
export const adminBulkPriceBodySchema = z
  .object({
    q: z.string().trim().max(100).optional(),
    categoryId: id.optional(),
    /** -50 … +50, not 0: the list prices move by this much, to the cent */
    percent: z.coerce
      .number()
      .min(-50)
      .max(50)
      .refine((n) => n !== 0, 'Indica una variazione diversa da zero.'),
  })
  .refine((b) => b.q !== undefined || b.categoryId !== undefined, 'Scegli una categoria o una ricerca.');
export const adminBulkPriceApplyBodySchema = adminBulkPriceBodySchema.and(
  z.object({
    /** how many products the preview showed: a different count now refuses the change (someone changed them) */
    expectedCount: z.coerce.number().int().min(1).max(500),
  }),
);
export const adminBulkPriceDataSchema = z.object({
  data: z.array(
    z.object({ id: z.number().int(), name: z.string(), price: z.number(), newPrice: z.number() }),
  ),
  total: z.number().int(),
});

/** Failure code of a stale edit: the envelope's data carries the record as it is now. */
export const STALE_EDIT_CODE = 'msg.admin.staleEdit';

const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data non valida (AAAA-MM-GG).')
  .refine((v) => {
    // Date.parse takes 30 February for 2 March: the day must come back as written
    const t = Date.parse(`${v}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().startsWith(v);
  }, 'Data non valida (AAAA-MM-GG).');

// ---------- categories and their page grid ----------
export const ADMIN_CATEGORY_SORTS = ['id', 'name', 'level'] as const;
export const adminCategoryListQuerySchema = listQuery(ADMIN_CATEGORY_SORTS).extend({
  q: z.string().trim().max(100).optional(),
  /** 1: products (departments and aisles), 2: content pages (home, service selector...) */
  categoryTypeId: z.coerce.number().int().min(1).max(2).optional(),
});
export const adminCategorySummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  parentId: z.number().int().nullable(),
  level: z.number().int(),
  categoryTypeId: z.number().int(),
  blocks: z.number().int(),
  /** order among its siblings in the menu and the department lists (lower first) */
  priority: z.number().int(),
  /** shown in the shop's category menu */
  showInMenu: z.boolean(),
  description: z.string().nullable(),
});
export const adminCategoryListDataSchema = z.object({
  data: z.array(adminCategorySummarySchema),
  total: z.number().int(),
});
const metaValue = z.union([z.string().max(5000), z.boolean(), z.number()]);
export const adminCategoryBlockSchema = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  /** the grid column the block goes in */
  position: z.string(),
  priority: z.number().int(),
  blockType: z.enum(BLOCK_TYPES),
  modeName: z.string(),
  /** TITLE, DESCRIPTION, BACKGROUND_COLOR, PRODUCT_LIMIT, CATEGORY, ... (spec section 3) */
  metaData: z.record(z.string(), metaValue),
  /** the banners of a banner block */
  proposals: z.number().int(),
});
export type AdminCategoryBlock = z.infer<typeof adminCategoryBlockSchema>;
export const adminCategorySchema = adminCategorySummarySchema.extend({
  /** the page's rows and columns (per-breakpoint widths); null: the default single column */
  gridConfig: gridConfigSchema.nullable(),
  categoryBlocks: z.array(adminCategoryBlockSchema),
  updatedAt: z.string(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;
export const adminCategoryDataSchema = z.object({ data: adminCategorySchema });
const position = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'Posizione non valida (lettere, cifre, - e _).');
/** A page grid: each column's position once, widths 1-12 per breakpoint. */
export const adminGridConfigSchema = z
  .object({
    rows: z
      .array(
        z.object({
          container: z.boolean().optional(),
          cols: z
            .array(
              z.object({
                position,
                xs: z.number().int().min(1).max(12).optional(),
                sm: z.number().int().min(1).max(12).optional(),
                md: z.number().int().min(1).max(12).optional(),
                lg: z.number().int().min(1).max(12).optional(),
                xl: z.number().int().min(1).max(12).optional(),
              }),
            )
            .min(1, 'Ogni riga ha almeno una colonna.')
            .max(12),
        }),
      )
      .max(40),
  })
  .refine((g) => {
    const all = g.rows.flatMap((r) => r.cols.map((c) => c.position));
    return new Set(all).size === all.length;
  }, 'Ogni posizione compare in una sola colonna.');
/** A category's name, description, order and place in the menu (the tree itself comes from the import). */
export const adminCategoryUpdateBodySchema = z.object({
  updatedAt: z.string().min(10).max(40),
  name: z.string().trim().min(2).max(80).optional(),
  description: z.string().trim().max(1000).nullable().optional(),
  priority: z.coerce.number().int().min(0).max(10_000).optional(),
  showInMenu: z.boolean().optional(),
});
export type AdminCategoryUpdate = z.infer<typeof adminCategoryUpdateBodySchema>;
export const adminCategoryGridBodySchema = z.object({
  updatedAt: z.string().min(10).max(40),
  gridConfig: adminGridConfigSchema,
});
export const adminCategoryBlockBodySchema = z.object({
  position,
  priority: z.coerce.number().int().min(0).max(1000).default(0),
  blockType: z.enum(BLOCK_TYPES),
  modeName: z.string().trim().min(1).max(40).default('default'),
  metaData: z
    .record(z.string().regex(/^[A-Z][A-Z0-9_]{0,39}$/, 'Chiave non valida (MAIUSCOLE_E_CIFRE).'), metaValue)
    .refine((m) => Object.keys(m).length <= 40, 'Al massimo 40 impostazioni.')
    .default({}),
});
export const adminCategoryBlockUpdateBodySchema = adminCategoryBlockBodySchema.partial().extend({
  /** the category's updatedAt read (any change of its page moves it) */
  updatedAt: z.string().min(10).max(40),
});

// ---------- price history and promotions ----------
export const adminPriceHistoryEntrySchema = z.object({
  id: z.number().int(),
  /** 'list': the list price from validFrom until the next one; 'promo': a promotion's price */
  kind: z.enum(['list', 'promo']),
  promoId: z.number().int().nullable(),
  price: z.number(),
  validFrom: z.string(),
  /** null: the current list price */
  validTo: z.string().nullable(),
  recordedAt: z.string(),
  recordedBy: z.number().int().nullable(),
});
export type AdminPriceHistoryEntry = z.infer<typeof adminPriceHistoryEntrySchema>;
export const adminPriceHistoryDataSchema = z.object({ data: z.array(adminPriceHistoryEntrySchema) });

export const PROMOTION_STATUSES = ['current', 'scheduled', 'ended'] as const;
export const ADMIN_PROMOTION_SORTS = ['id', 'validFrom', 'validTo', 'price'] as const;
export const adminPromotionListQuerySchema = listQuery(ADMIN_PROMOTION_SORTS).extend({
  productId: id.optional(),
  status: z.enum(PROMOTION_STATUSES).optional(),
});
/**
 * Who pays a promotion's price (decision 032): everyone, holders of a valid loyalty card (the others see it
 * as an invitation), the customers of one CRM segment (a personal offer, applied in their cart only).
 */
export const PROMOTION_AUDIENCES = ['all', 'card', 'segment'] as const;
export type PromotionAudience = (typeof PROMOTION_AUDIENCES)[number];
export const PROMOTION_AUDIENCE_LABEL: Record<PromotionAudience, string> = {
  all: 'Tutti i clienti',
  card: 'Solo con la carta fedeltà',
  segment: 'Solo un segmento di clienti',
};
export const adminPromotionSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  codInt: z.string(),
  promoType: z.string(),
  /** the product's list price now */
  listPrice: z.number(),
  /** the price the customer pays */
  price: z.number(),
  /** the lowest price of the 30 days before it started (Omnibus); null: not known */
  priorPrice: z.number().nullable(),
  validFrom: z.string(),
  validTo: z.string(),
  header: z.string(),
  body: z.string(),
  status: z.enum(PROMOTION_STATUSES),
  audience: z.enum(PROMOTION_AUDIENCES),
  crmSegmentId: z.number().int().nullable(),
});
export type AdminPromotion = z.infer<typeof adminPromotionSchema>;
export const adminPromotionListDataSchema = z.object({
  data: z.array(adminPromotionSchema),
  total: z.number().int(),
});
export const adminPromotionDataSchema = z.object({ data: adminPromotionSchema });
/** A price cut of one product over some days ("Prezzo tagliato"). */
export const adminPromotionCreateBodySchema = z
  .object({
    productId: id,
    /** the reduced price, euro */
    price: euro,
    /** the first and last day, YYYY-MM-DD (Italian days) */
    validFrom: isoDay,
    validTo: isoDay,
    /** everyone, holders of a valid loyalty card, or the customers of one CRM segment */
    audience: z.enum(PROMOTION_AUDIENCES).default('all'),
    crmSegmentId: id.optional(),
  })
  .refine((b) => b.validTo >= b.validFrom, {
    path: ['validTo'],
    message: "L'ultimo giorno non può precedere il primo.",
  })
  .refine((b) => (b.audience === 'segment') === (b.crmSegmentId !== undefined), {
    path: ['crmSegmentId'],
    message: 'Indica il segmento di clienti solo per una promozione riservata a un segmento.',
  });
export const adminPromotionPreviewQuerySchema = z.object({ productId: id, validFrom: isoDay });
/** What a promotion starting that day would announce: the list price and the 30-day low. */
export const adminPromotionPreviewDataSchema = z.object({
  listPrice: z.number(),
  priorPrice: z.number().nullable(),
  /** a promotion of the product running the day before: the reduction goes on from its prior price */
  continues: z.boolean(),
});

// ---------- stores and their slot days ----------
export const adminStoreSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
});
export type AdminStore = z.infer<typeof adminStoreSchema>;
export const adminStoreListDataSchema = z.object({
  data: z.array(adminStoreSchema),
  total: z.number().int(),
});
const clock = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Orario non valido (HH:MM).');
/** One opening range of a weekday (serviceHours.default of the wire: beginWeekDay 1 = Sunday ... 7 = Saturday). */
export const adminOpeningSchema = z
  .object({
    beginWeekDay: z.coerce.number().int().min(1).max(7),
    beginHour: clock,
    endHour: clock,
  })
  .refine((o) => o.endHour > o.beginHour, {
    path: ['endHour'],
    message: "L'orario di chiusura deve seguire quello di apertura.",
  });
/** A store as the back office edits it: its name, phone and opening hours. */
export const adminStoreDetailSchema = adminStoreSchema.extend({
  phone: z.string(),
  serviceHours: z.array(adminOpeningSchema),
  updatedAt: z.string(),
});
export type AdminStoreDetail = z.infer<typeof adminStoreDetailSchema>;
export const adminStoreDataSchema = z.object({ data: adminStoreDetailSchema });
/** Opening ranges of one weekday never overlap; at most two a day (a lunch break). */
const openingsFit = (hours: ReadonlyArray<z.infer<typeof adminOpeningSchema>>) =>
  [1, 2, 3, 4, 5, 6, 7].every((day) => {
    const ranges = hours
      .filter((h) => h.beginWeekDay === day)
      .sort((a, b) => a.beginHour.localeCompare(b.beginHour));
    return (
      ranges.length <= 2 && ranges.every((r, i) => i === 0 || r.beginHour >= (ranges[i - 1]?.endHour ?? ''))
    );
  });
export const adminStoreUpdateBodySchema = z.object({
  updatedAt: z.string().min(10).max(40),
  name: z.string().trim().min(3).max(80).optional(),
  /** digits, spaces and a leading + (the shop shows it as written) */
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ]{6,20}$/, 'Numero di telefono non valido.')
    .optional(),
  serviceHours: z
    .array(adminOpeningSchema)
    .max(14)
    .refine(openingsFit, 'Gli orari di uno stesso giorno si sovrappongono o sono più di due.')
    .optional(),
});
export type AdminStoreUpdate = z.infer<typeof adminStoreUpdateBodySchema>;
export const adminSlotDaysQuerySchema = z.object({
  /** the first day, YYYY-MM-DD (default: today in Italy) */
  from: isoDay.optional(),
  days: z.coerce.number().int().min(1).max(31).default(7),
});
/** An order booked on a day, to rebook when the day closes. */
export const adminBookedOrderSchema = z.object({
  orderId: z.number().int(),
  customerName: z.string(),
  email: z.string(),
  beginTime: z.string(),
  endTime: z.string(),
  orderStatusId: z.number().int(),
});
export const adminSlotDaySchema = z.object({
  /** `<storeId>-<YYYY-MM-DD>` */
  id: z.string(),
  storeId: z.number().int(),
  date: z.string(),
  slots: z.number().int(),
  open: z.number().int(),
  capacity: z.number().int(),
  booked: z.number().int(),
  /** every slot of the store's calendars is closed that day */
  closed: z.boolean(),
  orders: z.array(adminBookedOrderSchema),
});
export type AdminSlotDay = z.infer<typeof adminSlotDaySchema>;
export const adminSlotDaysDataSchema = z.object({ data: z.array(adminSlotDaySchema) });
export const adminSlotDayBodySchema = z.object({ date: isoDay, closed: z.boolean() });
export const adminSlotDayDataSchema = z.object({ data: adminSlotDaySchema });

// ---------- slot templates ----------
export const SLOT_CALENDAR_KINDS = ['drive', 'home', 'locker', 'work'] as const;
export const adminSlotTemplateSchema = z.object({
  id: z.number().int(),
  /** drive | home | locker | work */
  calendarKind: z.enum(SLOT_CALENDAR_KINDS),
  beginTime: z.string(),
  endTime: z.string(),
  /** places per calendar and day */
  capacity: z.number().int(),
  /** ISO weekdays (1 = Monday ... 7 = Sunday) */
  weekDays: z.array(z.number().int()),
  /** minutes of preparation needed before the window starts */
  leadMinutes: z.number().int(),
  /** orders close at this time of the previous day (HH:MM), or null */
  cutoffPrevDay: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminSlotTemplate = z.infer<typeof adminSlotTemplateSchema>;
export const adminSlotTemplateListDataSchema = z.object({
  data: z.array(adminSlotTemplateSchema),
  total: z.number().int(),
});
export const adminSlotTemplateDataSchema = z.object({ data: adminSlotTemplateSchema });
export const adminSlotTemplateUpdateBodySchema = z.object({
  updatedAt: z.string().min(10).max(40),
  capacity: z.coerce.number().int().min(0).max(500).optional(),
  weekDays: z
    .array(z.coerce.number().int().min(1).max(7))
    .max(7)
    .refine((d) => new Set(d).size === d.length, 'Ogni giorno una volta sola.')
    .optional(),
  leadMinutes: z.coerce.number().int().min(0).max(2880).optional(),
  cutoffPrevDay: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Orario non valido (HH:MM).')
    .nullable()
    .optional(),
});
export type AdminSlotTemplateUpdate = z.infer<typeof adminSlotTemplateUpdateBodySchema>;

// ---------- staff ----------
export const adminStaffSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  warehouseIds: z.array(z.number().int()),
  active: z.boolean(),
  /** the authenticator app is enrolled (else it is at the next sign-in) */
  enrolled: z.boolean(),
  updatedAt: z.string(),
});
export type AdminStaff = z.infer<typeof adminStaffSchema>;
export const adminStaffDataSchema = z.object({ data: adminStaffSchema });
const storeIds = z.array(z.coerce.number().int().min(1).max(2_147_483_647)).max(50);
/** Makes the holder of an existing shop account a staff member. */
export const adminStaffCreateBodySchema = z.object({
  email: z.string().trim().toLowerCase().email('Indirizzo e-mail non valido.').max(254),
  role: z.enum(STAFF_ROLES),
  /** a store manager's or picker's stores (empty: all) */
  warehouseIds: storeIds.default([]),
});
export const adminStaffUpdateBodySchema = z.object({
  updatedAt: z.string().min(10).max(40),
  role: z.enum(STAFF_ROLES).optional(),
  warehouseIds: storeIds.optional(),
  /** false: the member can no longer sign in (their sessions end at once) */
  active: z.boolean().optional(),
});
export type AdminStaffUpdate = z.infer<typeof adminStaffUpdateBodySchema>;
export const adminStaffListDataSchema = z.object({
  data: z.array(adminStaffSchema),
  total: z.number().int(),
});

// ---------- customers ----------
export const ADMIN_CUSTOMER_SORTS = ['id', 'lastName', 'email', 'createdAt'] as const;
export const adminCustomerListQuerySchema = listQuery(ADMIN_CUSTOMER_SORTS).extend({
  /** name, e-mail, loyalty-card number, phone or fiscal code (at least 2 characters) */
  q: z.string().trim().min(2, 'Scrivi almeno 2 caratteri.').max(100).optional(),
});
export const adminCustomerSummarySchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobilePhone: z.string(),
  cardNumber: z.string().nullable(),
  fiscalCode: z.string(),
  createdAt: z.string(),
  /** the personal data were erased on request (ISO time), or null */
  anonymizedAt: z.string().nullable(),
});
export type AdminCustomerSummary = z.infer<typeof adminCustomerSummarySchema>;
export const adminCustomerListDataSchema = z.object({
  data: z.array(adminCustomerSummarySchema),
  total: z.number().int(),
});
export const adminCustomerNoteSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  staffName: z.string(),
  text: z.string(),
});
export const adminCustomerSchema = adminCustomerSummarySchema.extend({
  homePhone: z.string(),
  city: z.string(),
  province: z.string(),
  birthDate: z.string().nullable(),
  marketingConsent: z.boolean(),
  profilingConsent: z.boolean(),
  /** the latest orders */
  orders: z.array(
    z.object({
      orderId: z.number().int(),
      date: z.string(),
      orderStatusId: z.number().int(),
      orderStatusDescr: z.string(),
      grossTotal: z.number(),
    }),
  ),
  notes: z.array(adminCustomerNoteSchema),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;
export const adminCustomerDataSchema = z.object({ data: adminCustomerSchema });
export const adminCustomerNoteBodySchema = z.object({
  text: z.string().trim().min(2, 'Scrivi la nota.').max(2000),
});
/** Erasing a customer's personal data on their request (GDPR art. 17): the request's reference is kept. */
export const adminCustomerAnonymizeBodySchema = z.object({
  /** how the customer asked (e.g. "e-mail del 24/11, pratica 1234") */
  reason: z.string().trim().min(5, 'Indica come e quando il cliente lo ha chiesto.').max(500),
  /** the operator confirms the erasure cannot be undone */
  confirm: z.literal(true, { error: 'Conferma che la cancellazione non si può annullare.' }),
});

// ---------- audit log ----------
export const ADMIN_AUDIT_SORTS = ['id', 'at'] as const;
export const adminAuditListQuerySchema = listQuery(ADMIN_AUDIT_SORTS).extend({
  staffUserId: id.optional(),
  resource: z.string().trim().max(50).optional(),
  action: z.string().trim().max(50).optional(),
});
export const adminAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  staffUserId: z.number().int().nullable(),
  staffName: z.string(),
  action: z.string(),
  resource: z.string(),
  resourceId: z.string().nullable(),
  /** true: the write was done; false: it was refused (wrong role, stale edit) */
  allowed: z.boolean(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditListDataSchema = z.object({
  data: z.array(adminAuditEntrySchema),
  total: z.number().int(),
});

// ---------- endpoints (the backoffice module registers them) ----------
export const backofficeEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/admin/auth/login',
    body: adminLoginBodySchema,
    response: adminLoginDataSchema,
  }),
  enrol: endpoint({
    method: 'POST',
    path: '/admin/auth/enrol',
    body: adminEnrolBodySchema,
    response: adminEnrolDataSchema,
  }),
  logout: endpoint({ method: 'POST', path: '/admin/auth/logout', response: adminEmptySchema }),
  me: endpoint({ method: 'GET', path: '/admin/auth/me', response: adminMeDataSchema }),
  products: endpoint({
    method: 'GET',
    path: '/admin/products',
    query: adminProductListQuerySchema,
    response: adminProductListDataSchema,
  }),
  product: endpoint({
    method: 'GET',
    path: '/admin/products/:id',
    params: adminIdParamsSchema,
    response: adminProductDataSchema,
  }),
  updateProduct: endpoint({
    method: 'POST',
    path: '/admin/products/:id',
    params: adminIdParamsSchema,
    body: adminProductUpdateBodySchema,
    response: adminProductDataSchema,
  }),
  bulkPricePreview: endpoint({
    method: 'POST',
    path: '/admin/products/bulk-price/preview',
    body: adminBulkPriceBodySchema,
    response: adminBulkPriceDataSchema,
  }),
  bulkPrice: endpoint({
    method: 'POST',
    path: '/admin/products/bulk-price',
    body: adminBulkPriceApplyBodySchema,
    response: adminBulkPriceDataSchema,
  }),
  /** multipart/form-data with one `file` (JPEG, PNG or WebP, at most 8 MB): not a JSON body */
  uploadProductImage: endpoint({
    method: 'POST',
    path: '/admin/products/:id/image',
    params: adminIdParamsSchema,
    response: adminProductDataSchema,
  }),
  removeProductImage: endpoint({
    method: 'POST',
    path: '/admin/products/:id/image/remove',
    params: adminIdParamsSchema,
    body: adminEmptySchema,
    response: adminProductDataSchema,
  }),
  categories: endpoint({
    method: 'GET',
    path: '/admin/categories',
    query: adminCategoryListQuerySchema,
    response: adminCategoryListDataSchema,
  }),
  category: endpoint({
    method: 'GET',
    path: '/admin/categories/:id',
    params: adminIdParamsSchema,
    response: adminCategoryDataSchema,
  }),
  updateCategory: endpoint({
    method: 'POST',
    path: '/admin/categories/:id',
    params: adminIdParamsSchema,
    body: adminCategoryUpdateBodySchema,
    response: adminCategoryDataSchema,
  }),
  setCategoryGrid: endpoint({
    method: 'POST',
    path: '/admin/categories/:id/grid',
    params: adminIdParamsSchema,
    body: adminCategoryGridBodySchema,
    response: adminCategoryDataSchema,
  }),
  addCategoryBlock: endpoint({
    method: 'POST',
    path: '/admin/categories/:id/blocks',
    params: adminIdParamsSchema,
    body: adminCategoryBlockBodySchema.extend({ updatedAt: z.string().min(10).max(40) }),
    response: adminCategoryDataSchema,
  }),
  updateCategoryBlock: endpoint({
    method: 'POST',
    path: '/admin/category-blocks/:id',
    params: adminIdParamsSchema,
    body: adminCategoryBlockUpdateBodySchema,
    response: adminCategoryDataSchema,
  }),
  deleteCategoryBlock: endpoint({
    method: 'POST',
    path: '/admin/category-blocks/:id/delete',
    params: adminIdParamsSchema,
    body: z.object({ updatedAt: z.string().min(10).max(40) }),
    response: adminCategoryDataSchema,
  }),
  priceHistory: endpoint({
    method: 'GET',
    path: '/admin/products/:id/price-history',
    params: adminIdParamsSchema,
    response: adminPriceHistoryDataSchema,
  }),
  promotions: endpoint({
    method: 'GET',
    path: '/admin/promotions',
    query: adminPromotionListQuerySchema,
    response: adminPromotionListDataSchema,
  }),
  promotionPreview: endpoint({
    method: 'GET',
    path: '/admin/promotions/preview',
    query: adminPromotionPreviewQuerySchema,
    response: adminPromotionPreviewDataSchema,
  }),
  promotion: endpoint({
    method: 'GET',
    path: '/admin/promotions/:id',
    params: adminIdParamsSchema,
    response: adminPromotionDataSchema,
  }),
  createPromotion: endpoint({
    method: 'POST',
    path: '/admin/promotions',
    body: adminPromotionCreateBodySchema,
    response: adminPromotionDataSchema,
  }),
  endPromotion: endpoint({
    method: 'POST',
    path: '/admin/promotions/:id/end',
    params: adminIdParamsSchema,
    body: adminEmptySchema,
    response: adminPromotionDataSchema,
  }),
  stores: endpoint({ method: 'GET', path: '/admin/stores', response: adminStoreListDataSchema }),
  store: endpoint({
    method: 'GET',
    path: '/admin/stores/:id',
    params: adminIdParamsSchema,
    response: adminStoreDataSchema,
  }),
  updateStore: endpoint({
    method: 'POST',
    path: '/admin/stores/:id',
    params: adminIdParamsSchema,
    body: adminStoreUpdateBodySchema,
    response: adminStoreDataSchema,
  }),
  slotDays: endpoint({
    method: 'GET',
    path: '/admin/stores/:id/slot-days',
    params: adminIdParamsSchema,
    query: adminSlotDaysQuerySchema,
    response: adminSlotDaysDataSchema,
  }),
  setSlotDay: endpoint({
    method: 'POST',
    path: '/admin/stores/:id/slot-days',
    params: adminIdParamsSchema,
    body: adminSlotDayBodySchema,
    response: adminSlotDayDataSchema,
  }),
  customers: endpoint({
    method: 'GET',
    path: '/admin/customers',
    query: adminCustomerListQuerySchema,
    response: adminCustomerListDataSchema,
  }),
  customer: endpoint({
    method: 'GET',
    path: '/admin/customers/:id',
    params: adminIdParamsSchema,
    response: adminCustomerDataSchema,
  }),
  addCustomerNote: endpoint({
    method: 'POST',
    path: '/admin/customers/:id/notes',
    params: adminIdParamsSchema,
    body: adminCustomerNoteBodySchema,
    response: adminCustomerDataSchema,
  }),
  anonymizeCustomer: endpoint({
    method: 'POST',
    path: '/admin/customers/:id/anonymize',
    params: adminIdParamsSchema,
    body: adminCustomerAnonymizeBodySchema,
    response: adminCustomerDataSchema,
  }),
  slotTemplates: endpoint({
    method: 'GET',
    path: '/admin/slot-templates',
    response: adminSlotTemplateListDataSchema,
  }),
  slotTemplate: endpoint({
    method: 'GET',
    path: '/admin/slot-templates/:id',
    params: adminIdParamsSchema,
    response: adminSlotTemplateDataSchema,
  }),
  updateSlotTemplate: endpoint({
    method: 'POST',
    path: '/admin/slot-templates/:id',
    params: adminIdParamsSchema,
    body: adminSlotTemplateUpdateBodySchema,
    response: adminSlotTemplateDataSchema,
  }),
  staff: endpoint({ method: 'GET', path: '/admin/staff', response: adminStaffListDataSchema }),
  staffMember: endpoint({
    method: 'GET',
    path: '/admin/staff/:id',
    params: adminIdParamsSchema,
    response: adminStaffDataSchema,
  }),
  addStaff: endpoint({
    method: 'POST',
    path: '/admin/staff',
    body: adminStaffCreateBodySchema,
    response: adminStaffDataSchema,
  }),
  updateStaff: endpoint({
    method: 'POST',
    path: '/admin/staff/:id',
    params: adminIdParamsSchema,
    body: adminStaffUpdateBodySchema,
    response: adminStaffDataSchema,
  }),
  resetAuthenticator: endpoint({
    method: 'POST',
    path: '/admin/staff/:id/reset-authenticator',
    params: adminIdParamsSchema,
    body: adminEmptySchema,
    response: adminStaffDataSchema,
  }),
  audit: endpoint({
    method: 'GET',
    path: '/admin/audit',
    query: adminAuditListQuerySchema,
    response: adminAuditListDataSchema,
  }),
};
