import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { likeEscape } from './content-store.repository';
import { romeDayText, romeInstant, wordpressTimestamp } from '../../db/wire-time';

/**
 * SQL of the content store's custom posts, ux-blocks and slides (decision 056). Dates are formatted in SQL
 * (Rome time for a post's date, the calendar day for a slide), so both drivers answer the same text.
 */
export interface PostRow {
  postId: number;
  postType: string;
  slug: string;
  title: string;
  excerpt: string;
  img: string | null;
  terms: string[];
  fields: Record<string, string>;
  content: string;
  /** Rome time and UTC, ISO 8601 without offset */
  date: string;
  dateGmt: string;
}
export interface PostLinkRow {
  slug: string;
  title: string;
}

const POST_COLUMNS = sql`post_id AS "postId", post_type AS "postType", slug, title, excerpt, content, img, terms,
  fields, ${wordpressTimestamp('published_at', 'rome')} AS date,
  ${wordpressTimestamp('published_at', 'utc')} AS "dateGmt"`;

/** Newest first; ties by id, so next and previous are well defined. */
const POST_ORDER = sql`published_at DESC, post_id DESC`;

function postWhere(type: string, term?: string, fields?: Record<string, string>): SQL {
  const parts = [sql`post_type = ${type}`, sql`published`];
  if (term) parts.push(sql`${term} = ANY(terms)`);
  if (fields && Object.keys(fields).length > 0) parts.push(sql`fields @> ${JSON.stringify(fields)}::jsonb`);
  return sql.join(parts, sql` AND `);
}

export async function postList(
  q: { type: string; term?: string; fields?: Record<string, string>; offset: number; limit: number },
  db: Db,
): Promise<{ rows: PostRow[]; total: number }> {
  const where = postWhere(q.type, q.term, q.fields);
  const rows = await queryRows<PostRow>(
    db,
    sql`SELECT ${POST_COLUMNS} FROM content_posts WHERE ${where}
        ORDER BY ${POST_ORDER} OFFSET ${q.offset} LIMIT ${q.limit}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM content_posts WHERE ${where}`,
  );
  return { rows, total: count?.n ?? 0 };
}

/** A published post with its older (previous) and newer (next) neighbour of the same type. */
export async function postBySlug(
  type: string,
  slug: string,
  db: Db,
): Promise<{ post: PostRow; previous: PostLinkRow | null; next: PostLinkRow | null } | null> {
  const [post] = await queryRows<PostRow & { at: string }>(
    db,
    sql`SELECT ${POST_COLUMNS}, published_at::text AS at FROM content_posts
        WHERE post_type = ${type} AND slug = ${slug} AND published`,
  );
  if (!post) return null;
  const [previous] = await queryRows<PostLinkRow>(
    db,
    sql`SELECT slug, title FROM content_posts
        WHERE post_type = ${type} AND published
          AND (published_at, post_id) < (${post.at}::timestamptz, ${post.postId})
        ORDER BY ${POST_ORDER} LIMIT 1`,
  );
  const [next] = await queryRows<PostLinkRow>(
    db,
    sql`SELECT slug, title FROM content_posts
        WHERE post_type = ${type} AND published
          AND (published_at, post_id) > (${post.at}::timestamptz, ${post.postId})
        ORDER BY published_at, post_id LIMIT 1`,
  );
  const { at: _at, ...row } = post;
  return { post: row, previous: previous ?? null, next: next ?? null };
}

export interface PostWrite {
  postType: string;
  slug: string;
  title: string;
  content: string;
  excerpt: string;
  img: string | null;
  terms: string[];
  fields: Record<string, string>;
  publishedAt: Date;
}

/** Adds a post, or rewrites the one of the same type and slug. */
export async function upsertPost(p: PostWrite, tx: Db): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO content_posts (post_type, slug, title, content, excerpt, img, terms, fields, published_at)
        VALUES (${p.postType}, ${p.slug}, ${p.title}, ${p.content}, ${p.excerpt}, ${p.img},
          ${textArray(p.terms)}, ${JSON.stringify(p.fields)}::jsonb, ${p.publishedAt.toISOString()}::timestamptz)
        ON CONFLICT (post_type, slug) DO UPDATE SET title = excluded.title, content = excluded.content,
          excerpt = excluded.excerpt, img = excluded.img, terms = excluded.terms, fields = excluded.fields
        RETURNING post_id AS id`,
  );
  if (!row) throw new Error('content_posts upsert answered no row');
  return row.id;
}

// ---------- posts in the back office ----------
export interface AdminPostRow {
  postId: number;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  img: string | null;
  terms: string[];
  fields: Record<string, string>;
  published: boolean;
  /** YYYY-MM-DD in Rome */
  publishedAt: string;
}
const ADMIN_POST_COLUMNS = sql`post_id AS "postId", slug, title, excerpt, content, img, terms, fields, published,
  ${romeDayText('published_at')} AS "publishedAt"`;

/** A type's posts, published or not, newest first; `q`: words of the title or slug. */
export async function adminPosts(
  type: string,
  q: string | undefined,
  limit: number,
  offset: number,
  db: Db,
): Promise<{ rows: AdminPostRow[]; total: number }> {
  const where = q
    ? sql`post_type = ${type} AND unaccent(lower(title || ' ' || slug)) LIKE unaccent(lower(${`%${likeEscape(q)}%`}))`
    : sql`post_type = ${type}`;
  const rows = await queryRows<AdminPostRow>(
    db,
    sql`SELECT ${ADMIN_POST_COLUMNS} FROM content_posts WHERE ${where}
        ORDER BY ${POST_ORDER} LIMIT ${limit} OFFSET ${offset}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM content_posts WHERE ${where}`,
  );
  return { rows, total: count?.n ?? 0 };
}

export async function adminPost(
  type: string,
  postId: number,
  forUpdate = false,
  db: Db,
): Promise<AdminPostRow | null> {
  const [row] = await queryRows<AdminPostRow>(
    db,
    sql`SELECT ${ADMIN_POST_COLUMNS} FROM content_posts WHERE post_type = ${type} AND post_id = ${postId}
        ${forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  return row ?? null;
}

/** The fields of a post an editor writes (its type and slug aside). */
export type PostEditRow = Omit<AdminPostRow, 'postId' | 'slug'>;

/** A new post; null when its slug is taken for the type. `publishedAt`: a day, at noon in Rome. */
export async function insertPost(type: string, slug: string, p: PostEditRow, tx: Db): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO content_posts
          (post_type, slug, title, content, excerpt, img, terms, fields, published, published_at)
        VALUES (${type}, ${slug}, ${p.title}, ${p.content}, ${p.excerpt}, ${p.img}, ${textArray(p.terms)},
          ${JSON.stringify(p.fields)}::jsonb, ${p.published},
          ${romeInstant(sql`${p.publishedAt}::date + time '12:00'`)})
        ON CONFLICT (post_type, slug) DO NOTHING
        RETURNING post_id AS id`,
  );
  return row?.id ?? null;
}

export async function updatePost(postId: number, p: PostEditRow, tx: Db): Promise<void> {
  await tx.execute(
    sql`UPDATE content_posts SET title = ${p.title}, content = ${p.content}, excerpt = ${p.excerpt}, img = ${p.img},
          terms = ${textArray(p.terms)}, fields = ${JSON.stringify(p.fields)}::jsonb, published = ${p.published},
          published_at = CASE
            WHEN ${romeDayText('published_at')} = ${p.publishedAt} THEN published_at
            ELSE ${romeInstant(sql`${p.publishedAt}::date + time '12:00'`)} END
        WHERE post_id = ${postId}`,
  );
}

// ---------- ux-blocks ----------
export interface UxBlockRow {
  blockId: number;
  slug: string;
  title: string;
  content: string;
  terms: string[];
}
const BLOCK_COLUMNS = sql`block_id AS "blockId", slug, title, content, terms`;

export async function uxBlocks(by: { slug: string } | { term: string }, db: Db): Promise<UxBlockRow[]> {
  const where = 'slug' in by ? sql`slug = ${by.slug}` : sql`${by.term} = ANY(terms)`;
  return queryRows<UxBlockRow>(
    db,
    sql`SELECT ${BLOCK_COLUMNS} FROM content_ux_blocks WHERE active AND ${where}
        ORDER BY position, block_id LIMIT 10`,
  );
}

/** A block of the seed, added when its slug is not there yet (an editor's changes are kept). */
export async function insertUxBlockIfMissing(
  b: { slug: string; title: string; content: string; terms: string[]; position: number },
  tx: Db,
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO content_ux_blocks (slug, title, content, terms, position)
        VALUES (${b.slug}, ${b.title}, ${b.content}, ${textArray(b.terms)}, ${b.position})
        ON CONFLICT (slug) DO NOTHING`,
  );
}

// ---------- ux-blocks in the back office ----------
export interface AdminUxBlockRow extends UxBlockRow {
  position: number;
  active: boolean;
}
const ADMIN_BLOCK_COLUMNS = sql`${BLOCK_COLUMNS}, position, active`;

/** Every block, switched off or not, by title; `q`: words of the title or slug. */
export async function adminUxBlocks(
  q: string | undefined,
  limit: number,
  offset: number,
  db: Db,
): Promise<{ rows: AdminUxBlockRow[]; total: number }> {
  const where = q
    ? sql`unaccent(lower(title || ' ' || slug)) LIKE unaccent(lower(${`%${likeEscape(q)}%`}))`
    : sql`TRUE`;
  const rows = await queryRows<AdminUxBlockRow>(
    db,
    sql`SELECT ${ADMIN_BLOCK_COLUMNS} FROM content_ux_blocks WHERE ${where}
        ORDER BY title, block_id LIMIT ${limit} OFFSET ${offset}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM content_ux_blocks WHERE ${where}`,
  );
  return { rows, total: count?.n ?? 0 };
}

export async function adminUxBlock(
  blockId: number,
  forUpdate = false,
  db: Db,
): Promise<AdminUxBlockRow | null> {
  const [row] = await queryRows<AdminUxBlockRow>(
    db,
    sql`SELECT ${ADMIN_BLOCK_COLUMNS} FROM content_ux_blocks WHERE block_id = ${blockId}
        ${forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  return row ?? null;
}

/** A new block; null when its slug is taken. */
export async function insertUxBlock(b: Omit<AdminUxBlockRow, 'blockId'>, tx: Db): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO content_ux_blocks (slug, title, content, terms, position, active)
        VALUES (${b.slug}, ${b.title}, ${b.content}, ${textArray(b.terms)}, ${b.position}, ${b.active})
        ON CONFLICT (slug) DO NOTHING
        RETURNING block_id AS id`,
  );
  return row?.id ?? null;
}

export async function updateUxBlock(
  blockId: number,
  b: Omit<AdminUxBlockRow, 'blockId' | 'slug'>,
  tx: Db,
): Promise<void> {
  await tx.execute(
    sql`UPDATE content_ux_blocks SET title = ${b.title}, content = ${b.content}, terms = ${textArray(b.terms)},
          position = ${b.position}, active = ${b.active}
        WHERE block_id = ${blockId}`,
  );
}

// ---------- slides ----------
export interface SlideRow {
  slideId: number;
  title: string;
  description: string;
  img: string | null;
  link: string | null;
  validFrom: string;
  validTo: string;
  deliveryServiceIds: number[];
}
const SLIDE_COLUMNS = sql`slide_id AS "slideId", title, description, img, link,
  to_char(valid_from, 'YYYY-MM-DD') AS "validFrom", to_char(valid_to, 'YYYY-MM-DD') AS "validTo",
  delivery_service_ids AS "deliveryServiceIds"`;

/** The active slides of a day (YYYY-MM-DD), for a delivery service (those for every service included). */
export async function slidesOfDay(day: string, serviceId: number | null, db: Db): Promise<SlideRow[]> {
  const service =
    serviceId === null
      ? sql`cardinality(delivery_service_ids) = 0`
      : sql`(cardinality(delivery_service_ids) = 0 OR ${serviceId} = ANY(delivery_service_ids))`;
  return queryRows<SlideRow>(
    db,
    sql`SELECT ${SLIDE_COLUMNS} FROM content_slides
        WHERE active AND valid_from <= ${day}::date AND valid_to >= ${day}::date AND ${service}
        ORDER BY position, slide_id LIMIT 20`,
  );
}

export async function slidesById(ids: readonly number[], db: Db): Promise<SlideRow[]> {
  if (ids.length === 0) return [];
  return queryRows<SlideRow>(
    db,
    sql`SELECT ${SLIDE_COLUMNS} FROM content_slides
        WHERE active AND slide_id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
}

export async function insertSlide(
  s: Omit<SlideRow, 'slideId'> & { position: number; active?: boolean },
  tx: Db,
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO content_slides
          (title, description, img, link, valid_from, valid_to, delivery_service_ids, position, active)
        VALUES (${s.title}, ${s.description}, ${s.img}, ${s.link}, ${s.validFrom}::date, ${s.validTo}::date,
          ${intArray(s.deliveryServiceIds)}, ${s.position}, ${s.active ?? true})
        RETURNING slide_id AS id`,
  );
  if (!row) throw new Error('content_slides insert answered no row');
  return row.id;
}

// ---------- slides in the back office ----------
export interface AdminSlideRow extends SlideRow {
  position: number;
  active: boolean;
}
const ADMIN_SLIDE_COLUMNS = sql`${SLIDE_COLUMNS}, position, active`;

/** Every slide, switched off or not, newest validity first; `q`: words of the title. */
export async function adminSlides(
  q: string | undefined,
  limit: number,
  offset: number,
  db: Db,
): Promise<{ rows: AdminSlideRow[]; total: number }> {
  const where = q ? sql`unaccent(lower(title)) LIKE unaccent(lower(${`%${likeEscape(q)}%`}))` : sql`TRUE`;
  const rows = await queryRows<AdminSlideRow>(
    db,
    sql`SELECT ${ADMIN_SLIDE_COLUMNS} FROM content_slides WHERE ${where}
        ORDER BY valid_to DESC, position, slide_id LIMIT ${limit} OFFSET ${offset}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM content_slides WHERE ${where}`,
  );
  return { rows, total: count?.n ?? 0 };
}

export async function adminSlide(slideId: number, forUpdate = false, db: Db): Promise<AdminSlideRow | null> {
  const [row] = await queryRows<AdminSlideRow>(
    db,
    sql`SELECT ${ADMIN_SLIDE_COLUMNS} FROM content_slides WHERE slide_id = ${slideId}
        ${forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  return row ?? null;
}

export async function updateSlide(slideId: number, s: Omit<AdminSlideRow, 'slideId'>, tx: Db): Promise<void> {
  await tx.execute(
    sql`UPDATE content_slides SET title = ${s.title}, description = ${s.description}, img = ${s.img},
          link = ${s.link}, valid_from = ${s.validFrom}::date, valid_to = ${s.validTo}::date,
          delivery_service_ids = ${intArray(s.deliveryServiceIds)}, position = ${s.position}, active = ${s.active}
        WHERE slide_id = ${slideId}`,
  );
}

const textArray = (values: readonly string[]) =>
  values.length === 0
    ? sql`'{}'::text[]`
    : sql`ARRAY[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;
const intArray = (values: readonly number[]) =>
  values.length === 0
    ? sql`'{}'::integer[]`
    : sql`ARRAY[${sql.join(
        values.map((v) => sql`${v}::int`),
        sql`, `,
      )}]`;
