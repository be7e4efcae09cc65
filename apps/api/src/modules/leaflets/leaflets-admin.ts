import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type {
  AdminLeaflet,
  AdminLeafletBody,
  AdminLeafletProductsBody,
} from '@spesa/shared/contracts/admin-leaflets';
import { DEFAULT_STORE } from '@spesa/shared/contracts/delivery';
import type { Db } from '../../db/client';
import type { AuditPort } from '../../lib/module';
import { Abort, fail, failWith, ok, type Failure, type Result } from '../../lib/result';
import { folderOf, PAGE_FILE_PREFIX, type LeafletFiles } from './leaflet-files';
import { discard, renderPages, stagePages } from './leaflet-uploads';
import { LEAFLET_TEXT, type MessageKey } from './leaflets.messages';
import type { LeafletCataloguePort } from './leaflets.service';
import { LEAFLET_MEDIA_PREFIX } from './leaflets.service';
import type { AdminLeafletRow, LeafletsAdminRepository, PrintedRow } from './leaflets-admin.repository';

/** The staff member making a change (the back office's session). */
interface Staff {
  userId: number;
  name: string;
}

/** What the editor needs of other modules: the stores (delivery) and a product by code or EAN (catalogue). */
export interface LeafletAdminPorts {
  catalogue: LeafletCataloguePort;
  /** the product with this EAN or code (retired ones included), or null */
  productIdOf: (key: string) => Promise<number | null>;
  /** the ids of the chain's stores (the catalogue warehouse, DEFAULT_STORE, is always known) */
  storeIds: () => Promise<Set<number>>;
  audit: AuditPort;
}

/** A message of the module's table with its {placeholders} filled in. */
function refusal(
  key: MessageKey,
  vars: Record<string, string | number> = {},
  kind: Failure['kind'] = 'business',
) {
  const m = LEAFLET_TEXT[key];
  return fail(
    m.code,
    m.text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? '')),
    kind,
  );
}

const slugOf = (title: string) =>
  title
    .toLocaleLowerCase('it-IT')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '') || 'volantino';

/**
 * Hot-spots of the products on one page when the editor gives none: a grid over the page below a top band
 * (two columns from two products on), in the order they were listed. Fractions of the page.
 */
export function gridRegions(count: number): Array<{ x: number; y: number; w: number; h: number }> {
  const cols = count > 1 ? 2 : 1;
  const rows = Math.max(1, Math.ceil(count / cols));
  const top = 0.1;
  const margin = 0.03;
  const cellW = (1 - margin * (cols + 1)) / cols;
  const cellH = (1 - top - margin * (rows + 1)) / rows;
  const r = (n: number) => Math.round(n * 10_000) / 10_000;
  return Array.from({ length: count }, (_, i) => ({
    x: r(margin + (i % cols) * (cellW + margin)),
    y: r(top + margin + Math.floor(i / cols) * (cellH + margin)),
    w: r(cellW),
    h: r(cellH),
  }));
}

/**
 * The leaflets in the back office (decision 097): drafts made, their pages uploaded (a PDF rendered, or images),
 * their products set by code or EAN with the leaflet's price, published and withdrawn. Every change is one
 * transaction with its audit record, on the leaflet's locked row; a refusal changes nothing. Only a draft is
 * edited; the demo's drawn leaflets are only published or withdrawn.
 */
export class LeafletsAdmin {
  constructor(
    private readonly db: Db,
    private readonly repo: LeafletsAdminRepository,
    private readonly files: LeafletFiles,
    private readonly ports: LeafletAdminPorts,
  ) {}

  async list(page: number, perPage: number) {
    const { rows, total } = await this.repo.list(perPage, (page - 1) * perPage);
    return ok({ data: rows.map((r) => wireOf(r, [])), total });
  }

  async one(id: number): Promise<Result<{ data: AdminLeaflet }>> {
    const row = await this.repo.find(id, false);
    if (!row) return failWith(LEAFLET_TEXT.adminNotFound, 'notFound');
    return ok({ data: wireOf(row, await this.#productsOf(row)) });
  }

  async create(staff: Staff, body: AdminLeafletBody): Promise<Result<{ data: AdminLeaflet }>> {
    const refused = await this.#checkMeta(body);
    if (refused) return refused;
    const id = await this.db.transaction(async (tx) => {
      const newId = await this.repo.insert(body, `bozza-${randomBytes(8).toString('hex')}`, tx);
      await this.repo.setSlug(newId, `${slugOf(body.title)}-${newId}`, tx);
      await this.repo.setStores(newId, body.warehouseIds, tx);
      await this.ports.audit(
        { staff, action: 'create', resource: 'leaflets', id: newId, before: null, after: body },
        tx,
      );
      return newId;
    });
    return this.one(id);
  }

  async update(staff: Staff, id: number, body: AdminLeafletBody): Promise<Result<{ data: AdminLeaflet }>> {
    const refused = await this.#checkMeta(body);
    if (refused) return refused;
    return this.#change(staff, id, 'update', async (before, tx) => {
      await this.repo.update(id, body, tx);
      await this.repo.setStores(id, body.warehouseIds, tx);
      return body;
    });
  }

  /**
   * New pages from an upload: staged (limits, type), drawn into the file store under a folder named by their
   * hash, then set on the draft in one transaction. Files of a refused or failed change are never named by a
   * leaflet (written once by content, so a retry writes the same keys).
   */
  async uploadPages(
    staff: Staff,
    id: number,
    parts: AsyncIterable<{ file: Readable; filename: string }>,
  ): Promise<Result<{ data: AdminLeaflet }>> {
    const before = await this.repo.find(id, false);
    if (!before) return failWith(LEAFLET_TEXT.adminNotFound, 'notFound');
    const editable = editableRefusal(before);
    if (editable) return editable;
    const staged = await stagePages(parts);
    if ('refused' in staged) return refusal(staged.refused, staged.detail ?? {}, 'validation');
    try {
      const beyond = await this.#productBeyond(id, staged.pageCount);
      if (beyond) return beyond;
      const folder = folderOf(id, staged.version);
      if (!(await this.files.isWhole(folder)))
        await renderPages(
          staged,
          (n, image) => this.files.putPage(folder, n, image),
          (stream) => this.files.putPdf(folder, stream),
        );
      return await this.#change(staff, id, 'pages', async (current, tx) => {
        const products = await this.repo.products(id, tx);
        const last = products.find((p) => p.page >= staged.pageCount);
        if (last) throw new Abort(beyondRefusal(last, staged.pageCount));
        await this.repo.setPages(id, staged.pageCount, staged.version, tx);
        return { pageCount: staged.pageCount, filesVersion: staged.version, kind: staged.kind };
      });
    } finally {
      await discard(staged.dir);
    }
  }

  /** The products printed on the leaflet, all at once: every line is checked before anything is written. */
  async setProducts(
    staff: Staff,
    id: number,
    body: AdminLeafletProductsBody,
  ): Promise<Result<{ data: AdminLeaflet }>> {
    const leaflet = await this.repo.find(id, false);
    if (!leaflet) return failWith(LEAFLET_TEXT.adminNotFound, 'notFound');
    const editable = editableRefusal(leaflet);
    if (editable) return editable;
    const lines: Array<{ productId: number; page: number; priceCents: number }> = [];
    const firstLine = new Map<number, number>();
    for (const [i, p] of body.products.entries()) {
      const line = i + 1;
      if (p.page > leaflet.pageCount)
        return refusal('pageOutOfRange', { line, pages: leaflet.pageCount, page: p.page }, 'validation');
      const productId = await this.ports.productIdOf(p.key);
      if (productId === null) return refusal('unknownProduct', { line, key: p.key }, 'validation');
      const first = firstLine.get(productId);
      if (first !== undefined) return refusal('duplicateProduct', { line, key: p.key, first }, 'validation');
      firstLine.set(productId, line);
      lines.push({ productId, page: p.page - 1, priceCents: Math.round(p.price * 100) });
    }
    const shown = await this.ports.catalogue.productsAt(
      lines.map((l) => l.productId),
      DEFAULT_STORE.storeId,
    );
    const rows: PrintedRow[] = [];
    const byPage = new Map<number, typeof lines>();
    for (const l of lines) byPage.set(l.page, [...(byPage.get(l.page) ?? []), l]);
    for (const [page, onPage] of byPage) {
      const regions = gridRegions(onPage.length);
      onPage.forEach((l, position) => {
        const product = shown.get(l.productId)?.product;
        const listCents = product ? Math.round(product.price * 100) : null;
        rows.push({
          productId: l.productId,
          page,
          position,
          department: product?.breadCrumbs[0]?.name ?? 'Offerte',
          caption: product?.name ?? '',
          brand: product?.shortDescr ?? '',
          format: product?.description ?? '',
          priceCents: l.priceCents,
          listPriceCents: listCents !== null && listCents > l.priceCents ? listCents : null,
          ...(regions[position] ?? { x: 0, y: 0, w: 1, h: 1 }),
        });
      });
    }
    return this.#change(staff, id, 'products', async (_, tx) => {
      await this.repo.setProducts(id, rows, tx);
      return { products: body.products };
    });
  }

  /** Publishes a leaflet: it needs its pages and products, and days still to come. */
  async publish(staff: Staff, id: number): Promise<Result<{ data: AdminLeaflet }>> {
    return this.#change(
      staff,
      id,
      'publish',
      async (before, tx) => {
        if (before.pageCount === 0) throw new Abort(failWith(LEAFLET_TEXT.noPages));
        if ((await this.repo.products(id, tx)).length === 0)
          throw new Abort(failWith(LEAFLET_TEXT.noProducts));
        if (before.toDate < this.ports.catalogue.today()) throw new Abort(failWith(LEAFLET_TEXT.endPassed));
        await this.repo.setStatus(id, 'published', tx);
        return { status: 'published' };
      },
      true,
    );
  }

  /** Withdraws a leaflet: customers no longer see it; it is a draft again. */
  async unpublish(staff: Staff, id: number): Promise<Result<{ data: AdminLeaflet }>> {
    return this.#change(
      staff,
      id,
      'unpublish',
      async (_, tx) => {
        await this.repo.setStatus(id, 'draft', tx);
        return { status: 'draft' };
      },
      true,
    );
  }

  /**
   * One change on the leaflet's locked row with its audit record; `anyState`: also on a published or drawn
   * leaflet (publishing, withdrawing). An Abort inside rolls everything back and answers its failure.
   */
  async #change(
    staff: Staff,
    id: number,
    action: string,
    work: (before: AdminLeafletRow, tx: Db) => Promise<unknown>,
    anyState = false,
  ): Promise<Result<{ data: AdminLeaflet }>> {
    try {
      await this.db.transaction(async (tx) => {
        const before = await this.repo.find(id, true, tx);
        if (!before) throw new Abort(failWith(LEAFLET_TEXT.adminNotFound, 'notFound'));
        if (!anyState) {
          const refused = editableRefusal(before);
          if (refused) throw new Abort(refused);
        }
        const after = await work(before, tx);
        await this.ports.audit({ staff, action, resource: 'leaflets', id, before, after }, tx);
      });
    } catch (error) {
      if (error instanceof Abort) return error.failure;
      throw error;
    }
    return this.one(id);
  }

  async #checkMeta(body: AdminLeafletBody): Promise<Failure | null> {
    if (body.toDate < this.ports.catalogue.today()) return failWith(LEAFLET_TEXT.endPassed, 'validation');
    const stores = await this.ports.storeIds();
    // the chain's catalogue warehouse is where a customer without a store (home delivery, a visitor) shops
    const unknown = body.warehouseIds.find((w) => !stores.has(w) && w !== DEFAULT_STORE.storeId);
    return unknown === undefined ? null : refusal('unknownStore', { id: unknown }, 'validation');
  }

  async #productBeyond(id: number, pageCount: number): Promise<Failure | null> {
    const last = (await this.repo.products(id)).find((p) => p.page >= pageCount);
    return last ? beyondRefusal(last, pageCount) : null;
  }

  async #productsOf(row: AdminLeafletRow): Promise<AdminLeaflet['products']> {
    const printed = await this.repo.products(row.id);
    const shown = await this.ports.catalogue.productsAt(
      printed.map((p) => p.productId),
      DEFAULT_STORE.storeId,
    );
    return printed.map((p) => {
      const product = shown.get(p.productId)?.product;
      return {
        productId: p.productId,
        code: product?.codInt ?? '',
        ean: product?.barcode ?? null,
        name: p.caption,
        page: p.page + 1,
        price: p.priceCents / 100,
        listPrice: p.listPriceCents === null ? null : p.listPriceCents / 100,
      };
    });
  }
}

function editableRefusal(row: AdminLeafletRow): Failure | null {
  if (row.source === 'drawn') return failWith(LEAFLET_TEXT.drawn);
  if (row.status === 'published') return failWith(LEAFLET_TEXT.published);
  return null;
}

const beyondRefusal = (p: PrintedRow, pages: number) =>
  refusal('pagesBeyond', { name: p.caption, page: p.page + 1, pages }, 'validation');

function wireOf(r: AdminLeafletRow, products: AdminLeaflet['products']): AdminLeaflet {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    description: r.description,
    leafletTypeId: r.leafletTypeId,
    fromDate: r.fromDate,
    toDate: r.toDate,
    warehouseIds: r.warehouseId !== null ? [r.warehouseId] : r.warehouseIds,
    status: r.status,
    source: r.source,
    pageCount: r.pageCount,
    baseLocation: `${LEAFLET_MEDIA_PREFIX}/${folderOf(r.id, r.filesVersion)}/${PAGE_FILE_PREFIX}`,
    products,
    updatedAt: r.updatedAt,
  };
}
