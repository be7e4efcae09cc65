import { lazy, Suspense, useDeferredValue } from 'react';
import { lazyWithMuiTheme } from '../../components/lazy-with-mui-theme';
import { useParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { CRM_ALGORITHM_CROSS_SELLING } from '../../features/catalogue/utils/crm';
import { useProduct } from '../../features/catalogue/api/get-product';
import { useAdvProducts } from '../../features/catalogue/api/get-adv-products';
import {
  isAvailable,
  maxPurchasePieces,
  promoLastDay,
  sellingFormat,
} from '../../features/catalogue/utils/product-display';
import { ApiError } from '../../lib/http';
import { paths } from '../../lib/route-paths';
import { ProductPrice } from '../product-card/product-price';
import { AddButtonPlaceholder } from '../product-card/product-card';
import { PromoBubble, PromoText } from '../product-card/product-promo';
import { ProductCarousel } from '../category-blocks/blocks/product-blocks';
import { AddToListButton } from '../../features/lists/components/add-to-list-button';
import { useAuth } from '../../lib/use-auth';
import { SmartLink } from '../../features/content/components/smart-link';
import { NotFoundContent } from '../../components/not-found-content';
import { PageBreadcrumbs } from '../../components/page-breadcrumbs';
import { PageLoading } from '../../components/page-loading';
import { RenderWhenNear } from '../../components/render-when-near';
import { SafeHtml } from '../../features/content/components/safe-html';
import { useDocumentTitle } from '../../components/use-document-title';
import { VisuallyHidden } from '../../components/visually-hidden';
import './product-route.css';

// the customer-votes panel (a signed-in customer's: spec section 6) loads with it
const CustomerVotesPanel = lazyWithMuiTheme(
  () => import('../../features/ratings/components/customer-votes-panel'),
);

const QuantityControl = lazy(() =>
  import('../../features/cart/components/quantity-control').then((m) => ({ default: m.QuantityControl })),
);

function useFormatText(product: Product): string | null {
  const { t } = useTranslation();
  const f = sellingFormat(product.productInfos);
  if (f.kind === 'sfuso') {
    if (f.min && f.step) return t('product.soldByWeight', { min: f.min, step: f.step });
    if (f.min) return t('product.soldByWeightMin', { min: f.min });
    return null;
  }
  if (f.kind === 'confezione') return f.pieces > 1 ? t('product.pack', { count: f.pieces }) : null;
  return null;
}

function DescriptionSection({
  title,
  html,
  children,
  required = false,
}: {
  title: string;
  html?: string | undefined;
  children?: React.ReactNode;
  /** food information the law asks for: when unknown, say so (never invent it) */
  required?: boolean;
}) {
  const { t } = useTranslation();
  if (!html && !children && !required) return null;
  return (
    <section className="product-section">
      <h2 className="product-h2">{title}</h2>
      {html ? (
        <div className="product-text product-pre-line">
          <SafeHtml html={html} />
        </div>
      ) : required ? (
        <p className="product-text product-secondary">{t('product.infoMissing')}</p>
      ) : null}
      {children}
    </section>
  );
}

/** The votes panel for a signed-in customer, when the product takes ratings (productInfos RATE_ENABLED). */
function VotesPanel({ product }: { product: Product }) {
  const { status } = useAuth();
  if (status !== 'authenticated' || product.productInfos.RATE_ENABLED === 'false') return null;
  return (
    <div className="product-votes">
      <Suspense fallback={null}>
        <CustomerVotesPanel productId={product.productId} />
      </Suspense>
    </div>
  );
}

function RelatedProducts({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const related = useAdvProducts({ layout: CRM_ALGORITHM_CROSS_SELLING, product_id: productId, limit: 12 });
  // the twelve cards below the fold render in slices when the answer arrives, not in one blocking task
  const data = useDeferredValue(related.data);
  if (!data?.products.length) return null;
  return (
    <section aria-labelledby="related-title" className="product-related">
      <h2 id="related-title" className="product-h2">
        {t('product.related')}
      </h2>
      <ProductCarousel products={data.products} label={t('product.related')} />
    </section>
  );
}

function ProductDetail({ product }: { product: Product }) {
  const { t } = useTranslation();
  const formatText = useFormatText(product);
  const maxPieces = maxPurchasePieces(product);
  const desc = product.metaData?.product_description;
  const extra = product.metaData?.product_extra;
  // food products show every piece of the mandatory information, or say it is missing
  const food = extra?.nonFood !== 'true';
  const image = product.media?.[0]?.large || product.mediaURL;
  const crumbs = (product.breadCrumbs ?? []).map((b) => ({ label: b.name, to: paths.category(b.slug) }));
  const lastDay = product.warehousePromo ? promoLastDay(product.warehousePromo.expireDate) : null;

  return (
    <div className="page-container product-page">
      <PageBreadcrumbs items={[...crumbs, { label: product.name }]} />
      <div className="product-main">
        <div className="product-media">
          <img
            className="product-image"
            src={image}
            alt={product.name}
            width={400}
            height={400}
            fetchPriority="high"
          />
          <div className="product-media-promo">
            <PromoBubble product={product} />
          </div>
        </div>
        <div className="product-info">
          {product.shortDescr ? (
            <p className="product-text product-brand">
              <VisuallyHidden>{t('product.brand')}: </VisuallyHidden>
              {product.shortDescr}
            </p>
          ) : null}
          <h1 className="product-title">{product.name}</h1>
          {product.description ? (
            <p className="product-text product-secondary">{product.description}</p>
          ) : null}
          {formatText ? (
            <p className="product-text" data-testid="selling-format">
              {formatText}
            </p>
          ) : null}
          {product.badge?.label ? <span className="product-badge">{product.badge.label}</span> : null}
          <div className="product-price-row">
            <ProductPrice product={product} size="large" />
          </div>
          <PromoText product={product} />
          {lastDay ? (
            <p className="product-small product-secondary">{t('product.promoValid', { date: lastDay })}</p>
          ) : null}
          {maxPieces != null ? (
            <p className="product-small product-max">{t('product.maxAcq', { count: maxPieces })}</p>
          ) : null}
          <div className="product-buy">
            {isAvailable(product) ? (
              <Suspense fallback={<AddButtonPlaceholder name={product.name} />}>
                <QuantityControl product={product} size="page" />
              </Suspense>
            ) : (
              <p className="product-text product-unavailable">{t('product.notAvailable')}</p>
            )}
          </div>
          <div className="product-list-action">
            <AddToListButton product={product} />
          </div>
          <p className="product-small product-secondary product-codes">
            {t('product.codes', { code: product.codInt })}
            {product.barcode ? ` · ${t('product.barcode', { code: product.barcode })}` : ''}
          </p>
          <p className="product-small product-secondary">{t('product.priceNote')}</p>
        </div>
      </div>

      <div className="product-details">
        <DescriptionSection title={t('product.ingredients')} html={desc?.ingredients} required={food} />
        <DescriptionSection title={t('product.allergens')} html={desc?.allergens} required={food} />
        <DescriptionSection
          title={t('product.nutritionalValues')}
          html={desc?.nutritional_values}
          required={food}
          children={
            desc?.nutritional_values || extra?.nutriScoreEstimate ? (
              <>
                {extra?.nutriScoreEstimate ? (
                  <p className="product-text product-nutriscore">
                    {t('product.nutriScore', { value: extra.nutriScoreEstimate })}
                  </p>
                ) : null}
                <p className="product-small product-secondary product-note" data-testid="nutrition-estimate">
                  {t('product.nutritionEstimate')}
                </p>
              </>
            ) : undefined
          }
        />
        <DescriptionSection title={t('product.storage')} html={desc?.storage} required={food} />

        <DescriptionSection title={t('product.features')} html={desc?.features} />
        {extra?.sourceUrl ? (
          <p className="product-text product-source">
            <SmartLink href={extra.sourceUrl} className="content-link">
              {t('product.source')}
            </SmartLink>
          </p>
        ) : null}
      </div>
      <VotesPanel product={product} />
      {/* below the fold on a phone: the twelve cards (and their API call) wait until the customer scrolls
          towards them; the placeholder keeps the section's height (497 px and its 40 px margin) */}
      <RenderWhenNear minHeight={537}>
        <RelatedProducts productId={product.productId} />
      </RenderWhenNear>
    </div>
  );
}

export function ProductRoute() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const product = useProduct(slug);
  // the detail renders in a deferred (interruptible) pass: the query's own update is synchronous and
  // built the whole page in one long task
  const data = useDeferredValue(product.data);
  const notFound = product.error instanceof ApiError && product.error.isNotFound;
  useDocumentTitle(notFound ? t('notFound.title') : (product.data?.name ?? t('product.title')));
  if (notFound) return <NotFoundContent />;
  if (product.isPending || (product.data && !data)) return <PageLoading />;
  if (product.isError) {
    return (
      <div className="page-container" style={{ maxWidth: 960, paddingBlock: 48 }}>
        <h1 className="product-title">{t('error.title')}</h1>
        <p className="product-text">{t('error.productText')}</p>
      </div>
    );
  }
  return <ProductDetail product={data ?? product.data} />;
}
