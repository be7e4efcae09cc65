import { lazy, Suspense, useDeferredValue } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { CRM_ALGORITHM_CROSS_SELLING } from '../../features/catalogue/utils/crm';
import { useProduct } from '../../features/catalogue/api/get-product';
import { useAdvProducts } from '../../features/catalogue/api/get-adv-products';
import {
  isAvailable,
  maxPurchasePieces,
  sellingFormat,
} from '../../features/catalogue/utils/product-display';
import { ApiError } from '../../lib/http';
import { paths } from '../../lib/route-paths';
import { ProductPrice } from '../product-card/product-price';
import { AddButtonPlaceholder } from '../product-card/product-card';
import { PromoBubble, PromoText } from '../product-card/product-promo';
import { ProductCarousel } from '../category-blocks/blocks/product-blocks';
import { SmartLink } from '../../features/content/components/smart-link';
import { NotFoundContent } from '../../components/not-found-content';
import { PageBreadcrumbs } from '../../components/page-breadcrumbs';
import { PageLoading } from '../../components/page-loading';
import { SafeHtml } from '../../components/safe-html';
import { useDocumentTitle } from '../../components/use-document-title';

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
}: {
  title: string;
  html?: string | undefined;
  children?: React.ReactNode;
}) {
  if (!html && !children) return null;
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {html ? (
        <Typography component="div" sx={{ whiteSpace: 'pre-line' }}>
          <SafeHtml html={html} />
        </Typography>
      ) : null}
      {children}
    </Box>
  );
}

function RelatedProducts({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const related = useAdvProducts({ layout: CRM_ALGORITHM_CROSS_SELLING, product_id: productId, limit: 12 });
  if (!related.data?.products.length) return null;
  return (
    <Box component="section" aria-labelledby="related-title" sx={{ mt: 5 }}>
      <Typography variant="h2" id="related-title" sx={{ mb: 2 }}>
        {t('product.related')}
      </Typography>
      <ProductCarousel products={related.data.products} label={t('product.related')} />
    </Box>
  );
}

function ProductDetail({ product }: { product: Product }) {
  const { t } = useTranslation();
  const formatText = useFormatText(product);
  const maxPieces = maxPurchasePieces(product);
  const desc = product.metaData?.product_description;
  const extra = product.metaData?.product_extra;
  const image = product.media?.[0]?.large || product.mediaURL;
  const crumbs = (product.breadCrumbs ?? []).map((b) => ({ label: b.name, to: paths.category(b.slug) }));
  const validTo = product.warehousePromo?.expireDate ? new Date(product.warehousePromo.expireDate) : null;

  return (
    <Container maxWidth="lg">
      <PageBreadcrumbs items={[...crumbs, { label: product.name }]} />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
          gap: { xs: 2, md: 5 },
          alignItems: 'start',
        }}
      >
        <Box
          sx={{
            position: 'relative',
            bgcolor: 'background.paper',
            borderRadius: 2,
            p: 2,
            display: 'flex',
            justifyContent: 'center',
          }}
        >
          <Box
            component="img"
            src={image}
            alt={product.name}
            width={400}
            height={400}
            fetchPriority="high"
            sx={{ width: '100%', maxWidth: 400, height: 'auto', aspectRatio: '1 / 1', objectFit: 'contain' }}
          />
          <Box sx={{ position: 'absolute', top: 16, left: 16 }}>
            <PromoBubble product={product} />
          </Box>
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          {product.shortDescr ? (
            <Typography
              sx={{
                textTransform: 'uppercase',
                color: 'text.secondary',
                fontWeight: 500,
                letterSpacing: 0.5,
              }}
            >
              <span
                style={{
                  position: 'absolute',
                  width: 1,
                  height: 1,
                  overflow: 'hidden',
                  clip: 'rect(0 0 0 0)',
                }}
              >
                {t('product.brand')}:{' '}
              </span>
              {product.shortDescr}
            </Typography>
          ) : null}
          <Typography variant="h1">{product.name}</Typography>
          {product.description ? <Typography color="text.secondary">{product.description}</Typography> : null}
          {formatText ? <Typography data-testid="selling-format">{formatText}</Typography> : null}
          {product.badge?.label ? (
            <Box
              component="span"
              sx={{
                alignSelf: 'flex-start',
                bgcolor: 'primary.dark',
                color: '#fff',
                fontSize: 13,
                fontWeight: 700,
                px: 1,
                py: 0.25,
                borderRadius: 1,
              }}
            >
              {product.badge.label}
            </Box>
          ) : null}
          <Box sx={{ my: 1 }}>
            <ProductPrice product={product} size="large" />
          </Box>
          <PromoText product={product} />
          {validTo && !Number.isNaN(validTo.getTime()) && product.warehousePromo ? (
            <Typography variant="body2" color="text.secondary">
              {t('product.promoValid', { date: validTo.toLocaleDateString('it-IT') })}
            </Typography>
          ) : null}
          {maxPieces != null ? (
            <Typography variant="body2" sx={{ color: 'warning.main', fontWeight: 500 }}>
              {t('product.maxAcq', { count: maxPieces })}
            </Typography>
          ) : null}
          <Box sx={{ mt: 1 }}>
            {isAvailable(product) ? (
              <Suspense fallback={<AddButtonPlaceholder name={product.name} />}>
                <QuantityControl product={product} size="page" />
              </Suspense>
            ) : (
              <Typography sx={{ color: 'error.main', fontWeight: 700 }}>
                {t('product.notAvailable')}
              </Typography>
            )}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('product.codes', { code: product.codInt })}
            {product.barcode ? ` · ${t('product.barcode', { code: product.barcode })}` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('product.priceNote')}
          </Typography>
        </Box>
      </Box>

      <Box sx={{ maxWidth: 900 }}>
        <DescriptionSection title={t('product.ingredients')} html={desc?.ingredients} />
        <DescriptionSection title={t('product.allergens')} html={desc?.allergens} />
        <DescriptionSection
          title={t('product.nutritionalValues')}
          html={desc?.nutritional_values}
          children={
            desc?.nutritional_values || extra?.nutriScoreEstimate ? (
              <>
                {extra?.nutriScoreEstimate ? (
                  <Typography sx={{ mt: 1, fontWeight: 500 }}>
                    {t('product.nutriScore', { value: extra.nutriScoreEstimate })}
                  </Typography>
                ) : null}
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ mt: 1 }}
                  data-testid="nutrition-estimate"
                >
                  {t('product.nutritionEstimate')}
                </Typography>
              </>
            ) : undefined
          }
        />
        <DescriptionSection title={t('product.storage')} html={desc?.storage} />
        <DescriptionSection title={t('product.features')} html={desc?.features} />
        {extra?.sourceUrl ? (
          <Typography sx={{ mt: 3 }}>
            <SmartLink href={extra.sourceUrl} className="content-link">
              {t('product.source')}
            </SmartLink>
          </Typography>
        ) : null}
      </Box>
      <RelatedProducts productId={product.productId} />
    </Container>
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
      <Container maxWidth="md" sx={{ py: 6 }}>
        <Typography variant="h1" gutterBottom>
          {t('error.title')}
        </Typography>
        <Typography>{t('error.productText')}</Typography>
      </Container>
    );
  }
  return <ProductDetail product={data ?? product.data} />;
}
