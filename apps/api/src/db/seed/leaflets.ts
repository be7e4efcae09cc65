import type { Product } from '@spesa/shared/contracts/catalogue';
import { DEFAULT_STORE } from '@spesa/shared/contracts/delivery';
import { LEAFLET_TYPE } from '@spesa/shared/contracts/leaflets';
import { sql } from 'drizzle-orm';
import { VersionedReadCache } from '../../lib/read-cache';
import { CatalogueService, readCatalogueVersion } from '../../modules/catalogue/catalogue.service';
import { ContentService } from '../../modules/content/content.service';
import { filesVersionOf } from '../../modules/leaflets/leaflet-files';
import { layOut, type PrintedProduct } from '../../modules/leaflets/leaflet-pages';
import { LeafletsRepository } from '../../modules/leaflets/leaflets.repository';
import { printOf } from '../../modules/leaflets/leaflets.service';
import { queryRows } from '../rows';
import type { Db } from './db';
import { addDays } from '@spesa/shared/time/rome';

/** The demo store with a leaflet of its own (README, "Leaflets"). */
export const DEMO_LEAFLET_STORE = 13;

/**
 * Demo leaflets (issue 23, decision 052), made from the catalogue's current promotions (read through its
 * service): this week's leaflet and a "Speciale" for every store, one for the Milano Città Studi store, and
 * last week's (expired). Slugs carry the start date, so a database seeded weeks ago gets this week's leaflets
 * at the next start; an existing slug is left alone. Only rows: the files are drawn from them on demand.
 */
export async function ensureLeafletData(opts: { now?: Date } = {}, db: Db): Promise<number> {
  const now = opts.now ?? new Date();
  const cache = new VersionedReadCache({
    ttlMs: 0,
    maxEntries: 0,
    readVersion: () => readCatalogueVersion(db),
  });
  const catalogue = new CatalogueService(db, cache, new ContentService(db, cache), { now: () => now });
  const today = catalogue.today();
  const repo = new LeafletsRepository(db);
  const weekly = `offerte-della-settimana-${addDays(today, -2)}`;
  if (await repo.slugExists(weekly)) return 0;

  const promos = await catalogue.productList({ promo: true, page: 1, page_size: 500 });
  if (!promos.ok || promos.data.products.length === 0) return 0;
  const sold = await catalogue.productsAt(
    promos.data.products.map((p) => p.productId),
    DEFAULT_STORE.storeId,
  );
  const byDepartment = new Map<string, PrintedProduct[]>();
  for (const p of promos.data.products) {
    if (!sold.get(p.productId)?.active) continue;
    const printed = printed_(p);
    const list = byDepartment.get(printed.department) ?? [];
    list.push(printed);
    byDepartment.set(printed.department, list);
  }
  const departments = [...byDepartment.keys()].sort((a, b) => a.localeCompare(b, 'it'));
  const take = (names: string[], perDepartment: number) => {
    const lists = names.map((n) => (byDepartment.get(n) ?? []).slice(0, perDepartment));
    // the cover shows the first of each department, the pages the rest department by department
    const cover = lists
      .map((l) => l[0])
      .filter((p): p is PrintedProduct => p !== undefined)
      .slice(0, 4);
    return [...cover, ...lists.flat().filter((p) => !cover.includes(p))];
  };
  const half = Math.ceil(departments.length / 2);
  const [store] = await queryRows<{ name: string }>(
    db,
    sql`SELECT name FROM warehouses WHERE warehouse_id = ${DEMO_LEAFLET_STORE}`,
  );
  let storeProducts: PrintedProduct[] = [];
  if (store) {
    const atStore = await catalogue.productsAt(
      promos.data.products.map((p) => p.productId),
      DEMO_LEAFLET_STORE,
    );
    storeProducts = promos.data.products
      .filter((p) => atStore.get(p.productId)?.active)
      .slice(-10)
      .map(printed_);
  }

  const demo = [
    {
      slug: weekly,
      title: 'Offerte della settimana',
      description:
        'Le offerte della settimana in tutti i punti vendita e nella spesa online: sfoglia il volantino, cerca un prodotto e aggiungilo al carrello o alla lista.',
      leafletTypeId: LEAFLET_TYPE.weekly,
      warehouseId: null,
      fromDate: addDays(today, -2),
      toDate: addDays(today, 5),
      products: take(departments.slice(0, half), 6),
    },
    {
      slug: `speciale-${addDays(today, -1)}`,
      title: 'Speciale convenienza',
      description: 'Le offerte speciali di questi giorni, in tutti i punti vendita e online.',
      leafletTypeId: LEAFLET_TYPE.special,
      warehouseId: null,
      fromDate: addDays(today, -1),
      toDate: addDays(today, 8),
      products: take(departments.slice(half), 6),
    },
    ...(store
      ? [
          {
            slug: `offerte-citta-studi-${addDays(today, -2)}`,
            title: 'Offerte del punto vendita',
            description: `Le offerte del punto vendita ${store.name}.`,
            leafletTypeId: LEAFLET_TYPE.weekly,
            warehouseId: DEMO_LEAFLET_STORE,
            fromDate: addDays(today, -2),
            toDate: addDays(today, 5),
            products: storeProducts,
          },
        ]
      : []),
    {
      slug: `offerte-della-settimana-${addDays(today, -9)}`,
      title: 'Offerte della settimana scorsa',
      description: 'Il volantino della settimana scorsa (scaduto).',
      leafletTypeId: LEAFLET_TYPE.weekly,
      warehouseId: null,
      fromDate: addDays(today, -9),
      toDate: addDays(today, -3),
      products: take(departments.slice(0, half), 2),
    },
  ];
  let written = 0;
  for (const { products, ...leaflet } of demo) {
    if (products.length === 0) continue;
    const { pageCount, products: placed } = layOut(products);
    const print = printOf(
      { ...leaflet, pageCount, warehouseName: leaflet.warehouseId === null ? null : (store?.name ?? null) },
      placed,
    );
    const id = await repo.insert(
      { ...leaflet, pageCount, filesVersion: filesVersionOf(print) },
      placed.map((p) => ({ ...p, listPriceCents: p.listPriceCents })),
    );
    if (id !== null) written += 1;
  }
  return written;
}

/** How a product is printed: name, brand, format, today's promotional and list prices. */
function printed_(p: Product): PrintedProduct {
  const priceCents = Math.round(p.priceDisplay * 100);
  const listCents = Math.round((p.priceStandardDisplay ?? p.price) * 100);
  return {
    productId: p.productId,
    department: p.breadCrumbs[0]?.name ?? 'Offerte',
    caption: p.name,
    brand: p.shortDescr,
    format: p.description,
    priceCents,
    listPriceCents: listCents > priceCents ? listCents : null,
  };
}
