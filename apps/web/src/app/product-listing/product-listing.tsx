import { memo, useDeferredValue, useId, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import type { Category, Product } from '@spesa/shared/contracts/catalogue';
import { useProducts } from '../../features/catalogue/api/get-products';
import { useViewMode, type ViewMode } from '../../features/catalogue/hooks/use-view-mode';
import {
  FREE_FROM_FILTERS,
  parseListingParams,
  SORT_OPTIONS,
  toProductsQuery,
  withFilterChange,
  withPage,
  type FilterChange,
} from '../../features/catalogue/utils/listing-params';
import { PRODUCTS_PAGE_SIZE } from '../../lib/config';
import { Icon } from '../../components/icons';
import { useProgressiveCount } from '../../components/use-progressive-count';
import { useFocusOnArrival } from '../../components/use-focus-on-arrival';
import { CART_BUTTON_SELECTOR, SkipLink } from '../../components/skip-link';
import { SKIP_TARGET_IDS, useSkipTarget } from '../../lib/skip-links';
import { ProductCard } from '../product-card/product-card';
import { ListingFiltersPanel } from './listing-filters';
import { ListingPagination } from './listing-pagination';
import { ViewModeToggle } from './view-mode-toggle';
import './product-listing.css';

interface ProductListingProps {
  scope: { parentCategoryId?: number; q?: string };
  subcategories?: readonly Category[] | undefined;
  /** shown when no product matches and no filter is set */
  emptyText: ReactNode;
}

/** One card of the listing; memoised, so each new batch of cards (useProgressiveCount) renders only itself. */
const ListingItem = memo(function ListingItem({ product, mode }: { product: Product; mode: ViewMode }) {
  return (
    <li>
      <ProductCard product={product} mode={mode} headingLevel="h3" />
    </li>
  );
});

/**
 * Products of a category or a search, with filters, sort, view mode and pagination kept in the URL.
 * Plain elements and product-listing.css: no emotion styles to build while the page first renders.
 */
export function ProductListing({ scope, subcategories, emptyText }: ProductListingProps) {
  const { t } = useTranslation();
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const [mode] = useViewMode();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const topRef = useRef<HTMLDivElement>(null);
  const resultsRef = useRef<HTMLHeadingElement>(null);
  useSkipTarget('results');
  useFocusOnArrival(resultsRef, 'request');
  const filters = parseListingParams(searchParams);
  const products = useProducts(toProductsQuery(filters, scope, PRODUCTS_PAGE_SIZE));

  const change = (c: FilterChange) => setSearchParams(withFilterChange(searchParams, c));
  const goToPage = (page: number) => {
    setSearchParams(withPage(searchParams, page));
    topRef.current?.scrollIntoView?.({ block: 'start' });
  };

  // The cards and facets render in a deferred (interruptible) pass: the query's update itself is
  // synchronous, and rendering the whole page of cards in it would be one long task.
  const data = useDeferredValue(products.data);
  const page = data?.page;
  const items = data?.products ?? [];
  // on the first page shown, eight cards per commit (a phone's screen holds two or three, a desktop's a row)
  const shown = useProgressiveCount(items.length, 8);
  const facets = data?.facets ?? [];
  const hasFilters =
    filters.facets.length > 0 || filters.promo || filters.onlyNew || filters.freeFrom.length > 0;

  return (
    <div ref={topRef} className="listing">
      <aside aria-labelledby={`${id}-filters`}>
        <h2 id={`${id}-filters`} className="listing-filters-heading">
          {t('listing.filters')}
        </h2>
        <button
          type="button"
          className="btn btn-outlined listing-filters-toggle"
          onClick={() => setFiltersOpen((o) => !o)}
          aria-expanded={filtersOpen}
          aria-controls={`${id}-filter-panel`}
        >
          <Icon name="filter" />
          {t('listing.filters')}
        </button>
        <div id={`${id}-filter-panel`} className={`listing-filter-panel${filtersOpen ? ' is-open' : ''}`}>
          <ListingFiltersPanel
            filters={filters}
            facets={facets}
            subcategories={subcategories}
            onChange={change}
          />
        </div>
      </aside>

      <div className="listing-main">
        {/* from the results, going back (Shift+Tab), the cart comes before the filters (decision 069) */}
        <SkipLink href="/cart" target={CART_BUTTON_SELECTOR} className="skip-link skip-link--local">
          {t('app.skipToCart')}
        </SkipLink>
        <div className="listing-toolbar">
          {/* the results' heading: "Vai ai risultati" and a search submitted from the header lead here */}
          <h2
            id={SKIP_TARGET_IDS.results}
            ref={resultsRef}
            tabIndex={-1}
            className="listing-count"
            aria-labelledby={`${id}-count`}
          >
            {/* named by its text: a live region's text is not part of a heading's name by itself */}
            <span id={`${id}-count`} role="status" data-testid="result-count">
              {page ? t('listing.resultCount', { count: page.totItems }) : '\u00a0'}
            </span>
          </h2>
          <label className="listing-switch">
            <input
              type="checkbox"
              role="switch"
              checked={filters.promo}
              onChange={(e) => change({ promo: e.target.checked })}
            />
            <span>{t('listing.onlyPromo')}</span>
          </label>
          <label className="listing-switch">
            <input
              type="checkbox"
              role="switch"
              checked={filters.onlyNew}
              onChange={(e) => change({ onlyNew: e.target.checked })}
            />
            <span>{t('listing.onlyNew')}</span>
          </label>
          {FREE_FROM_FILTERS.map((free) => (
            <label key={free} className="listing-switch">
              <input
                type="checkbox"
                role="switch"
                checked={filters.freeFrom.includes(free)}
                onChange={(e) =>
                  change({
                    freeFrom: e.target.checked
                      ? [...filters.freeFrom, free]
                      : filters.freeFrom.filter((f) => f !== free),
                  })
                }
              />
              <span>{t(`listing.freeFrom.${free}`)}</span>
            </label>
          ))}
          <div className="listing-sort">
            <label htmlFor={`${id}-sort`}>{t('listing.sort')}</label>
            <select
              id={`${id}-sort`}
              name="sort"
              value={filters.sort}
              onChange={(e) => change({ sort: e.target.value as FilterChange['sort'] })}
            >
              {SORT_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {t(o.labelKey)}
                </option>
              ))}
            </select>
          </div>
          <ViewModeToggle />
        </div>

        {products.isError ? (
          <p role="alert" className="listing-message">
            {t('listing.error')}
          </p>
        ) : products.isPending || !data ? (
          <div className="listing-skeletons" aria-busy="true" aria-label={t('app.loading')}>
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="listing-skeleton" />
            ))}
          </div>
        ) : items.length === 0 ? (
          <p className="listing-message" data-testid="listing-empty">
            {hasFilters ? t('listing.empty') : emptyText}
          </p>
        ) : (
          <ul
            aria-label={t('listing.products')}
            data-testid="product-list"
            className={`product-grid mode-${mode}${products.isPlaceholderData ? ' is-placeholder' : ''}`}
            // the previous page's cards, dimmed, while the new page loads
            aria-busy={products.isPlaceholderData || undefined}
          >
            {items.slice(0, shown).map((p) => (
              <ListingItem key={p.productId} product={p} mode={mode} />
            ))}
          </ul>
        )}

        {/* with the last batch of cards: a pager that moves down as cards arrive is a moving target */}
        {page && page.totPages > 1 && shown === items.length ? (
          <ListingPagination
            count={page.totPages}
            page={Math.min(filters.page, page.totPages)}
            onChange={goToPage}
          />
        ) : null}
      </div>
    </div>
  );
}
