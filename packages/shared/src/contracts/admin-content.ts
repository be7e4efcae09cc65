import { z } from 'zod';
import { isShopPath } from '../content/links';
import { ADMIN_GRANTS } from './admin';
import { PAGE_TEMPLATES, pageSlugSchema, POST_TERMS } from './content';
import { DELIVERY_SERVICE_IDS } from './delivery';
import { endpoint } from './endpoint';

/**
 * The content store's pages in the back office (decision 050), under /ebsn/api/admin/pages: the chain's
 * editors write them (the HTML goes through the server's sanitiser), customer service and supervisors read
 * them. A page's slug is fixed once created (links point at it). The content module registers these; the
 * roles are `ADMIN_GRANTS.pages`.
 */
export const PAGES_GRANTS = ADMIN_GRANTS.pages;

const id = z.coerce.number().int().min(1).max(2_147_483_647);
const line = (max: number) => z.string().trim().max(max);

export const adminPageListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(25),
  /** words of the title or slug */
  q: line(100).optional(),
});
export const adminPageSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  template: z.enum(PAGE_TEMPLATES),
  published: z.boolean(),
  /** ISO 8601 (UTC) */
  modifiedAt: z.string(),
});
export type AdminPageSummary = z.infer<typeof adminPageSummarySchema>;
export const adminPageListDataSchema = z.object({
  data: z.array(adminPageSummarySchema),
  total: z.number().int(),
});

/** What an editor writes: the HTML is sanitised by the server (what it answers is what is served). */
export const adminPageWriteSchema = z.object({
  title: line(200).min(1, 'Il titolo è obbligatorio.'),
  content: z.string().max(200_000, 'Il testo è troppo lungo (massimo 200.000 caratteri).'),
  excerpt: z.string().max(2_000).default(''),
  validityText: line(200).default(''),
  seoTitle: line(200).default(''),
  seoDescription: line(320).default(''),
  published: z.boolean().default(true),
});
export const adminPageCreateSchema = adminPageWriteSchema.extend({
  slug: pageSlugSchema,
});
/** A change carries the `modifiedAt` the editor read: someone saving meanwhile makes it refused. */
export const adminPageUpdateSchema = adminPageWriteSchema.extend({ modifiedAt: z.string().max(40) });
export const adminPageDetailSchema = adminPageSummarySchema.extend({
  content: z.string(),
  excerpt: z.string(),
  validityText: z.string(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  formId: z.number().int().nullable(),
});
export type AdminPageDetail = z.infer<typeof adminPageDetailSchema>;
export const adminPageDataSchema = z.object({ data: adminPageDetailSchema });

export const adminContentEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/pages',
    query: adminPageListQuerySchema,
    response: adminPageListDataSchema,
  }),
  one: endpoint({
    method: 'GET',
    path: '/admin/pages/:id',
    params: z.object({ id }),
    response: adminPageDataSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/pages',
    body: adminPageCreateSchema,
    response: adminPageDataSchema,
  }),
  update: endpoint({
    method: 'POST',
    path: '/admin/pages/:id',
    params: z.object({ id }),
    body: adminPageUpdateSchema,
    response: adminPageDataSchema,
  }),
} as const;

// ---------- slides (decision 056): the content system's messages of the day, per delivery service ----------
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data non valida (AAAA-MM-GG).')
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    'Data non valida (AAAA-MM-GG).',
  );
/** a shop path ("/volantini", see isShopPath) or a secure address ("https://…") */
const slideLink = z
  .string()
  .trim()
  .max(500)
  .refine(
    (v) => v === '' || isShopPath(v) || /^https:\/\/[^\s]+$/.test(v),
    'Il collegamento deve essere un percorso del negozio (una sola / seguita dal percorso, es. /volantini) o un indirizzo https://.',
  );
/** a picture of the shop's media ("/media/…") or a secure address */
const slideImage = z
  .string()
  .trim()
  .max(500)
  .refine(
    (v) => v === '' || /^\/media\/[^\s]+$/.test(v) || /^https:\/\/[^\s]+$/.test(v),
    'L’immagine deve essere in /media/… o a un indirizzo https://.',
  );

export const adminSlideListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(25),
  /** words of the title */
  q: line(100).optional(),
});
export const adminSlideSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** empty: none */
  img: z.string(),
  /** empty: none */
  link: z.string(),
  /** YYYY-MM-DD, both included */
  validFrom: z.string(),
  validTo: z.string(),
  /** empty: every delivery service */
  deliveryServiceIds: z.array(z.number().int()),
  position: z.number().int(),
  active: z.boolean(),
});
export type AdminSlide = z.infer<typeof adminSlideSchema>;
export const adminSlideListDataSchema = z.object({
  data: z.array(adminSlideSchema),
  total: z.number().int(),
});
export const adminSlideDataSchema = z.object({ data: adminSlideSchema });
/** What an editor writes; a slide is never deleted, it is switched off (the audit log keeps its story). */
export const adminSlideWriteSchema = z
  .object({
    title: line(120).min(1, 'Il titolo è obbligatorio.'),
    description: line(500).default(''),
    img: slideImage.default(''),
    link: slideLink.default(''),
    validFrom: day,
    validTo: day,
    deliveryServiceIds: z
      .array(
        z
          .number()
          .int()
          .refine(
            (id) => (DELIVERY_SERVICE_IDS as readonly number[]).includes(id),
            'Servizio di consegna sconosciuto.',
          ),
      )
      .max(DELIVERY_SERVICE_IDS.length)
      .default([]),
    position: z.number().int().min(0).max(999).default(0),
    active: z.boolean().default(true),
  })
  .refine((s) => s.validTo >= s.validFrom, {
    message: 'La fine della validità non può precedere l’inizio.',
    path: ['validTo'],
  });

export const adminSlideEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/slides',
    query: adminSlideListQuerySchema,
    response: adminSlideListDataSchema,
  }),
  one: endpoint({
    method: 'GET',
    path: '/admin/slides/:id',
    params: z.object({ id }),
    response: adminSlideDataSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/slides',
    body: adminSlideWriteSchema,
    response: adminSlideDataSchema,
  }),
  update: endpoint({
    method: 'POST',
    path: '/admin/slides/:id',
    params: z.object({ id }),
    body: adminSlideWriteSchema,
    response: adminSlideDataSchema,
  }),
} as const;

// ---------- ux-blocks (decision 056): short texts placed under a category's products ----------
const termSlug = z
  .string()
  .trim()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Ogni categoria si indica con il suo indirizzo (ad esempio frutta).');

export const adminUxBlockListQuerySchema = adminSlideListQuerySchema;
export const adminUxBlockSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** sanitised HTML */
  content: z.string(),
  /** the category slugs it shows on */
  terms: z.array(z.string()),
  position: z.number().int(),
  active: z.boolean(),
});
export type AdminUxBlock = z.infer<typeof adminUxBlockSchema>;
export const adminUxBlockListDataSchema = z.object({
  data: z.array(adminUxBlockSchema),
  total: z.number().int(),
});
export const adminUxBlockDataSchema = z.object({ data: adminUxBlockSchema });
/** What an editor writes: the HTML is sanitised by the server; a block is switched off, never deleted. */
export const adminUxBlockWriteSchema = z.object({
  title: line(200).min(1, 'Il titolo è obbligatorio.'),
  content: z.string().max(50_000, 'Il testo è troppo lungo (massimo 50.000 caratteri).'),
  terms: z.array(termSlug).max(20, 'Al massimo 20 categorie.').default([]),
  position: z.number().int().min(0).max(999).default(0),
  active: z.boolean().default(true),
});
export const adminUxBlockCreateSchema = adminUxBlockWriteSchema.extend({ slug: pageSlugSchema });

export const adminUxBlockEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/ux-blocks',
    query: adminUxBlockListQuerySchema,
    response: adminUxBlockListDataSchema,
  }),
  one: endpoint({
    method: 'GET',
    path: '/admin/ux-blocks/:id',
    params: z.object({ id }),
    response: adminUxBlockDataSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/ux-blocks',
    body: adminUxBlockCreateSchema,
    response: adminUxBlockDataSchema,
  }),
  update: endpoint({
    method: 'POST',
    path: '/admin/ux-blocks/:id',
    params: z.object({ id }),
    body: adminUxBlockWriteSchema,
    response: adminUxBlockDataSchema,
  }),
} as const;

// ---------- recipes (decision 056): the content store's custom posts of type "ricette" ----------
/** The recipes' courses (their taxonomy "portata"), as the shop's /ricette chips show them. */
export const RECIPE_COURSES = POST_TERMS.ricette;
export const RECIPE_DIFFICULTIES = ['facile', 'media', 'difficile'] as const;
export type RecipeCourse = (typeof RECIPE_COURSES)[number];
export type RecipeDifficulty = (typeof RECIPE_DIFFICULTIES)[number];

export const adminRecipeListQuerySchema = adminSlideListQuerySchema;
export const adminRecipeSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  /** sanitised HTML */
  content: z.string(),
  course: z.string(),
  difficulty: z.string(),
  minutes: z.number().int(),
  vegetarian: z.boolean(),
  /** empty: none */
  img: z.string(),
  published: z.boolean(),
  /** YYYY-MM-DD: the recipes are listed newest first */
  publishedAt: z.string(),
});
export type AdminRecipe = z.infer<typeof adminRecipeSchema>;
export const adminRecipeListDataSchema = z.object({
  data: z.array(adminRecipeSchema),
  total: z.number().int(),
});
export const adminRecipeDataSchema = z.object({ data: adminRecipeSchema });
/** What an editor writes: the HTML is sanitised by the server; a recipe is unpublished, never deleted. */
export const adminRecipeWriteSchema = z.object({
  title: line(200).min(1, 'Il titolo è obbligatorio.'),
  excerpt: line(500).default(''),
  content: z.string().max(100_000, 'Il testo è troppo lungo (massimo 100.000 caratteri).'),
  course: z.enum(RECIPE_COURSES, 'Scegli una portata: primi, secondi, contorni o dolci.'),
  difficulty: z.enum(RECIPE_DIFFICULTIES, 'Scegli la difficoltà: facile, media o difficile.'),
  minutes: z
    .number('Indica il tempo in minuti.')
    .int('Indica il tempo in minuti interi.')
    .min(1, 'Il tempo va da 1 a 1.440 minuti.')
    .max(1_440, 'Il tempo va da 1 a 1.440 minuti.'),
  vegetarian: z.boolean().default(false),
  img: slideImage.default(''),
  published: z.boolean().default(true),
  publishedAt: day,
});
export const adminRecipeCreateSchema = adminRecipeWriteSchema.extend({ slug: pageSlugSchema });

export const adminRecipeEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/recipes',
    query: adminRecipeListQuerySchema,
    response: adminRecipeListDataSchema,
  }),
  one: endpoint({
    method: 'GET',
    path: '/admin/recipes/:id',
    params: z.object({ id }),
    response: adminRecipeDataSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/recipes',
    body: adminRecipeCreateSchema,
    response: adminRecipeDataSchema,
  }),
  update: endpoint({
    method: 'POST',
    path: '/admin/recipes/:id',
    params: z.object({ id }),
    body: adminRecipeWriteSchema,
    response: adminRecipeDataSchema,
  }),
} as const;
