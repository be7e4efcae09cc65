import type { AdminRecipe, AdminSlide, AdminUxBlock } from '@spesa/shared/contracts/admin-content';
import {
  type PostType,
  type Slide,
  type UxBlock,
  type WpPost,
  type WpPostWithNeighbours,
} from '@spesa/shared/contracts/content';
import type { Db } from '../../db/client';
import type { VersionedReadCache } from '../../lib/read-cache';
import { failWith, ok, type Result } from '../../lib/result';
import { CONTENT_TEXT } from './content.messages';
import { sanitizeContentHtml } from './content-html';
import {
  adminPost,
  adminPosts,
  adminSlide,
  adminSlides,
  insertPost,
  updatePost,
  adminUxBlock,
  adminUxBlocks,
  insertUxBlock,
  updateUxBlock,
  insertSlide,
  updateSlide,
  postBySlug,
  postList,
  slidesById,
  slidesOfDay,
  upsertPost,
  uxBlocks,
  type AdminPostRow,
  type AdminSlideRow,
  type PostEditRow,
  type AdminUxBlockRow,
  type SlideRow,
} from './content-posts.repository';
import { incrementContentVersion } from './content-store.repository';
import { postLink, toWpPost } from './content-wp';

const toSlide = (r: SlideRow): Slide => ({
  id: r.slideId,
  title: r.title,
  description: r.description,
  img: r.img,
  link: r.link,
  validFrom: r.validFrom,
  validTo: r.validTo,
  deliveryServiceIds: r.deliveryServiceIds,
});

const toAdminSlide = (r: AdminSlideRow): AdminSlide => ({
  ...toSlide(r),
  img: r.img ?? '',
  link: r.link ?? '',
  position: r.position,
  active: r.active,
});

/** A slide as an editor writes it (empty picture or link: none). */
export type SlideEdit = Omit<AdminSlide, 'id'>;

/** A staff member's change of a slide, a block or a recipe, for the back office's audit log. */
export type ContentAuditEntry = {
  staff: { userId: number; name: string };
  action: 'create' | 'update';
} & (
  | { resource: 'slides'; id: number; before: AdminSlide | null; after: AdminSlide }
  | { resource: 'ux-blocks'; id: number; before: AuditedBlock | null; after: AuditedBlock }
  | { resource: 'recipes'; id: number; before: AuditedRecipe | null; after: AuditedRecipe }
);

/** A recipe as the audit log keeps it: the text's length, not the text. */
type AuditedRecipe = Omit<AdminRecipe, 'content'> & { contentLength: number };
const auditedRecipe = ({ content, ...rest }: AdminRecipe): AuditedRecipe => ({
  ...rest,
  contentLength: content.length,
});

/** The back office's recipe from its post: the course is its term, the facts its fields. */
const toAdminRecipe = (r: AdminPostRow): AdminRecipe => ({
  id: r.postId,
  slug: r.slug,
  title: r.title,
  excerpt: r.excerpt,
  content: r.content,
  course: r.terms[0] ?? '',
  difficulty: r.fields.difficolta ?? '',
  minutes: Number(r.fields.tempo ?? 0),
  vegetarian: r.fields.vegetariana === 'si',
  img: r.img ?? '',
  published: r.published,
  publishedAt: r.publishedAt,
});

/** A recipe as an editor writes it (the HTML sanitised here). */
export type RecipeEdit = Omit<AdminRecipe, 'id' | 'slug'>;

/** The stored post of an editor's recipe: the filters of /ricette read its fields. */
function recipeRowOf(input: RecipeEdit, content: string): PostEditRow {
  return {
    title: input.title.trim(),
    excerpt: sanitizeContentHtml(input.excerpt),
    content,
    img: input.img || null,
    terms: [input.course],
    fields: {
      difficolta: input.difficulty,
      tempo: String(input.minutes),
      vegetariana: input.vegetarian ? 'si' : 'no',
    },
    published: input.published,
    publishedAt: input.publishedAt,
  };
}

/** A block as the audit log keeps it: the text's length, not the text. */
type AuditedBlock = Omit<AdminUxBlock, 'content'> & { contentLength: number };
const auditedBlock = ({ content, ...rest }: AdminUxBlock): AuditedBlock => ({
  ...rest,
  contentLength: content.length,
});

const toAdminUxBlock = (r: AdminUxBlockRow): AdminUxBlock => ({
  id: r.blockId,
  slug: r.slug,
  title: r.title,
  content: r.content,
  terms: r.terms,
  position: r.position,
  active: r.active,
});

/** A block as an editor writes it (the HTML sanitised here). */
export type UxBlockEdit = Omit<AdminUxBlock, 'id' | 'slug'>;

export interface ContentPostsPorts {
  /** the back office's audit log, in the writer's transaction */
  audit: (entry: ContentAuditEntry, db: Db) => Promise<void>;
}

/** A post as the seed or the back office writes it; the HTML is sanitised here. */
export interface PostInput {
  type: PostType;
  slug: string;
  title: string;
  content: string;
  excerpt: string;
  img: string | null;
  terms: string[];
  fields: Record<string, string>;
  publishedAt: Date;
}

/**
 * The content store's custom posts (recipes), ux-blocks and slides (decision 056), read through the content
 * store's cache keyed on the content version; every write bumps the version in its transaction.
 */
export class ContentPostsService {
  constructor(
    private readonly db: Db,
    private readonly cache: VersionedReadCache,
    private readonly ports: ContentPostsPorts,
  ) {}

  /**
   * A type's published posts, newest first, by a term and by field filters, as WordPress lists posts: a
   * page of them and how many match; a page past the last one is refused (`rest_post_invalid_page_number`).
   */
  async postList(q: {
    type: PostType;
    term?: string | undefined;
    filters?: Record<string, string> | undefined;
    page: number;
    perPage: number;
  }): Promise<Result<{ posts: WpPost[]; total: number }>> {
    const found = await this.cache.getOrLoad(
      ['posts', q.type, q.term ?? '', q.filters ?? {}, q.page, q.perPage],
      async () => {
        const { rows, total } = await postList(
          {
            type: q.type,
            ...(q.term ? { term: q.term } : {}),
            ...(q.filters ? { fields: q.filters } : {}),
            offset: (q.page - 1) * q.perPage,
            limit: q.perPage,
          },
          this.db,
        );
        return ok({ posts: rows.map(toWpPost), total });
      },
    );
    if (found.ok && found.data.total > 0 && q.page > Math.ceil(found.data.total / q.perPage))
      return failWith(CONTENT_TEXT.wpPageNumberTooLarge, 'validation');
    return found;
  }

  /** A published post by slug with its older (`previous`) and newer (`next`) neighbour. */
  async post(type: PostType, slug: string): Promise<Result<WpPostWithNeighbours>> {
    return this.cache.getOrLoad(['post', type, slug], async () => {
      const found = await postBySlug(type, slug, this.db);
      if (!found) return failWith(CONTENT_TEXT.wpPostInvalidSlug, 'notFound');
      const link = (l: { slug: string; title: string } | null) =>
        l ? { slug: l.slug, link: postLink(type, l.slug), title: { rendered: l.title } } : null;
      return ok({ ...toWpPost(found.post), previous: link(found.previous), next: link(found.next) });
    });
  }

  /** The block of a slug (one or none, as WordPress answers a slug), or the blocks placed on a term. */
  async uxBlocks(by: { slug: string } | { term: string }): Promise<Result<UxBlock[]>> {
    return this.cache.getOrLoad(['ux', by], async () => {
      const rows = await uxBlocks(by, this.db);
      return ok(
        rows.map((r) => ({
          id: r.blockId,
          slug: r.slug,
          title: { rendered: r.title },
          content: { rendered: r.content },
          terms: r.terms,
        })),
      );
    });
  }

  /** The slides of a day (YYYY-MM-DD) for a delivery service; without one, the slides for every service. */
  async slides(day: string, deliveryServiceId: number | null): Promise<Result<Slide[]>> {
    return this.cache.getOrLoad(['slides', day, deliveryServiceId], async () =>
      ok((await slidesOfDay(day, deliveryServiceId, this.db)).map(toSlide)),
    );
  }

  /** Slides by id, in the order asked; unknown or switched-off ids are left out. */
  async slidesById(ids: readonly number[]): Promise<Result<Slide[]>> {
    const rows = await slidesById(ids, this.db);
    const byId = new Map(rows.map((r) => [r.slideId, r]));
    return ok(
      ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toSlide(row)] : [];
      }),
    );
  }

  // ---------- writes (seed, back office) ----------
  async savePost(input: PostInput, db: Db = this.db): Promise<number> {
    const id = await db.transaction(async (tx) => {
      const postId = await upsertPost(
        {
          postType: input.type,
          slug: input.slug,
          title: input.title.trim(),
          content: sanitizeContentHtml(input.content),
          excerpt: sanitizeContentHtml(input.excerpt),
          img: input.img,
          terms: input.terms,
          fields: input.fields,
          publishedAt: input.publishedAt,
        },
        tx,
      );
      await incrementContentVersion(tx);
      return postId;
    });
    this.cache.invalidateVersion();
    return id;
  }

  async addSlide(input: Omit<SlideRow, 'slideId'> & { position: number }, db: Db = this.db): Promise<number> {
    const id = await db.transaction(async (tx) => {
      const slideId = await insertSlide(input, tx);
      await incrementContentVersion(tx);
      return slideId;
    });
    this.cache.invalidateVersion();
    return id;
  }

  // ---------- slides in the back office (editors; every write audited) ----------
  async adminSlideList(q: string | undefined, page: number, perPage: number) {
    const { rows, total } = await adminSlides(q, perPage, (page - 1) * perPage, this.db);
    return ok({ data: rows.map(toAdminSlide), total });
  }

  async adminSlideOne(slideId: number): Promise<Result<{ data: AdminSlide }>> {
    const row = await adminSlide(slideId, false, this.db);
    return row ? ok({ data: toAdminSlide(row) }) : failWith(CONTENT_TEXT.slideNotFound, 'notFound');
  }

  async adminSlideCreate(
    staff: { userId: number; name: string },
    input: SlideEdit,
  ): Promise<Result<{ data: AdminSlide }>> {
    const slideId = await this.db.transaction(async (tx) => {
      const id = await insertSlide(slideRowOf(input), tx);
      const after = await adminSlide(id, false, tx);
      if (after)
        await this.ports.audit(
          {
            staff,
            action: 'create',
            resource: 'slides',
            id,
            before: null,
            after: toAdminSlide(after),
          },
          tx,
        );
      await incrementContentVersion(tx);
      return id;
    });
    this.cache.invalidateVersion();
    return this.adminSlideOne(slideId);
  }

  /** Last write wins: a slide is a few short fields an editor sees whole before saving. */
  async adminSlideUpdate(
    staff: { userId: number; name: string },
    slideId: number,
    input: SlideEdit,
  ): Promise<Result<{ data: AdminSlide }>> {
    const found = await this.db.transaction(async (tx) => {
      const before = await adminSlide(slideId, true, tx);
      if (!before) return false;
      await updateSlide(slideId, slideRowOf(input), tx);
      const after = await adminSlide(slideId, false, tx);
      if (after)
        await this.ports.audit(
          {
            staff,
            action: 'update',
            resource: 'slides',
            id: slideId,
            before: toAdminSlide(before),
            after: toAdminSlide(after),
          },
          tx,
        );
      await incrementContentVersion(tx);
      return true;
    });
    this.cache.invalidateVersion();
    return found ? this.adminSlideOne(slideId) : failWith(CONTENT_TEXT.slideNotFound, 'notFound');
  }

  // ---------- ux-blocks in the back office (editors; every write audited) ----------
  async adminUxBlockList(q: string | undefined, page: number, perPage: number) {
    const { rows, total } = await adminUxBlocks(q, perPage, (page - 1) * perPage, this.db);
    return ok({ data: rows.map(toAdminUxBlock), total });
  }

  async adminUxBlockOne(blockId: number): Promise<Result<{ data: AdminUxBlock }>> {
    const row = await adminUxBlock(blockId, false, this.db);
    return row ? ok({ data: toAdminUxBlock(row) }) : failWith(CONTENT_TEXT.blockNotFound, 'notFound');
  }

  /** A new block (its slug fixed from now on; the HTML sanitised; a slug already used is refused). */
  async adminUxBlockCreate(
    staff: { userId: number; name: string },
    input: UxBlockEdit & { slug: string },
  ): Promise<Result<{ data: AdminUxBlock }>> {
    const content = sanitizeContentHtml(input.content);
    if (!content) return failWith(CONTENT_TEXT.blockEmpty, 'validation');
    const blockId = await this.db.transaction(async (tx) => {
      const id = await insertUxBlock({ ...blockRowOf(input, content), slug: input.slug }, tx);
      if (id === null) return null;
      const after = await adminUxBlock(id, false, tx);
      if (after)
        await this.ports.audit(
          {
            staff,
            action: 'create',
            resource: 'ux-blocks',
            id,
            before: null,
            after: auditedBlock(toAdminUxBlock(after)),
          },
          tx,
        );
      await incrementContentVersion(tx);
      return id;
    });
    this.cache.invalidateVersion();
    return blockId === null ? failWith(CONTENT_TEXT.blockSlugTaken) : this.adminUxBlockOne(blockId);
  }

  /** Last write wins, as for the slides: a block is one short text an editor sees whole. */
  async adminUxBlockUpdate(
    staff: { userId: number; name: string },
    blockId: number,
    input: UxBlockEdit,
  ): Promise<Result<{ data: AdminUxBlock }>> {
    const content = sanitizeContentHtml(input.content);
    if (!content) return failWith(CONTENT_TEXT.blockEmpty, 'validation');
    const found = await this.db.transaction(async (tx) => {
      const before = await adminUxBlock(blockId, true, tx);
      if (!before) return false;
      await updateUxBlock(blockId, blockRowOf(input, content), tx);
      const after = await adminUxBlock(blockId, false, tx);
      if (after)
        await this.ports.audit(
          {
            staff,
            action: 'update',
            resource: 'ux-blocks',
            id: blockId,
            before: auditedBlock(toAdminUxBlock(before)),
            after: auditedBlock(toAdminUxBlock(after)),
          },
          tx,
        );
      await incrementContentVersion(tx);
      return true;
    });
    this.cache.invalidateVersion();
    return found ? this.adminUxBlockOne(blockId) : failWith(CONTENT_TEXT.blockNotFound, 'notFound');
  }

  // ---------- recipes in the back office (editors; every write audited) ----------
  async adminRecipeList(q: string | undefined, page: number, perPage: number) {
    const { rows, total } = await adminPosts('ricette', q, perPage, (page - 1) * perPage, this.db);
    return ok({ data: rows.map(toAdminRecipe), total });
  }

  async adminRecipeOne(postId: number): Promise<Result<{ data: AdminRecipe }>> {
    const row = await adminPost('ricette', postId, false, this.db);
    return row ? ok({ data: toAdminRecipe(row) }) : failWith(CONTENT_TEXT.postNotFound, 'notFound');
  }

  /** A new recipe (its slug, its address /ricette/slug, fixed from now on; audited). */
  async adminRecipeCreate(
    staff: { userId: number; name: string },
    input: RecipeEdit & { slug: string },
  ): Promise<Result<{ data: AdminRecipe }>> {
    const content = sanitizeContentHtml(input.content);
    if (!content) return failWith(CONTENT_TEXT.postEmpty, 'validation');
    const postId = await this.db.transaction(async (tx) => {
      const id = await insertPost('ricette', input.slug, recipeRowOf(input, content), tx);
      if (id === null) return null;
      const after = await adminPost('ricette', id, false, tx);
      if (after)
        await this.ports.audit(
          {
            staff,
            action: 'create',
            resource: 'recipes',
            id,
            before: null,
            after: auditedRecipe(toAdminRecipe(after)),
          },
          tx,
        );
      await incrementContentVersion(tx);
      return id;
    });
    this.cache.invalidateVersion();
    return postId === null ? failWith(CONTENT_TEXT.postSlugTaken) : this.adminRecipeOne(postId);
  }

  /** Last write wins, as for the slides and blocks; unpublishing takes it off /ricette at once. */
  async adminRecipeUpdate(
    staff: { userId: number; name: string },
    postId: number,
    input: RecipeEdit,
  ): Promise<Result<{ data: AdminRecipe }>> {
    const content = sanitizeContentHtml(input.content);
    if (!content) return failWith(CONTENT_TEXT.postEmpty, 'validation');
    const found = await this.db.transaction(async (tx) => {
      const before = await adminPost('ricette', postId, true, tx);
      if (!before) return false;
      await updatePost(postId, recipeRowOf(input, content), tx);
      const after = await adminPost('ricette', postId, false, tx);
      if (after)
        await this.ports.audit(
          {
            staff,
            action: 'update',
            resource: 'recipes',
            id: postId,
            before: auditedRecipe(toAdminRecipe(before)),
            after: auditedRecipe(toAdminRecipe(after)),
          },
          tx,
        );
      await incrementContentVersion(tx);
      return true;
    });
    this.cache.invalidateVersion();
    return found ? this.adminRecipeOne(postId) : failWith(CONTENT_TEXT.postNotFound, 'notFound');
  }
}

/** The stored row of an editor's slide: empty picture or link stored as none. */
function slideRowOf(input: SlideEdit): Omit<AdminSlideRow, 'slideId'> {
  return {
    title: input.title.trim(),
    description: input.description.trim(),
    img: input.img || null,
    link: input.link || null,
    validFrom: input.validFrom,
    validTo: input.validTo,
    deliveryServiceIds: [...new Set(input.deliveryServiceIds)].sort((a, b) => a - b),
    position: input.position,
    active: input.active,
  };
}

/** The stored fields of an editor's block (its HTML already sanitised). */
function blockRowOf(input: UxBlockEdit, content: string): Omit<AdminUxBlockRow, 'blockId' | 'slug'> {
  return {
    title: input.title.trim(),
    content,
    terms: [...new Set(input.terms)],
    position: input.position,
    active: input.active,
  };
}
