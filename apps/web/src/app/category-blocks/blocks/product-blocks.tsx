import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import type { CategoryBlock, Product } from '@spesa/shared/contracts/catalogue';
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

export const DEFAULT_LIMIT = 12;

/*
 * Plain elements and category-blocks.css: a product slider is on the home's first screen, and MUI here
 * made the page wait for the MUI chunk. The tabbed block (MUI Tabs) is a module of its own,
 * product-tab-block.tsx, loaded when such a block comes near.
 */

/** Turns a CATEGORY reference (id or slug) into both id and slug, using the cached tree or the category call. */
export function useCategoryReference(value: string | undefined): {
  id?: number;
  slug?: string;
  name?: string;
} {
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

export function SliderSkeleton() {
  return (
    <div className="slider-skeleton" aria-hidden>
      {[0, 1, 2, 3].map((i) => (
        <span key={i} />
      ))}
    </div>
  );
}

export function ShowAllLink({ slug, name }: { slug: string | undefined; name: string }) {
  const { t } = useTranslation();
  if (!slug) return null;
  return (
    <RouterLink
      to={paths.category(slug)}
      aria-label={t('slider.showAllLabel', { name })}
      className="show-all-link"
      data-testid="show-all"
    >
      {t('slider.showAll')}
    </RouterLink>
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
