import {
  CONTENT_PAGE_SIZE_MAX,
  type AdvSlot,
  type ContentSearchData,
  type PageStore,
  type WpMenu,
  type WpPage,
  type WpPageSummary,
} from '@spesa/shared/contracts/content';
import type { AdminPageDetail, AdminPageSummary } from '@spesa/shared/contracts/admin-content';
import type { Page, Product } from '@spesa/shared/contracts/catalogue';
import type { Db } from '../../db/client';
import type { VersionedReadCache } from '../../lib/read-cache';
import { failWith, ok, type Result } from '../../lib/result';
import { CONTENT_TEXT, FALLBACK_ADV } from './content.messages';
import { sanitizeContentHtml } from './content-html';
import { isMenuLocation, toWpMenu } from './content-wp';
import {
  adminPage,
  adminPages,
  adSlotOf,
  editPage,
  incrementContentVersion,
  insertPage,
  menuItems,
  pageById,
  pageBySlug,
  pageIdBySlug,
  pageList,
  searchPages,
  setPagePublished,
  updatePage,
  type AdminPageRow,
  type PageRow,
  type PageWrite,
} from './content-store.repository';

/** What the content store reads from other modules, passed at wiring (app.ts). */
export interface ContentStorePorts {
  /** the chain's stores (the delivery module) */
  stores: () => Promise<PageStore[]>;
  /** one product as the catalogue shows it, or null */
  product: (productId: number) => Promise<Product | null>;
  /** the catalogue's product search, one page */
  searchProducts: (
    text: string,
    page: number,
    perPage: number,
  ) => Promise<{ products: Product[]; page: Page }>;
  /** the back office's audit log (resource `pages`), in the writer's transaction */
  audit: (entry: PageAuditEntry, db: Db) => Promise<void>;
}

/** A staff member's change of a page, as the audit log keeps it (lengths, not the text). */
export interface PageAuditEntry {
  staff: { userId: number; name: string };
  action: 'create' | 'update';
  pageId: number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
}

/** What an editor writes (decision 050): the HTML is sanitised before it is stored. */
export interface PageEdit {
  title: string;
  content: string;
  excerpt: string;
  validityText: string;
  seoTitle: string;
  seoDescription: string;
  published: boolean;
}

const auditedOf = (r: AdminPageRow) => ({
  slug: r.slug,
  title: r.title,
  published: r.published,
  contentLength: r.content.length,
});
const toAdminSummary = (r: AdminPageRow): AdminPageSummary => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  template: r.template,
  published: r.published,
  modifiedAt: r.modifiedAt,
});

/** A page as the back office or the seed writes it; the HTML is sanitised here. */
export interface PageInput {
  slug: string;
  title: string;
  content: string;
  excerpt?: string;
  validityText?: string;
  seoTitle?: string;
  seoDescription?: string;
  template?: 'default' | 'stores' | 'faq';
  formId?: number | null;
}

/** The `[form id=N]` placeholder a page's text may hold where its form goes. */
const FORM_PLACEHOLDER = /\[form id=(\d{1,9})\]/;

/** The words of a search text (at most 8). */
const wordsOf = (text: string): string[] =>
  text
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, 8);

function toSummary(row: PageRow): WpPageSummary {
  return {
    id: row.pageId,
    slug: row.slug,
    link: `/page/${row.slug}`,
    date: row.date,
    modified: row.modified,
    title: { rendered: row.title },
    excerpt: { rendered: row.excerpt },
  };
}

function toWirePage(row: PageRow): WpPage {
  return {
    ...toSummary(row),
    status: 'publish',
    type: 'page',
    content: { rendered: row.content },
    validity_text: row.validityText,
    template: row.template,
    form_id: row.formId,
    yoast_head_json: {
      title: row.seoTitle || `${row.title} | Spesa`,
      description: row.seoDescription || row.excerpt,
    },
  };
}

/** "/category/frutta/" → ["/category/frutta", "/category", "*"]: the most specific configured slot wins. */
export function slotPathsOf(path: string): string[] {
  const clean = (path.split(/[?#]/)[0] ?? '/')
    .replace(/\/{2,}/g, '/')
    .replace(/(.)\/$/, '$1')
    .toLowerCase();
  const out = [clean];
  let cut = clean;
  while (cut.lastIndexOf('/') > 0) {
    cut = cut.slice(0, cut.lastIndexOf('/'));
    out.push(cut);
  }
  out.push('*');
  return out;
}

/**
 * The content store (decision 050): pages, menus, search and ad slots, read through a cache keyed on the
 * content version (content_version, bumped in every write's transaction: every API process sees a change
 * within a second, decision 026).
 */
export class ContentStoreService {
  constructor(
    private readonly db: Db,
    private readonly cache: VersionedReadCache,
    private readonly ports: ContentStorePorts,
  ) {}

  async pageBySlug(slug: string): Promise<Result<{ page: WpPage }>> {
    const cached = await this.cache.getOrLoad(['page', slug], async () => {
      const row = await pageBySlug(slug, this.db);
      return row ? ok({ page: toWirePage(row) }) : failWith(CONTENT_TEXT.pageNotFound, 'notFound');
    });
    if (!cached.ok) return cached;
    return ok({ page: await this.#withStores(cached.data.page) });
  }

  /**
   * GET /wp/v2/pages as WordPress answers it: the published pages with this slug (one or none), or whose
   * title or text hold the words, or all of them by title; paged. A page past the last one is refused
   * (`rest_post_invalid_page_number`), an empty result is not a failure.
   */
  async pages(query: {
    slug?: string | undefined;
    search?: string | undefined;
    page: number;
    perPage: number;
  }): Promise<Result<{ pages: WpPage[]; total: number }>> {
    const { slug, search, page, perPage } = query;
    const found = await this.cache.getOrLoad(
      ['pages', slug ?? null, search ?? null, page, perPage],
      async () => {
        const offset = (page - 1) * perPage;
        if (slug !== undefined) {
          const row = await pageBySlug(slug, this.db);
          return ok({ rows: row && offset === 0 ? [row] : [], total: row ? 1 : 0 });
        }
        if (search !== undefined) {
          const rows = await searchPages(wordsOf(search), CONTENT_PAGE_SIZE_MAX * 10, this.db);
          return ok({ rows: rows.slice(offset, offset + perPage), total: rows.length });
        }
        return ok(await pageList(offset, perPage, this.db));
      },
    );
    if (!found.ok) return found;
    const { rows, total } = found.data;
    if (total > 0 && page > Math.ceil(total / perPage))
      return failWith(CONTENT_TEXT.wpPageNumberTooLarge, 'validation');
    const pages = rows.map(toWirePage);
    return ok({ pages: await Promise.all(pages.map((p) => this.#withStores(p))), total });
  }

  /** GET /wp/v2/pages/:id: a published page, or WordPress's `rest_post_invalid_id`. */
  async pageById(id: number): Promise<Result<WpPage>> {
    const row = await this.cache.getOrLoad(['page-id', id], async () =>
      ok((await pageById(id, this.db)) ?? null),
    );
    if (!row.ok || row.data === null) return failWith(CONTENT_TEXT.wpPageInvalidId, 'notFound');
    return ok(await this.#withStores(toWirePage(row.data)));
  }

  /** The stores are the delivery module's: read at each request, not kept under the content version. */
  async #withStores(page: WpPage): Promise<WpPage> {
    return page.template === 'stores' ? { ...page, stores: await this.ports.stores() } : page;
  }

  /** The menu of a location as the menus plugin answers it; a location without a menu is not found. */
  async menu(location: string): Promise<Result<WpMenu>> {
    if (!isMenuLocation(location)) return failWith(CONTENT_TEXT.wpMenuNotFound, 'notFound');
    return this.cache.getOrLoad(['menu', location], async () =>
      ok(toWpMenu(location, await menuItems(location, this.db))),
    );
  }

  /**
   * Pages (all matches, on the first page) and the catalogue's products (paged) for a text; `total` and
   * `totalPages` count the products.
   */
  async search(
    text: string,
    page: number,
    perPage: number,
  ): Promise<Result<ContentSearchData & { total: number; totalPages: number }>> {
    const words = wordsOf(text);
    const found =
      page === 1
        ? await this.cache.getOrLoad(['search-pages', words], async () =>
            ok((await searchPages(words, 20, this.db)).map(toSummary)),
          )
        : null;
    const pages = found?.ok ? found.data : [];
    const products = await this.ports.searchProducts(text, page, perPage);
    return ok({
      pages,
      products: products.products,
      total: products.page.totItems,
      totalPages: products.page.totPages,
    });
  }

  /** The ad slot of a route path: its own, a parent path's, the chain's default ("*"), or the built-in one. */
  async adv(path: string): Promise<Result<{ adv: AdvSlot }>> {
    const paths = slotPathsOf(path);
    const slot = await this.cache.getOrLoad(['adv', paths[0]], async () =>
      ok((await adSlotOf(paths, this.db)) ?? null),
    );
    const row = slot.ok ? slot.data : null;
    if (row && row.routePath !== '*') {
      const product =
        row.kind === 'product' && row.productId ? await this.ports.product(row.productId) : null;
      if (row.kind === 'banner' || product)
        return ok({
          adv: {
            kind: row.kind,
            routePath: row.routePath,
            title: row.title,
            description: row.description,
            img: row.img,
            link: row.link,
            product,
          },
        });
    }
    const fallback = row?.routePath === '*' ? row : FALLBACK_ADV;
    return ok({
      adv: {
        kind: 'fallback',
        routePath: '*',
        title: fallback.title,
        description: fallback.description,
        img: fallback.img,
        link: fallback.link,
        product: null,
      },
    });
  }

  /**
   * Writes a page (a new slug adds it, a known one rewrites it), its HTML through the sanitiser, and bumps
   * the content version in the same transaction. Answers the page's id.
   */
  async savePage(input: PageInput, db: Db = this.db): Promise<Result<{ pageId: number }>> {
    const content = sanitizeContentHtml(input.content);
    if (!content) return failWith(CONTENT_TEXT.pageEmpty, 'validation');
    const placeholder = FORM_PLACEHOLDER.exec(content);
    const write: PageWrite = {
      slug: input.slug,
      title: input.title.trim(),
      content,
      excerpt: sanitizeContentHtml(input.excerpt ?? ''),
      validityText: input.validityText ?? '',
      seoTitle: input.seoTitle ?? '',
      seoDescription: input.seoDescription ?? '',
      template: input.template ?? 'default',
      formId: input.formId ?? (placeholder ? Number(placeholder[1]) : null),
    };
    const pageId = await db.transaction(async (tx) => {
      const existing = await pageIdBySlug(write.slug, tx);
      const id = existing ?? (await insertPage(write, tx));
      if (id === null) return null;
      if (existing !== null) await updatePage(existing, write, tx);
      await incrementContentVersion(tx);
      return id;
    });
    this.cache.invalidateVersion();
    return pageId === null ? failWith(CONTENT_TEXT.pageSlugTaken) : ok({ pageId });
  }

  // ---------- the back office (decision 050) ----------
  async adminList(
    q: string | undefined,
    page: number,
    perPage: number,
  ): Promise<Result<{ data: AdminPageSummary[]; total: number }>> {
    const { rows, total } = await adminPages(q, (page - 1) * perPage, perPage, this.db);
    return ok({ data: rows.map(toAdminSummary), total });
  }

  async adminOne(pageId: number): Promise<Result<{ data: AdminPageDetail }>> {
    const row = await adminPage(pageId, false, this.db);
    return row ? ok({ data: row }) : failWith(CONTENT_TEXT.pageNotFound, 'notFound');
  }

  /** A new page by an editor (audited); a slug already used is refused. */
  async adminCreate(
    staff: { userId: number; name: string },
    input: PageEdit & { slug: string },
  ): Promise<Result<{ data: AdminPageDetail }>> {
    const content = sanitizeContentHtml(input.content);
    if (!content) return failWith(CONTENT_TEXT.pageEmpty, 'validation');
    const placeholder = FORM_PLACEHOLDER.exec(content);
    const pageId = await this.db.transaction(async (tx) => {
      const id = await insertPage(
        {
          slug: input.slug,
          title: input.title.trim(),
          content,
          excerpt: sanitizeContentHtml(input.excerpt),
          validityText: input.validityText,
          seoTitle: input.seoTitle,
          seoDescription: input.seoDescription,
          template: 'default',
          formId: placeholder ? Number(placeholder[1]) : null,
        },
        tx,
      );
      if (id === null) return null;
      if (!input.published) await setPagePublished(id, false, tx);
      const row = await adminPage(id, false, tx);
      if (row)
        await this.ports.audit(
          {
            staff,
            action: 'create',
            pageId: id,
            before: null,
            after: auditedOf(row),
          },
          tx,
        );
      await incrementContentVersion(tx);
      return id;
    });
    this.cache.invalidateVersion();
    return pageId === null ? failWith(CONTENT_TEXT.pageSlugTaken) : this.adminOne(pageId);
  }

  /** An editor's change of a page's texts and publication (audited; slug and template stay). */
  async adminUpdate(
    staff: { userId: number; name: string },
    pageId: number,
    input: PageEdit & { modifiedAt: string },
  ): Promise<Result<{ data: AdminPageDetail }>> {
    const content = sanitizeContentHtml(input.content);
    if (!content) return failWith(CONTENT_TEXT.pageEmpty, 'validation');
    const found = await this.db.transaction(async (tx) => {
      const before = await adminPage(pageId, true, tx);
      if (!before) return 'notFound' as const;
      if (before.modifiedAt !== input.modifiedAt) return 'stale' as const;
      await editPage(
        pageId,
        {
          title: input.title.trim(),
          content,
          excerpt: sanitizeContentHtml(input.excerpt),
          validityText: input.validityText,
          seoTitle: input.seoTitle,
          seoDescription: input.seoDescription,
          published: input.published,
        },
        tx,
      );
      const after = await adminPage(pageId, false, tx);
      if (after)
        await this.ports.audit(
          {
            staff,
            action: 'update',
            pageId,
            before: auditedOf(before),
            after: auditedOf(after),
          },
          tx,
        );
      await incrementContentVersion(tx);
      return 'saved' as const;
    });
    this.cache.invalidateVersion();
    if (found === 'notFound') return failWith(CONTENT_TEXT.pageNotFound, 'notFound');
    if (found === 'stale') return failWith(CONTENT_TEXT.pageChanged);
    return this.adminOne(pageId);
  }
}
