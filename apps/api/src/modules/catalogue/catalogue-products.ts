import {
  ALTERNATIVES_LIMIT,
  type Product,
  type ProductAlternatives,
} from '@spesa/shared/contracts/catalogue';
import { failWith, ok, type Message, type Result } from '../../lib/result';
import {
  alternativeIds,
  cartProductsOverStatic,
  CHAIN_WAREHOUSE_ID,
  delistedAt,
  findCartProducts,
  type CartProductRow,
  type CartProductsLive,
  findProducts,
  findProductsByIds,
  substituteIds,
  type ProductRow,
} from './catalogue.repository';
import type { CategoryIndex } from './category-index';
import type { CatalogueReads } from './catalogue-reads';
import { toWireProduct } from './product.mapper';
import { audienceOf, type CartPromo } from './promo-audience';
import { productsAtStore } from './store-overlay';

export const PRODUCT_NOT_FOUND = {
  code: 'msg.product.notFound',
  text: 'Prodotto non trovato.',
} as const satisfies Message;

/** A product as one store shows it (productsAt). */
export interface StoreProduct {
  product: Product;
  /** still sold, and by this store (otherwise a cart or list line stays, as not available) */
  active: boolean;
}

/** What the cart needs of one product (productsForCart). Money in cents, stock in the cart's unit. */
export interface CartProductFacts extends StoreProduct {
  /** sellable stock: pieces, or kg / l for Sfuso */
  stock: number;
  listPriceCents: number;
  /** retired from the chain's assortment (decision 092): never sold again, whatever the store */
  retired?: boolean;
  /**
   * today's promotions: the public one (for everyone or card holders) and a segment's; `promoFor` picks the
   * one a line gets (decision 032)
   */
  promos: CartPromo[];
}

/** A row's promotion as a cart line may get it (decision 032); null without one. */
function promoOf(r: ProductRow, product: Product): CartPromo | null {
  if (r.promoId === null || r.promoPriceCents === null) return null;
  return {
    promoId: r.promoId,
    priceCents: r.promoPriceCents,
    selectable: r.promoSelectable ?? false,
    audience: audienceOf(r.promoAudience),
    segmentId: r.promoSegmentId,
    view: product.warehousePromo ?? null,
  };
}

/** The cart's facts of its products' rows (productsForCart, cartProductsOf). */
function cartFactsOf(rows: readonly CartProductRow[], index: CategoryIndex): Map<number, CartProductFacts> {
  return new Map(
    rows.map(({ row: r, segmentRow, delisted }): [number, CartProductFacts] => {
      const product = toWireProduct(r, index);
      // the public row gives the product, the segment row its promotion only
      const promos = [
        promoOf(r, product),
        segmentRow && promoOf(segmentRow, toWireProduct(segmentRow, index)),
      ];
      return [
        r.productId,
        {
          product,
          active: r.active && !delisted,
          retired: !r.active,
          stock: r.stock,
          listPriceCents: r.priceCents,
          promos: promos.filter((p): p is CartPromo => p !== null),
        },
      ];
    }),
  );
}

/** Single products: by id, slug or barcode; as a store or a cart sees them; their alternatives and substitutes. */
export class CatalogueProducts {
  readonly #r: CatalogueReads;

  constructor(reads: CatalogueReads) {
    this.#r = reads;
  }

  /**
   * One product as a warehouse shows it (its stock and list price; the chain's catalogue by default). The
   * chain's product is read and cached once for all stores; a store lays its stock and price over it
   * (decision 098) and keeps the result in its own cache.
   */
  async product(
    key: { productId?: number; slug?: string; barcode?: string },
    skipCache?: boolean,
    warehouseId: number = CHAIN_WAREHOUSE_ID,
  ): Promise<Result<Product>> {
    const today = this.#r.today();
    const parts = ['product', key.productId ?? null, key.slug ?? null, key.barcode ?? null, today];
    const chain = () =>
      this.#r.cache.getOrLoad(
        [...parts, CHAIN_WAREHOUSE_ID],
        async () => {
          const index = await this.#r.categories();
          const rows = await findProducts(
            { today, ...key, warehouseId: CHAIN_WAREHOUSE_ID },
            { order: 'sales', limit: 1, offset: 0 },
            this.#r.db,
          );
          const row = rows[0];
          return row ? ok(toWireProduct(row, index)) : failWith(PRODUCT_NOT_FOUND, 'notFound');
        },
        skipCache,
      );
    if (warehouseId === CHAIN_WAREHOUSE_ID) return chain();
    return this.#r.storeCache.getOrLoad(
      [...parts, warehouseId],
      async () => {
        const found = await chain();
        if (!found.ok) return found;
        const [atStore] = await productsAtStore([found.data], warehouseId, today, this.#r);
        return atStore ? ok(atStore) : failWith(PRODUCT_NOT_FOUND, 'notFound');
      },
      skipCache,
    );
  }

  /**
   * Products as one store shows them: the store's stock and list price, the public promotion, and whether
   * the store sells them (`active`). The product itself comes from the read cache, as the store's listings
   * show it (its stock as fresh as theirs), unless `fresh`; whether the store sells it is read every time. The lists' products; the cart
   * reads `productsForCart`, always fresh and with the promotions of customer segments. Unknown ids are absent.
   */
  async productsAt(
    ids: readonly number[],
    warehouseId: number,
    fresh = false,
  ): Promise<Map<number, StoreProduct>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const index = await this.#r.categories();
    const today = this.#r.today();
    const shown = await this.#r.cache.getManyOrLoad<StoreProduct>(
      `store-product@${warehouseId}`,
      today,
      unique,
      async (missing) => {
        const rows = await findProductsByIds(missing, today, false, warehouseId, this.#r.db);
        return new Map(
          rows.map((r) => [r.productId, { product: toWireProduct(r, index), active: r.active }]),
        );
      },
      fresh,
    );
    const delisted = await delistedAt(warehouseId, unique, this.#r.db);
    return new Map(
      shown.map((s) => [
        s.product.productId,
        { product: s.product, active: s.active && !delisted.has(s.product.productId) },
      ]),
    );
  }

  /**
   * The products of a cart, read fresh for every cart answer (not through the read cache: prices, today's
   * promotion and stock must be current): the stock and list price of the cart's warehouse (decision 095); a
   * product the cart's store does not sell is not `active` there. Unknown ids are absent from the map.
   */
  async productsForCart(ids: readonly number[], warehouseId: number): Promise<Map<number, CartProductFacts>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const index = await this.#r.categories();
    const rows = await findCartProducts(unique, this.#r.today(), warehouseId, this.#r.db);
    return cartFactsOf(rows, index);
  }

  /**
   * The products of a cart from their live columns, read by the caller's own statement
   * (`cartProductsLiveSql`, composed into the cart's read), and the rest of each product from this process's
   * snapshot (decision 059, session 46): the product's static row, kept under the catalogue version. The
   * version read with the live columns moves the snapshot's at once, so a product changed by another process
   * is read again before it is used; only a product not in the snapshot is read (one statement for all).
   * The same facts as `productsForCart` at the same moment.
   */
  async cartProductsOf(live: CartProductsLive): Promise<Map<number, CartProductFacts>> {
    if (live.rows.length === 0) return new Map();
    this.#r.cache.observeVersion(live.version);
    const ids = [...new Set(live.rows.map((r) => r.productId))];
    const [index, statics] = await Promise.all([
      this.#r.categories(),
      this.#r.cache.getManyOrLoad<ProductRow>('cart-static-row', '', ids, async (missing) => {
        const rows = await findProductsByIds(missing, this.#r.today(), false, CHAIN_WAREHOUSE_ID, this.#r.db);
        return new Map(rows.map((r) => [r.productId, r]));
      }),
    ]);
    const byId = new Map(statics.map((r) => [r.productId, r]));
    return cartFactsOf(cartProductsOverStatic(live.rows, byId), index);
  }

  /**
   * The alternatives of products at one store (issue 20; repository `alternativeIds` says how they are
   * ranked). Read fresh, like a cart's products: stock decides. Unknown ids answer no alternative.
   */
  async alternatives(
    productIds: readonly number[],
    warehouseId: number,
    opts: { details?: boolean; filtered?: boolean } = {},
  ): Promise<ProductAlternatives[]> {
    const unique = [...new Set(productIds)];
    const byProduct = await alternativeIds(unique, warehouseId, ALTERNATIVES_LIMIT, this.#r.db);
    let wire = new Map<number, Product>();
    if (opts.details) {
      const index = await this.#r.categories();
      const ids = [...new Set([...byProduct.values()].flat())];
      const rows = await findProductsByIds(ids, this.#r.today(), false, warehouseId, this.#r.db);
      wire = new Map(rows.map((r) => [r.productId, toWireProduct(r, index)]));
    }
    return unique
      .map((productId) => {
        const alternativeIds = byProduct.get(productId) ?? [];
        return {
          productId,
          alternativeIds,
          ...(opts.details ? { products: alternativeIds.flatMap((id) => wire.get(id) ?? []) } : {}),
        };
      })
      .filter((a) => !opts.filtered || a.alternativeIds.length > 0);
  }

  /** What may replace an ordered product at its store, nearest first (repository `substituteIds`). */
  substitutes(
    productId: number,
    warehouseId: number,
    opts: { q?: string | undefined; limit: number },
  ): Promise<number[]> {
    return substituteIds(productId, warehouseId, opts, this.#r.db);
  }
}
