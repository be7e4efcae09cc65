import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { CategoryBlock, Product, Proposal } from '@spesa/shared/contracts/catalogue';
import { PRODUCT_SLIDER_STEPS, SLIDER_GAP_PX, shouldShowAll } from '../../../components/slider-rules';
import { Carousel } from '../../../components/carousel';
import { ProductCard } from '../../product-card/product-card';
import { BlockFrame } from '../block-frame';
import { categoryRef, metaBool, metaNumber, metaString } from '../utils/block-meta';
import { useAdvProducts } from '../../../features/catalogue/api/get-adv-products';
import { useProducts } from '../../../features/catalogue/api/get-products';
import { useCategory } from '../../../features/catalogue/api/get-category';
import { useCategoryTree } from '../../../features/catalogue/api/get-category-tree';
import { findCategoryById } from '../../../features/catalogue/utils/category-tree';
import { paths } from '../../../lib/route-paths';

const DEFAULT_LIMIT = 12;

/** Turns a CATEGORY reference (id or slug) into both id and slug, using the cached tree or the category call. */
function useCategoryReference(value: string | undefined): { id?: number; slug?: string; name?: string } {
  const ref = categoryRef(value);
  const tree = useCategoryTree();
  const bySlug = useCategory(ref && 'slug' in ref ? ref.slug : '', !!ref && 'slug' in ref);
  if (!ref) return {};
  if ('id' in ref) {
    const found = tree.data ? findCategoryById(tree.data, ref.id) : undefined;
    return { id: ref.id, slug: found?.slug, name: found?.name };
  }
  return { id: bySlug.data?.categoryId, slug: ref.slug, name: bySlug.data?.name };
}

function SliderSkeleton() {
  return (
    <Box sx={{ display: 'flex', gap: 2, overflow: 'hidden' }} aria-hidden>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} variant="rounded" width={240} height={340} sx={{ flexShrink: 0 }} />
      ))}
    </Box>
  );
}

function ShowAllLink({ slug, name }: { slug: string | undefined; name: string }) {
  const { t } = useTranslation();
  if (!slug) return null;
  return (
    <Link
      component={RouterLink}
      to={paths.category(slug)}
      aria-label={t('slider.showAllLabel', { name })}
      sx={{ fontWeight: 700, py: 1 }}
      data-testid="show-all"
    >
      {t('slider.showAll')}
    </Link>
  );
}

/** `label` names the products (usually the block title); the carousel region reads "Prodotti: <label>" so it
 * differs from the section around it. */
export function ProductCarousel({ products, label }: { products: readonly Product[]; label: string }) {
  const { t } = useTranslation();
  return (
    <Carousel
      items={products}
      getKey={(p) => p.productId}
      renderItem={(p) => <ProductCard product={p} mode="grid" />}
      steps={PRODUCT_SLIDER_STEPS}
      gap={SLIDER_GAP_PX}
      label={t('slider.productsLabel', { title: label })}
    />
  );
}

/** Manual product slider: products of the block's CATEGORY, PRODUCT_LIMIT per page (default 12). */
export function ProductSliderBlock({ block }: { block: CategoryBlock }) {
  const { t } = useTranslation();
  const limit = metaNumber(block.metaData, 'PRODUCT_LIMIT') ?? DEFAULT_LIMIT;
  const category = useCategoryReference(metaString(block.metaData, 'CATEGORY'));
  const promo = metaBool(block.metaData, 'PROMO');
  const products = useProducts(
    { parent_category_id: category.id, page: 1, page_size: limit, ...(promo ? { promo: true } : {}) },
    !!category.id,
  );
  const title = metaString(block.metaData, 'TITLE') ?? category.name ?? t('listing.products');
  if (products.isError || (products.isSuccess && products.data.products.length === 0)) return null;
  return (
    <BlockFrame
      block={block}
      action={
        shouldShowAll(products.data?.page.totItems, limit) ? (
          <ShowAllLink slug={category.slug} name={title} />
        ) : null
      }
    >
      {products.data ? (
        <ProductCarousel products={products.data.products} label={title} />
      ) : (
        <SliderSkeleton />
      )}
    </BlockFrame>
  );
}

/** Recommendation slider: GET /adv with the block's ALGORITHM, PRODUCT_LIMIT, CATEGORY and PROMO. */
export function CrmProductSliderBlock({ block }: { block: CategoryBlock }) {
  const { t } = useTranslation();
  const limit = metaNumber(block.metaData, 'PRODUCT_LIMIT') ?? DEFAULT_LIMIT;
  const layout = metaNumber(block.metaData, 'ALGORITHM');
  const category = useCategoryReference(metaString(block.metaData, 'CATEGORY'));
  const promo = metaBool(block.metaData, 'PROMO');
  const adv = useAdvProducts(
    {
      layout: layout ?? 0,
      limit,
      ...(category.id ? { category_id: category.id } : {}),
      ...(promo ? { promo: true } : {}),
      ...(metaBool(block.metaData, 'PRODUCT_RANDOM') ? { shuffle: true } : {}),
    },
    layout !== undefined,
  );
  const title = metaString(block.metaData, 'TITLE') ?? t('listing.products');
  if (layout === undefined || adv.isError || (adv.isSuccess && adv.data.products.length === 0)) return null;
  return (
    <BlockFrame
      block={block}
      action={
        shouldShowAll(adv.data?.totItems, limit) ? <ShowAllLink slug={category.slug} name={title} /> : null
      }
    >
      {adv.data ? <ProductCarousel products={adv.data.products} label={title} /> : <SliderSkeleton />}
    </BlockFrame>
  );
}

function proposalCategory(p: Proposal): string | undefined {
  return metaString(p.metaData, 'CATEGORY') ?? p.slug ?? p.proposalUrl ?? undefined;
}

function ProductTabPanel({
  proposal,
  limit,
  id,
  labelledBy,
}: {
  proposal: Proposal;
  limit: number;
  id: string;
  labelledBy: string;
}) {
  const category = useCategoryReference(proposalCategory(proposal));
  const products = useProducts({ parent_category_id: category.id, page: 1, page_size: limit }, !!category.id);
  return (
    <Box role="tabpanel" id={id} aria-labelledby={labelledBy} sx={{ pt: 2 }}>
      {products.data ? (
        <>
          <ProductCarousel products={products.data.products} label={proposal.name} />
          {shouldShowAll(products.data.page.totItems, limit) ? (
            <Box sx={{ textAlign: 'right', mt: 1 }}>
              <ShowAllLink slug={category.slug} name={proposal.name} />
            </Box>
          ) : null}
        </>
      ) : (
        <SliderSkeleton />
      )}
    </Box>
  );
}

/** Tabs, each a proposal whose products show in a slider. */
export function ProductTabBlock({ block }: { block: CategoryBlock }) {
  const baseId = useId();
  const [index, setIndex] = useState(0);
  const limit = metaNumber(block.metaData, 'PRODUCT_LIMIT') ?? DEFAULT_LIMIT;
  const color = metaString(block.metaData, 'TABS_COLOR');
  const current = block.proposals[index];
  if (!current) return null;
  return (
    <BlockFrame block={block}>
      <Tabs
        value={index}
        onChange={(_, v: number) => setIndex(v)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={metaString(block.metaData, 'TITLE') ?? current.name}
        sx={color ? { '& .MuiTabs-indicator': { bgcolor: color } } : undefined}
      >
        {block.proposals.map((p, i) => (
          <Tab
            key={p.id}
            label={p.name}
            id={`${baseId}-tab-${i}`}
            aria-controls={`${baseId}-panel-${i}`}
            sx={{ minHeight: 48, fontWeight: 700 }}
          />
        ))}
      </Tabs>
      <ProductTabPanel
        key={current.id}
        proposal={current}
        limit={limit}
        id={`${baseId}-panel-${index}`}
        labelledBy={`${baseId}-tab-${index}`}
      />
    </BlockFrame>
  );
}
