import { z } from 'zod';
import { ADMIN_GRANTS } from './admin';
import { PAGE_TEMPLATES, pageSlugSchema } from './content';
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
