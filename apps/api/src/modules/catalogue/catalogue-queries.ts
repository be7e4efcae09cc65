import type { FreeFrom, ORDER_BY_SORT, ProductSort } from '@spesa/shared/contracts/catalogue';
import type { ProductOrder } from './catalogue.repository';

/** The parsed /products query (contract output). */
export interface ProductsQueryInput {
  q?: string | undefined;
  parent_category_id?: number | undefined;
  category_id?: number | undefined;
  slug?: string | undefined;
  product_id?: number | undefined;
  barcode?: string | undefined;
  facet?: string | string[] | undefined;
  sort?: ProductSort | undefined;
  /** the real platform's ordering; `sort` wins when both come */
  order_by?: keyof typeof ORDER_BY_SORT | undefined;
  promo?: boolean | undefined;
  free_from?: FreeFrom[] | undefined;
  new_product?: boolean | undefined;
  onlyNew?: boolean | undefined;
  /** whose stock and list prices the products carry (decision 095); the chain's catalogue when absent */
  warehouse_id?: number | undefined;
  page: number;
  page_size: number;
  skip_cache?: boolean | undefined;
}

export interface CategoryQueryInput {
  slug?: string | undefined;
  categoryId?: number | undefined;
  q?: string | undefined;
  filtered?: boolean | undefined;
  skip_cache?: boolean | undefined;
  depth?: number | undefined;
}

export interface AdvQueryInput {
  layout: number;
  limit: number;
  shuffle?: boolean | undefined;
  promo?: boolean | undefined;
  product_id?: number | undefined;
  category_id?: number | undefined;
  skip_cache?: boolean | undefined;
}

export const SORT_ORDER: Record<Exclude<ProductSort, ''>, ProductOrder> = {
  pri_asc: 'price_asc',
  pri_desc: 'price_desc',
  alf_asc: 'name_asc',
  alf_dsc: 'name_desc',
  new: 'new',
};

const MAX_INT = 2_147_483_647;

/** facet=vendor:12,vendor:15&facet=category:10101 (brand: is accepted for vendor:). Unknown tokens are ignored. */
export function parseFacets(raw: string | string[] | undefined): {
  vendorIds: number[];
  categoryIds: number[];
} {
  const vendorIds = new Set<number>();
  const categoryIds = new Set<number>();
  const tokens = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).flatMap((s) => s.split(','));
  for (const token of tokens) {
    const m = /^\s*(vendor|brand|category):(\d{1,10})\s*$/.exec(token);
    if (!m) continue;
    const id = Number(m[2]);
    if (id < 1 || id > MAX_INT) continue;
    (m[1] === 'category' ? categoryIds : vendorIds).add(id);
  }
  return { vendorIds: [...vendorIds], categoryIds: [...categoryIds] };
}

/** The last segment of a slug that may be a path (frutta-e-verdura/frutta, /category/frutta). */
export function lastSlugSegment(slug: string): string {
  const parts = slug.toLowerCase().split('/').filter(Boolean);
  return parts[parts.length - 1] ?? '';
}

export function pageOf(totItems: number, page: number, pageSize: number) {
  return { selPage: page, totPages: Math.ceil(totItems / pageSize), totItems, itemsPerPage: pageSize };
}
