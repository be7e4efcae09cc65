import type { Readable } from 'node:stream';
import type { Product, ProductListData } from '@spesa/shared/contracts/catalogue';
import {
  LEAFLET_AVIF_WIDTHS,
  LEAFLET_ID_TEXT,
  LEAFLET_IMAGE_WIDTHS,
  LEAFLET_TYPE_LABEL,
  LEAFLETS_PAGE_SIZE,
  leafletKeySchema,
  type Leaflet,
  type LeafletDepartment,
  type LeafletProductSearchData,
  type LeafletSearchData,
  type LeafletTypeId,
  type LeafletView,
} from '@spesa/shared/contracts/leaflets';
import { fail, failWith, ok, type Result } from '../../lib/result';
import { folderOf, PAGE_FILE_PREFIX, PDF_FILE, type LeafletFiles } from './leaflet-files';
import type { LeafletPrint } from './leaflet-pages';
import { LEAFLET_TEXT } from './leaflets.messages';
import type { LeafletProductRow, LeafletRowWithStore, LeafletsRepository } from './leaflets.repository';

/** What the leaflets module reads of the catalogue (its service, wired in app.ts). */
export interface LeafletCataloguePort {
  /** products as a store shows them, and whether it sells them (unknown ids absent) */
  productsAt(
    ids: readonly number[],
    warehouseId: number,
  ): Promise<Map<number, { product: Product; active: boolean }>>;
  /** today in Rome (YYYY-MM-DD), the catalogue's clock */
  today(): string;
}

export type LeafletKey = { leafletId: number } | { slug: string };

/** Where the leaflets' files are served (media routes of this module). */
export const LEAFLET_MEDIA_PREFIX = '/media/leaflets';

const pageOf = (total: number, page: number, size: number) => ({
  selPage: page,
  totPages: Math.ceil(total / size),
  totItems: total,
  itemsPerPage: size,
});

/**
 * Digital leaflets (decision 052): the current ones of a store, one leaflet with its departments and
 * hot-spots, its products as the shop sells them today (only those the store sells), and its files.
 */
export class LeafletsService {
  constructor(
    private readonly repo: LeafletsRepository,
    private readonly catalogue: LeafletCataloguePort,
    private readonly files: LeafletFiles,
  ) {}

  /** GET /leaflet/search: leaflets valid today for a store (its own and the chain's), a page at a time. */
  async search(
    query: {
      parent_warehouse_id?: number | undefined;
      parent_leaflet_type_id?: number | undefined;
      page?: number | undefined;
      page_size?: number | undefined;
    },
    callerStore: number,
  ): Promise<Result<LeafletSearchData>> {
    const page = query.page ?? 1;
    const size = query.page_size ?? LEAFLETS_PAGE_SIZE;
    const { rows, total } = await this.repo.current(
      {
        today: this.catalogue.today(),
        warehouseId: query.parent_warehouse_id ?? callerStore,
        typeId: query.parent_leaflet_type_id,
      },
      size,
      (page - 1) * size,
    );
    return ok({ leaflets: rows.map(toWire), page: pageOf(total, page, size) });
  }

  /** A leaflet valid today, as the wire shows it; null when unknown or not current. */
  async current(key: LeafletKey): Promise<Leaflet | null> {
    const leaflet = await this.#current(key);
    return leaflet ? toWire(leaflet) : null;
  }

  /** GET /leaflet/view: a current leaflet, its departments and the regions of the products sold. */
  async view(key: LeafletKey, callerStore: number): Promise<Result<LeafletView>> {
    const leaflet = await this.#current(key, callerStore);
    if (!leaflet) return failWith(LEAFLET_TEXT.notFound, 'notFound');
    const sold = await this.#soldRows(leaflet, callerStore);
    return ok({
      ...toWire(leaflet),
      departments: departmentsOf(sold.map((s) => s.row)),
      hotspots: sold.map(({ row }) => ({
        productId: row.productId,
        page: row.page,
        x: row.x,
        y: row.y,
        w: row.w,
        h: row.h,
      })),
    });
  }

  /** GET /leaflet/product-search: the leaflet's products sold at the store, optionally by words or department. */
  async productSearch(
    key: LeafletKey,
    query: {
      q?: string | undefined;
      department?: string | undefined;
      page?: number | undefined;
      page_size?: number | undefined;
    },
    callerStore: number,
  ): Promise<Result<LeafletProductSearchData>> {
    const leaflet = await this.#current(key, callerStore);
    if (!leaflet) return failWith(LEAFLET_TEXT.notFound, 'notFound');
    const words = (query.q ?? '')
      .toLocaleLowerCase('it-IT')
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .split(/\s+/)
      .filter(Boolean);
    const department = query.department?.trim();
    const matching = (await this.#soldRows(leaflet, callerStore)).filter(({ row, product }) => {
      if (department && row.department !== department) return false;
      const text = `${product.name} ${product.shortDescr} ${row.caption} ${row.brand}`
        .toLocaleLowerCase('it-IT')
        .normalize('NFD')
        .replace(/\p{M}/gu, '');
      return words.every((w) => text.includes(w));
    });
    const page = query.page ?? 1;
    const size = query.page_size ?? LEAFLETS_PAGE_SIZE;
    return ok({
      products: matching.slice((page - 1) * size, page * size).map((m) => m.product),
      page: pageOf(matching.length, page, size),
    });
  }

  /** `GET /products?leaflet=...` (the catalogue's port): the leaflet's products as a listing. */
  async listing(
    leaflet: string,
    query: { q?: string | undefined; page: number; page_size: number },
    callerStore: number,
  ): Promise<Result<ProductListData>> {
    const key = leafletKeySchema.safeParse(leaflet);
    if (!key.success) return fail('msg.leaflet.invalid', LEAFLET_ID_TEXT, 'validation');
    const found = await this.productSearch(key.data, query, callerStore);
    return found.ok ? ok({ ...found.data, facets: [] }) : found;
  }

  /**
   * A leaflet's file for the media route: its bytes (drawn first when missing) and type, or null when the name
   * is not one of the leaflet's files (unknown leaflet, stale version, page or width out of range).
   */
  async file(
    folder: string,
    name: string,
  ): Promise<{ stream: Readable; sizeBytes: number; contentType: string; downloadName?: string } | null> {
    const f = /^(\d{1,9})-([0-9a-f]{12})$/.exec(folder);
    if (!f) return null;
    const leaflet = await this.repo.find({ leafletId: Number(f[1]) });
    if (!leaflet || leaflet.filesVersion !== f[2]) return null;
    let contentType: string;
    let downloadName: string | undefined;
    const page = /^pagina-(\d{1,3})(?:-(\d{3,4}))?\.(png|webp|avif)$/.exec(name);
    if (page) {
      const [, n, width, format] = page;
      if (Number(n) >= leaflet.pageCount) return null;
      if (format === 'png' ? width !== undefined : width === undefined) return null;
      const widths = format === 'avif' ? LEAFLET_AVIF_WIDTHS : LEAFLET_IMAGE_WIDTHS;
      if (width !== undefined && !widths.includes(Number(width))) return null;
      contentType = `image/${format}`;
    } else if (name === PDF_FILE) {
      contentType = 'application/pdf';
      downloadName = `${leaflet.slug}.pdf`;
    } else return null;
    await this.ensureFiles(leaflet);
    const stored = await this.files.open(folder, name);
    if (!stored) return null;
    return {
      stream: stored.stream,
      sizeBytes: stored.sizeBytes,
      contentType,
      ...(downloadName ? { downloadName } : {}),
    };
  }

  /** Draws a leaflet's files when missing (an uploaded leaflet's were written at its upload). */
  async ensureFiles(leaflet: LeafletRowWithStore): Promise<void> {
    if (leaflet.source === 'uploaded') return;
    return this.files.ensure(folderOf(leaflet.leafletId, leaflet.filesVersion), () => this.#printOf(leaflet));
  }

  /**
   * Draws the files of the current leaflets that miss them (at start-up, in the background); the number of
   * leaflets drawn.
   */
  async drawCurrent(): Promise<number> {
    const { rows } = await this.repo.current({ today: this.catalogue.today(), warehouseId: -1 }, 100, 0);
    const stores = await this.repo.currentOfStores(this.catalogue.today());
    let drawn = 0;
    for (const leaflet of [...rows, ...stores]) {
      if (await this.files.isWhole(folderOf(leaflet.leafletId, leaflet.filesVersion))) continue;
      await this.ensureFiles(leaflet);
      drawn++;
    }
    return drawn;
  }

  /**
   * A published leaflet valid today, by number or slug; with the caller's store, only if it is for that store
   * (a back-office leaflet naming its stores, decision 097).
   */
  async #current(key: LeafletKey, callerStore?: number): Promise<LeafletRowWithStore | null> {
    const leaflet = await this.repo.find(key);
    const today = this.catalogue.today();
    if (!leaflet || leaflet.status !== 'published') return null;
    if (leaflet.fromDate > today || leaflet.toDate < today) return null;
    const stores = (leaflet.storeIds as unknown[]).map(Number);
    if (callerStore !== undefined && stores.length > 0 && !stores.includes(callerStore)) return null;
    return leaflet;
  }

  /**
   * The leaflet's rows whose product the store sells today (a store's leaflet: that store; the chain's: the
   * caller's), with the product as the shop shows it.
   */
  async #soldRows(
    leaflet: LeafletRowWithStore,
    callerStore: number,
  ): Promise<Array<{ row: LeafletProductRow; product: Product }>> {
    const rows = await this.repo.products(leaflet.leafletId);
    const products = await this.catalogue.productsAt(
      rows.map((r) => r.productId),
      leaflet.warehouseId ?? callerStore,
    );
    return rows.flatMap((row) => {
      const p = products.get(row.productId);
      return p?.active ? [{ row, product: p.product }] : [];
    });
  }

  async #printOf(leaflet: LeafletRowWithStore): Promise<LeafletPrint> {
    return printOf(leaflet, await this.repo.products(leaflet.leafletId));
  }
}

/** What a leaflet prints, from its rows (the files are drawn from it; its hash is the files' version). */
export function printOf(
  leaflet: Pick<LeafletRowWithStore, 'title' | 'fromDate' | 'toDate' | 'warehouseName' | 'pageCount'>,
  rows: ReadonlyArray<Omit<LeafletProductRow, 'leafletId'>>,
): LeafletPrint {
  return {
    title: leaflet.title,
    fromDate: leaflet.fromDate,
    toDate: leaflet.toDate,
    storeName: leaflet.warehouseName,
    pageCount: leaflet.pageCount,
    products: rows.map((r) => ({
      productId: r.productId,
      department: r.department,
      caption: r.caption,
      brand: r.brand ?? '',
      format: r.format ?? '',
      priceCents: r.priceCents,
      listPriceCents: r.listPriceCents ?? null,
      page: r.page,
      position: r.position,
      x: r.x,
      y: r.y,
      w: r.w,
      h: r.h,
    })),
  };
}

function toWire(l: LeafletRowWithStore): Leaflet {
  const base = `${LEAFLET_MEDIA_PREFIX}/${folderOf(l.leafletId, l.filesVersion)}/`;
  return {
    leafletId: l.leafletId,
    slug: l.slug,
    title: l.title,
    fromDate: l.fromDate,
    toDate: l.toDate,
    baseLocation: `${base}${PAGE_FILE_PREFIX}`,
    firstPagePreview: `${base}${PAGE_FILE_PREFIX}0.png`,
    leafletTypeId: l.leafletTypeId,
    leafletTypeName: LEAFLET_TYPE_LABEL[l.leafletTypeId as LeafletTypeId] ?? 'Volantino',
    warehouseId: l.warehouseId,
    warehouseName: l.warehouseName,
    pageCount: l.pageCount,
    pdfUrl: `${base}${PDF_FILE}`,
    description: l.description,
  };
}

function departmentsOf(rows: readonly LeafletProductRow[]): LeafletDepartment[] {
  const byName = new Map<string, LeafletDepartment>();
  for (const r of rows) {
    const d = byName.get(r.department);
    if (d) {
      d.productCount += 1;
      d.page = Math.min(d.page, r.page);
    } else byName.set(r.department, { name: r.department, page: r.page, productCount: 1 });
  }
  return [...byName.values()].sort((a, b) => a.page - b.page || a.name.localeCompare(b.name, 'it'));
}
