import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { wireTimestamp, wordpressTimestamp } from '../../db/wire-time';

/**
 * SQL of the content store (decision 050): pages, menus, ad slots and the content version. Dates are
 * formatted in SQL as Rome time (the shape WordPress gives `date`), so both drivers answer the same text.
 */
export interface PageRow {
  pageId: number;
  slug: string;
  title: string;
  content: string;
  excerpt: string;
  validityText: string;
  seoTitle: string;
  seoDescription: string;
  template: 'default' | 'stores' | 'faq';
  formId: number | null;
  date: string;
  modified: string;
}

const PAGE_COLUMNS = sql`page_id AS "pageId", slug, title, content, excerpt, validity_text AS "validityText",
  seo_title AS "seoTitle", seo_description AS "seoDescription", template, form_id AS "formId",
  ${wordpressTimestamp('created_at', 'rome')} AS date,
  ${wordpressTimestamp('modified_at', 'rome')} AS modified`;

export async function pageBySlug(slug: string, db: Db): Promise<PageRow | undefined> {
  const [row] = await queryRows<PageRow>(
    db,
    sql`SELECT ${PAGE_COLUMNS} FROM content_pages WHERE slug = ${slug} AND published`,
  );
  return row;
}

export async function pageById(pageId: number, db: Db): Promise<PageRow | undefined> {
  const [row] = await queryRows<PageRow>(
    db,
    sql`SELECT ${PAGE_COLUMNS} FROM content_pages WHERE page_id = ${pageId} AND published`,
  );
  return row;
}

export async function pageList(
  offset: number,
  limit: number,
  db: Db,
): Promise<{ rows: PageRow[]; total: number }> {
  const rows = await queryRows<PageRow>(
    db,
    sql`SELECT ${PAGE_COLUMNS} FROM content_pages WHERE published
        ORDER BY title, page_id OFFSET ${offset} LIMIT ${limit}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM content_pages WHERE published`,
  );
  return { rows, total: count?.n ?? 0 };
}

/**
 * Published pages whose title or text holds every word (case and accents ignored), best first: title
 * matches, then by title. Tags are taken out of the text before matching.
 */
export async function searchPages(words: readonly string[], limit: number, db: Db): Promise<PageRow[]> {
  if (words.length === 0) return [];
  const conditions = words.map(
    (w) =>
      sql`unaccent(lower(title || ' ' || regexp_replace(content, '<[^>]*>', ' ', 'g'))) LIKE unaccent(lower(${`%${likeEscape(w)}%`}))`,
  );
  const titleHit = sql.join(
    words.map((w) => sql`unaccent(lower(title)) LIKE unaccent(lower(${`%${likeEscape(w)}%`}))`),
    sql` AND `,
  );
  return queryRows<PageRow>(
    db,
    sql`SELECT ${PAGE_COLUMNS} FROM content_pages
        WHERE published AND ${sql.join(conditions, sql` AND `)}
        ORDER BY (${titleHit}) DESC, title, page_id LIMIT ${limit}`,
  );
}

/** `%`, `_` and the backslash taken literally in a LIKE pattern */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface PageWrite {
  slug: string;
  title: string;
  content: string;
  excerpt: string;
  validityText: string;
  seoTitle: string;
  seoDescription: string;
  template: 'default' | 'stores' | 'faq';
  formId: number | null;
}

/** Inserts a page, or answers null when the slug is taken (guarded in SQL). */
export async function insertPage(p: PageWrite, tx: Db): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO content_pages (slug, title, content, excerpt, validity_text, seo_title, seo_description,
          template, form_id)
        VALUES (${p.slug}, ${p.title}, ${p.content}, ${p.excerpt}, ${p.validityText}, ${p.seoTitle},
          ${p.seoDescription}, ${p.template}, ${p.formId})
        ON CONFLICT (slug) DO NOTHING
        RETURNING page_id AS id`,
  );
  return row?.id ?? null;
}

/** Rewrites a page by id; answers false when there is none. */
export async function updatePage(pageId: number, p: PageWrite, tx: Db): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE content_pages SET slug = ${p.slug}, title = ${p.title}, content = ${p.content},
          excerpt = ${p.excerpt}, validity_text = ${p.validityText}, seo_title = ${p.seoTitle},
          seo_description = ${p.seoDescription}, template = ${p.template}, form_id = ${p.formId},
          modified_at = now()
        WHERE page_id = ${pageId}
        RETURNING page_id AS id`,
  );
  return rows.length > 0;
}

export async function pageIdBySlug(slug: string, db: Db): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT page_id AS id FROM content_pages WHERE slug = ${slug}`,
  );
  return row?.id ?? null;
}

export interface MenuRow {
  itemId: number;
  title: string;
  url: string;
  position: number;
}

export async function menuItems(location: string, db: Db): Promise<MenuRow[]> {
  return queryRows<MenuRow>(
    db,
    sql`SELECT item_id AS "itemId", title, url, position FROM content_menu_items
        WHERE location = ${location} ORDER BY position, item_id`,
  );
}

export interface AdSlotRow {
  slotId: number;
  routePath: string;
  kind: 'banner' | 'product';
  title: string;
  description: string;
  img: string | null;
  link: string | null;
  productId: number | null;
}

/** The active slot of the first of `paths` that has one (the most specific path first). */
export async function adSlotOf(paths: readonly string[], db: Db): Promise<AdSlotRow | undefined> {
  if (paths.length === 0) return undefined;
  const rows = await queryRows<AdSlotRow>(
    db,
    sql`SELECT slot_id AS "slotId", route_path AS "routePath", kind, title, description, img, link,
          product_id AS "productId"
        FROM ad_slots WHERE active AND route_path IN (${sql.join(
          paths.map((p) => sql`${p}`),
          sql`, `,
        )})`,
  );
  // IN (...) answers in any order: pick by the order of `paths`
  for (const p of paths) {
    const hit = rows.find((r) => r.routePath === p);
    if (hit) return hit;
  }
  return undefined;
}

// ---------- content version ----------
export async function readContentVersion(db: Db): Promise<number> {
  const [row] = await queryRows<{ version: number }>(
    db,
    sql`SELECT version FROM content_version WHERE id = 1`,
  );
  return row?.version ?? 0;
}

/** Bumps the version in one statement (in the writer's transaction). */
export async function incrementContentVersion(tx: Db): Promise<void> {
  await tx.execute(
    sql`INSERT INTO content_version (id, version) VALUES (1, 1)
        ON CONFLICT (id) DO UPDATE SET version = content_version.version + 1, updated_at = now()`,
  );
}

// ---------- the back office's pages ----------
export interface AdminPageRow {
  id: number;
  slug: string;
  title: string;
  template: 'default' | 'stores' | 'faq';
  published: boolean;
  modifiedAt: string;
  content: string;
  excerpt: string;
  validityText: string;
  seoTitle: string;
  seoDescription: string;
  formId: number | null;
}
const ADMIN_PAGE_COLUMNS = sql`page_id AS id, slug, title, template, published,
  ${wireTimestamp('modified_at', 'milliseconds')} AS "modifiedAt",
  content, excerpt, validity_text AS "validityText", seo_title AS "seoTitle",
  seo_description AS "seoDescription", form_id AS "formId"`;

/** Every page, published or not, by title; `q` matches the title or the slug. */
export async function adminPages(
  q: string | undefined,
  offset: number,
  limit: number,
  db: Db,
): Promise<{ rows: AdminPageRow[]; total: number }> {
  const where = q
    ? sql`unaccent(lower(title || ' ' || slug)) LIKE unaccent(lower(${`%${likeEscape(q)}%`}))`
    : sql`true`;
  const rows = await queryRows<AdminPageRow>(
    db,
    sql`SELECT ${ADMIN_PAGE_COLUMNS} FROM content_pages WHERE ${where}
        ORDER BY title, page_id OFFSET ${offset} LIMIT ${limit}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM content_pages WHERE ${where}`,
  );
  return { rows, total: count?.n ?? 0 };
}

/** A page by id; `lock` holds its row until the transaction ends (an editor's save). */
export async function adminPage(pageId: number, lock = false, db: Db): Promise<AdminPageRow | undefined> {
  const [row] = await queryRows<AdminPageRow>(
    db,
    sql`SELECT ${ADMIN_PAGE_COLUMNS} FROM content_pages WHERE page_id = ${pageId}${lock ? sql` FOR UPDATE` : sql``}`,
  );
  return row;
}

/** An editor's change of a page (its slug and template stay); answers false when there is none. */
export async function editPage(
  pageId: number,
  p: Omit<PageWrite, 'slug' | 'template' | 'formId'> & { published: boolean },
  tx: Db,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE content_pages SET title = ${p.title}, content = ${p.content}, excerpt = ${p.excerpt},
          validity_text = ${p.validityText}, seo_title = ${p.seoTitle}, seo_description = ${p.seoDescription},
          published = ${p.published}, modified_at = now()
        WHERE page_id = ${pageId}
        RETURNING page_id AS id`,
  );
  return rows.length > 0;
}

export async function setPagePublished(pageId: number, published: boolean, tx: Db): Promise<void> {
  await tx.execute(sql`UPDATE content_pages SET published = ${published} WHERE page_id = ${pageId}`);
}
