import { Navigate, useParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { NotFoundContent } from '../../components/not-found-content';
import { PageLoading } from '../../components/page-loading';
import { LEAFLETS_PAGE_STEPS } from '../../components/slider-rules';
import { useDocumentTitle } from '../../components/use-document-title';
import { ApiError } from '../../lib/http';
import { ProductCard } from '../product-card/product-card';
import { useLeaflets } from '../../features/leaflets/api/search-leaflets';
import { useLeaflet } from '../../features/leaflets/api/view-leaflet';
import { LeafletSlider } from '../../features/leaflets/components/leaflet-slider';
import { LeafletViewer } from '../../features/leaflets/components/leaflet-viewer';
import '../../features/leaflets/i18n';
import '../../features/leaflets/components/leaflets.css';

/** /volantini: the current leaflets, two per view; a single leaflet opens at once (spec section 9). */
export function LeafletsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('leaflets.title'));
  const leaflets = useLeaflets();
  const list = leaflets.data?.leaflets ?? [];
  const only = list.length === 1 ? list[0] : undefined;
  if (only) return <Navigate to={`/volantini/${only.slug}`} replace />;
  return (
    <div className="lf-page">
      <h1>{t('leaflets.title')}</h1>
      <p>{t('leaflets.intro')}</p>
      {leaflets.isPending ? <PageLoading /> : null}
      {leaflets.isError ? <p role="alert">{t('leaflets.loadError')}</p> : null}
      {leaflets.isSuccess && list.length === 0 ? <p>{t('leaflets.none')}</p> : null}
      {list.length > 0 ? <LeafletSlider leaflets={list} steps={LEAFLETS_PAGE_STEPS} priority /> : null}
    </div>
  );
}

/** /volantini/:leafletId (number or slug): the viewer; an unknown or expired leaflet is "not found". */
export function LeafletRoute() {
  const { leafletId = '' } = useParams();
  const leaflet = useLeaflet(leafletId);
  useDocumentTitle(leaflet.data?.title ?? '');
  if (leaflet.error instanceof ApiError && (leaflet.error.isNotFound || leaflet.error.httpStatus === 400))
    return <NotFoundContent />;
  return (
    <div className="lf-page">
      {leaflet.data ? (
        <>
          <h1 className="lf-title">{leaflet.data.title}</h1>
          <LeafletViewer
            key={leaflet.data.leafletId}
            leaflet={leaflet.data}
            renderProduct={(p) => <ProductCard product={p} mode="grid" headingLevel="h3" />}
          />
        </>
      ) : leaflet.isError ? (
        <NotFoundContent />
      ) : (
        <PageLoading />
      )}
    </div>
  );
}
