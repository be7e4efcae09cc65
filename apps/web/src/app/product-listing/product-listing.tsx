import { useDeferredValue, useId, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import FilterList from '@mui/icons-material/FilterList';
import type { Category } from '@spesa/shared/contracts/catalogue';
import { useProducts } from '../../features/catalogue/api/get-products';
import { useViewMode } from '../../features/catalogue/hooks/use-view-mode';
import {
  parseListingParams,
  SORT_OPTIONS,
  toProductsQuery,
  withFilterChange,
  withPage,
  type FilterChange,
} from '../../features/catalogue/utils/listing-params';
import { PRODUCTS_PAGE_SIZE } from '../../lib/config';
import { ProductCard } from '../product-card/product-card';
import { ListingFiltersPanel } from './listing-filters';
import { ViewModeToggle } from './view-mode-toggle';

interface ProductListingProps {
  scope: { parentCategoryId?: number; q?: string };
  subcategories?: readonly Category[] | undefined;
  /** shown when no product matches and no filter is set */
  emptyText: ReactNode;
}

/** Products of a category or a search, with filters, sort, view mode and pagination kept in the URL. */
export function ProductListing({ scope, subcategories, emptyText }: ProductListingProps) {
  const { t } = useTranslation();
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const [mode] = useViewMode();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const topRef = useRef<HTMLDivElement>(null);
  const filters = parseListingParams(searchParams);
  const products = useProducts(toProductsQuery(filters, scope, PRODUCTS_PAGE_SIZE));

  const change = (c: FilterChange) => setSearchParams(withFilterChange(searchParams, c));
  const goToPage = (page: number) => {
    setSearchParams(withPage(searchParams, page));
    topRef.current?.scrollIntoView?.({ block: 'start' });
  };

  // The cards and facets render in a deferred (interruptible) pass: the query's update itself is
  // synchronous and used to build the whole page of cards in one long task.
  const data = useDeferredValue(products.data);
  const page = data?.page;
  const items = data?.products ?? [];
  const facets = data?.facets ?? [];
  const hasFilters = filters.facets.length > 0 || filters.promo || filters.onlyNew;

  return (
    <Box
      ref={topRef}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '260px 1fr' },
        gap: 3,
        alignItems: 'start',
        scrollMarginTop: 140,
      }}
    >
      <Box component="aside" aria-labelledby={`${id}-filters`}>
        <Typography
          id={`${id}-filters`}
          component="h2"
          variant="h2"
          sx={{
            mb: 1,
            // small screens: hidden but still in the outline (h1 > h2 > h3 of the product cards)
            '@media (max-width: 959.95px)': {
              position: 'absolute',
              width: 1,
              height: 1,
              overflow: 'hidden',
              clip: 'rect(0 0 0 0)',
              whiteSpace: 'nowrap',
              m: 0,
            },
          }}
        >
          {t('listing.filters')}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<FilterList />}
          onClick={() => setFiltersOpen((o) => !o)}
          aria-expanded={filtersOpen}
          aria-controls={`${id}-filter-panel`}
          sx={{ display: { xs: 'inline-flex', md: 'none' }, mb: 1 }}
        >
          {t('listing.filters')}
        </Button>
        <Box id={`${id}-filter-panel`} sx={{ display: { xs: filtersOpen ? 'block' : 'none', md: 'block' } }}>
          <ListingFiltersPanel
            filters={filters}
            facets={facets}
            subcategories={subcategories}
            onChange={change}
          />
        </Box>
      </Box>

      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
          <Typography role="status" sx={{ fontWeight: 500, mr: 'auto' }} data-testid="result-count">
            {page ? t('listing.resultCount', { count: page.totItems }) : '\u00a0'}
          </Typography>
          <FormControlLabel
            control={<Switch checked={filters.promo} onChange={(e) => change({ promo: e.target.checked })} />}
            label={t('listing.onlyPromo')}
          />
          <FormControlLabel
            control={
              <Switch checked={filters.onlyNew} onChange={(e) => change({ onlyNew: e.target.checked })} />
            }
            label={t('listing.onlyNew')}
          />
          <FormControl variant="standard" size="small" sx={{ minWidth: 180 }}>
            <InputLabel shrink htmlFor={`${id}-sort`}>
              {t('listing.sort')}
            </InputLabel>
            <NativeSelect
              value={filters.sort}
              onChange={(e) => change({ sort: e.target.value as FilterChange['sort'] })}
              inputProps={{ id: `${id}-sort`, name: 'sort' }}
            >
              {SORT_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {t(o.labelKey)}
                </option>
              ))}
            </NativeSelect>
          </FormControl>
          <ViewModeToggle />
        </Box>

        {products.isError ? (
          <Typography role="alert">{t('listing.error')}</Typography>
        ) : products.isPending || !data ? (
          <Box sx={{ display: 'grid', gap: 2 }} aria-busy="true" aria-label={t('app.loading')}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} variant="rounded" height={120} />
            ))}
          </Box>
        ) : items.length === 0 ? (
          <Typography sx={{ py: 4 }} data-testid="listing-empty">
            {hasFilters ? t('listing.empty') : emptyText}
          </Typography>
        ) : (
          <Box
            component="ul"
            aria-label={t('listing.products')}
            data-testid="product-list"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gap: 2,
              opacity: products.isPlaceholderData ? 0.6 : 1,
              transition: 'opacity 120ms',
              gridTemplateColumns:
                mode === 'grid'
                  ? {
                      xs: 'repeat(2, minmax(0, 1fr))',
                      sm: 'repeat(3, minmax(0, 1fr))',
                      lg: 'repeat(4, minmax(0, 1fr))',
                      xl: 'repeat(6, minmax(0, 1fr))',
                    }
                  : '1fr',
              '@media (max-width: 400px)': mode === 'grid' ? { gridTemplateColumns: '1fr' } : {},
            }}
          >
            {items.map((p) => (
              <li key={p.productId}>
                <ProductCard product={p} mode={mode} headingLevel="h3" />
              </li>
            ))}
          </Box>
        )}

        {page && page.totPages > 1 ? (
          <Pagination
            sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
            count={page.totPages}
            page={Math.min(filters.page, page.totPages)}
            onChange={(_, p) => goToPage(p)}
            color="primary"
            showFirstButton
            showLastButton
            siblingCount={1}
            aria-label={t('listing.pagination')}
            data-testid="pagination"
            getItemAriaLabel={(type, p, selected) => {
              if (type === 'page')
                return selected ? t('listing.pageCurrent', { page: p }) : t('listing.page', { page: p });
              if (type === 'first') return t('listing.firstPage');
              if (type === 'last') return t('listing.lastPage');
              if (type === 'next') return t('listing.nextPage');
              return t('listing.previousPage');
            }}
          />
        ) : null}
      </Box>
    </Box>
  );
}
