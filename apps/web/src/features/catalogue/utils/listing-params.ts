// types only: the contracts hold zod schemas, which must stay out of the first chunks
import type { FreeFrom, ProductSort } from '@spesa/shared/contracts/catalogue';
import type { ProductsRequest } from '../api/get-products';

/**
 * Listing filters kept in the URL (spec sections 3 and 4: facets, sort, promo, onlyNew, page), so reload
 * and back work. Any filter change goes back to page 1; a category change starts without filters
 * (the category page's links carry no search params).
 */
export interface ListingFilters {
  page: number;
  sort: ProductSort;
  facets: string[];
  promo: boolean;
  onlyNew: boolean;
  /** "senza glutine", "senza lattosio" */
  freeFrom: FreeFrom[];
}

export const SORT_OPTIONS = [
  { value: '', labelKey: 'listing.sortRelevance' },
  { value: 'pri_asc', labelKey: 'listing.sortPriceAsc' },
  { value: 'pri_desc', labelKey: 'listing.sortPriceDesc' },
  { value: 'alf_asc', labelKey: 'listing.sortNameAsc' },
  { value: 'alf_dsc', labelKey: 'listing.sortNameDesc' },
  { value: 'new', labelKey: 'listing.sortNew' },
] as const satisfies readonly { value: ProductSort; labelKey: string }[];

const SORTS = new Set<string>(SORT_OPTIONS.map((o) => o.value));
const KEYS = {
  page: 'page',
  sort: 'sort',
  facet: 'facet',
  promo: 'promo',
  onlyNew: 'new',
  freeFrom: 'senza',
} as const;
/** The "senza ..." filters, in the order the listing offers them (the contract's FREE_FROM). */
export const FREE_FROM_FILTERS = ['glutine', 'lattosio'] as const satisfies readonly FreeFrom[];
const FREE = new Set<string>(FREE_FROM_FILTERS);

export function parseListingParams(sp: URLSearchParams): ListingFilters {
  const page = Number(sp.get(KEYS.page));
  const sort = sp.get(KEYS.sort) ?? '';
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sort: (SORTS.has(sort) ? sort : '') as ProductSort,
    facets: [...new Set(sp.getAll(KEYS.facet).filter(Boolean))],
    promo: sp.get(KEYS.promo) === '1',
    onlyNew: sp.get(KEYS.onlyNew) === '1',
    freeFrom: [...new Set(sp.getAll(KEYS.freeFrom).filter((v) => FREE.has(v)))] as FreeFrom[],
  };
}

/** Writes the filters into a copy of `base`, keeping its other params (e.g. the search's q). */
export function writeListingParams(base: URLSearchParams, f: ListingFilters): URLSearchParams {
  const sp = new URLSearchParams(base);
  for (const key of Object.values(KEYS)) sp.delete(key);
  if (f.sort) sp.set(KEYS.sort, f.sort);
  for (const facet of f.facets) sp.append(KEYS.facet, facet);
  if (f.promo) sp.set(KEYS.promo, '1');
  if (f.onlyNew) sp.set(KEYS.onlyNew, '1');
  for (const free of f.freeFrom) sp.append(KEYS.freeFrom, free);
  if (f.page > 1) sp.set(KEYS.page, String(f.page));
  return sp;
}

export type FilterChange = Partial<Omit<ListingFilters, 'page'>>;

/** Any filter change resets the page to 1. */
export function withFilterChange(base: URLSearchParams, change: FilterChange): URLSearchParams {
  return writeListingParams(base, { ...parseListingParams(base), ...change, page: 1 });
}

export function withPage(base: URLSearchParams, page: number): URLSearchParams {
  return writeListingParams(base, { ...parseListingParams(base), page });
}

export function toggleFacet(facets: readonly string[], id: string): string[] {
  return facets.includes(id) ? facets.filter((f) => f !== id) : [...facets, id];
}

export function hasActiveFilters(f: ListingFilters): boolean {
  return !!f.sort || f.facets.length > 0 || f.promo || f.onlyNew || f.freeFrom.length > 0;
}

/** The GET /products query of a listing. */
export function toProductsQuery(
  f: ListingFilters,
  scope: { parentCategoryId?: number; q?: string },
  pageSize: number,
): ProductsRequest {
  return {
    ...(scope.parentCategoryId ? { parent_category_id: scope.parentCategoryId } : {}),
    ...(scope.q ? { q: scope.q } : {}),
    page: f.page,
    page_size: pageSize,
    ...(f.sort ? { sort: f.sort } : {}),
    ...(f.facets.length ? { facet: f.facets } : {}),
    ...(f.promo ? { promo: true } : {}),
    ...(f.onlyNew ? { new_product: true } : {}),
    ...(f.freeFrom.length ? { free_from: f.freeFrom } : {}),
  };
}
