import {
  memo,
  useCallback,
  useDeferredValue,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import type { Product } from '@spesa/shared/contracts/catalogue';
import type { LeafletView } from '@spesa/shared/contracts/leaflets';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { useProgressiveCount } from '../../../components/use-progressive-count';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { paths } from '../../../lib/route-paths';
import { useLeafletProducts } from '../api/leaflet-products';
import { ensureSignedIn, useAddToLeafletList } from '../hooks/use-add-to-leaflet-list';
import { LeafletPicture } from './leaflet-picture';
import { LEAFLET_VIEWER_SIZES } from '@spesa/shared/leaflets/page-images';
import '../i18n';
import './leaflets.css';

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;
const STEP = 0.5;
const PAN_STEP = 60;
const day = (iso: string) => iso.split('-').reverse().join('/');
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/**
 * The leaflet viewer (spec section 2, "flyer"): one page at a time with zoom and pan (buttons and keys on a
 * desktop, pinch and drag on a phone), the hot-spots of the products on the page, departments, search in the
 * leaflet, info, the PDF, and the products with the cart's quantity control and "add to the leaflet list".
 */
export function LeafletViewer({
  leaflet,
  renderProduct,
}: {
  leaflet: LeafletView;
  /** the shop's product card (the app's, with its quantity control) */
  renderProduct: (product: Product) => ReactNode;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const [department, setDepartment] = useState('');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const stage = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ distance: number; zoom: number } | null>(null);
  const products = useLeafletProducts(leaflet.leafletId, { q, department });
  const { mutate: addProductToList, isPending: addingToList } = useAddToLeafletList(leaflet.title);
  const addToList = useCallback(
    (product: Product) => {
      if (ensureSignedIn()) addProductToList(product);
    },
    [addProductToList],
  );

  /** keeps the zoomed page covering the stage */
  const bound = (x: number, y: number, z: number) => {
    const box = stage.current?.getBoundingClientRect();
    const w = box?.width ?? 0;
    const h = box?.height ?? 0;
    return { x: clamp(x, w - w * z, 0), y: clamp(y, h - h * z, 0) };
  };
  const zoomTo = (next: number) => {
    const z = clamp(next, MIN_ZOOM, MAX_ZOOM);
    const box = stage.current?.getBoundingClientRect();
    // zoom around the stage's centre
    const cx = (box?.width ?? 0) / 2;
    const cy = (box?.height ?? 0) / 2;
    setPan((p) => bound(cx - ((cx - p.x) / zoom) * z, cy - ((cy - p.y) / zoom) * z, z));
    setZoom(z);
  };
  const goTo = (n: number) => {
    setPage(clamp(n, 0, leaflet.pageCount - 1));
    setZoom(1);
    setPan({ x: 0, y: 0 });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const zoomed = zoom > 1;
    const move = (dx: number, dy: number) => setPan((p) => bound(p.x + dx, p.y + dy, zoom));
    const keys: Record<string, () => void> = {
      '+': () => zoomTo(zoom + STEP),
      '=': () => zoomTo(zoom + STEP),
      '-': () => zoomTo(zoom - STEP),
      '0': () => zoomTo(1),
      ArrowLeft: () => (zoomed ? move(PAN_STEP, 0) : goTo(page - 1)),
      ArrowRight: () => (zoomed ? move(-PAN_STEP, 0) : goTo(page + 1)),
      ArrowUp: () => zoomed && move(0, PAN_STEP),
      ArrowDown: () => zoomed && move(0, -PAN_STEP),
    };
    const action = keys[e.key];
    if (!action || (!zoomed && (e.key === 'ArrowUp' || e.key === 'ArrowDown'))) return;
    e.preventDefault();
    action();
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      if (a && b) gesture.current = { distance: Math.hypot(a.x - b.x, a.y - b.y), zoom };
    }
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const before = pointers.current.get(e.pointerId);
    if (!before) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 2 && gesture.current) {
      const [a, b] = [...pointers.current.values()];
      if (a && b)
        zoomTo((gesture.current.zoom * Math.hypot(a.x - b.x, a.y - b.y)) / gesture.current.distance);
    } else if (pointers.current.size === 1 && zoom > 1) {
      if (e.currentTarget.hasPointerCapture?.(e.pointerId) === false)
        e.currentTarget.setPointerCapture?.(e.pointerId);
      setPan((p) => bound(p.x + e.clientX - before.x, p.y + e.clientY - before.y, zoom));
    }
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size < 2) gesture.current = null;
  };

  const found = products.data?.products ?? [];
  // the list under the pages (up to 100 cards) renders in the background after the pages, a dozen cards
  // per commit
  const listed = useDeferredValue(found, []);
  const shown = useProgressiveCount(listed.length, 12);
  const byId = new Map(found.map((p) => [p.productId, p]));
  const hotspots = leaflet.hotspots.filter((h) => h.page === page);

  return (
    <div className="lf-viewer">
      <section aria-label={t('leaflets.viewerLabel')}>
        <div className="lf-toolbar lf-viewer-toolbar">
          <div className="lf-toolbar-group">
            <button
              type="button"
              onClick={() => goTo(page - 1)}
              disabled={page === 0}
              aria-label={t('leaflets.previousPage')}
            >
              ‹
            </button>
            <span aria-live="polite">
              {t('leaflets.pageOf', { page: page + 1, count: leaflet.pageCount })}
            </span>
            <button
              type="button"
              onClick={() => goTo(page + 1)}
              disabled={page >= leaflet.pageCount - 1}
              aria-label={t('leaflets.nextPage')}
            >
              ›
            </button>
          </div>
          <div className="lf-toolbar-group">
            <button
              type="button"
              onClick={() => zoomTo(zoom - STEP)}
              disabled={zoom <= MIN_ZOOM}
              aria-label={t('leaflets.zoomOut')}
            >
              −
            </button>
            <span data-testid="zoom-level" aria-live="polite">
              {t('leaflets.zoomLevel', { percent: Math.round(zoom * 100) })}
            </span>
            <button
              type="button"
              onClick={() => zoomTo(zoom + STEP)}
              disabled={zoom >= MAX_ZOOM}
              aria-label={t('leaflets.zoomIn')}
            >
              +
            </button>
            <button type="button" className="lf-zoom-reset" onClick={() => zoomTo(1)} disabled={zoom === 1}>
              {t('leaflets.zoomReset')}
            </button>
          </div>
        </div>
        <div
          ref={stage}
          className="lf-stage"
          data-zoomed={zoom > 1}
          tabIndex={0}
          role="group"
          aria-roledescription="pagina"
          aria-label={`${t('leaflets.pageImage', { title: leaflet.title, page: page + 1 })}. ${t('leaflets.zoomHelp')}`}
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        >
          <div className="lf-sheet" style={{ transform: `translate(${pan.x}px, ${pan.y}px) scale(${zoom})` }}>
            <LeafletPicture
              key={page}
              baseLocation={leaflet.baseLocation}
              page={page}
              alt={t('leaflets.pageImage', { title: leaflet.title, page: page + 1 })}
              sizes={LEAFLET_VIEWER_SIZES}
              priority={page === 0}
            />
            {hotspots.map((h) => {
              const product = byId.get(h.productId);
              return product ? (
                <Link
                  key={h.productId}
                  className="lf-hot"
                  to={paths.product(product.slug)}
                  aria-label={t('leaflets.hotspot', { name: product.name })}
                  style={{
                    left: `${h.x * 100}%`,
                    top: `${h.y * 100}%`,
                    width: `${h.w * 100}%`,
                    height: `${h.h * 100}%`,
                  }}
                />
              ) : null;
            })}
          </div>
        </div>
        <p className="lf-toolbar">
          <a className="lf-download" href={leaflet.pdfUrl} download={`${leaflet.slug}.pdf`}>
            {t('leaflets.download')}
          </a>
        </p>
        <details>
          <summary>{t('leaflets.info')}</summary>
          <p>{t('leaflets.validity', { from: day(leaflet.fromDate), to: day(leaflet.toDate) })}</p>
          <p>
            {leaflet.warehouseName
              ? t('leaflets.infoStore', { store: leaflet.warehouseName })
              : t('leaflets.infoChain')}
          </p>
          {leaflet.description ? <p>{leaflet.description}</p> : null}
        </details>
      </section>
      <section aria-labelledby="lf-products-title">
        <h2 id="lf-products-title">{t('leaflets.products')}</h2>
        <h3>{t('leaflets.departments')}</h3>
        <ul className="lf-chips">
          <li>
            <button
              type="button"
              className="lf-chip"
              aria-pressed={department === ''}
              onClick={() => setDepartment('')}
            >
              {t('leaflets.allDepartments')}
            </button>
          </li>
          {leaflet.departments.map((d) => (
            <li key={d.name}>
              <button
                type="button"
                className="lf-chip"
                aria-pressed={department === d.name}
                onClick={() => {
                  setDepartment(d.name);
                  goTo(d.page);
                }}
              >
                {d.name} ({d.productCount})
              </button>
            </li>
          ))}
        </ul>
        <form
          className="lf-search"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            setQ(text.trim());
          }}
        >
          <label htmlFor="lf-search">
            <VisuallyHidden>{t('leaflets.search')}</VisuallyHidden>
          </label>
          <input
            id="lf-search"
            type="search"
            value={text}
            placeholder={t('leaflets.searchPlaceholder')}
            onChange={(e) => {
              setText(e.target.value);
              if (e.target.value === '') setQ('');
            }}
          />
          <button type="submit" className="lf-chip">
            {t('leaflets.search')}
          </button>
        </form>
        <p aria-live="polite">{t('leaflets.productsCount', { count: products.data?.page.totItems ?? 0 })}</p>
        {products.data && found.length === 0 ? <p>{t('leaflets.noProducts')}</p> : null}
        <ul className="lf-products">
          {listed.slice(0, shown).map((p) => (
            <LeafletProductItem
              key={p.productId}
              product={p}
              renderProduct={renderProduct}
              adding={addingToList}
              onAdd={addToList}
            />
          ))}
        </ul>
      </section>
    </div>
  );
}

/** One product of the list under the pages; memoised, so each new batch of the list renders only itself. */
const LeafletProductItem = memo(function LeafletProductItem({
  product,
  renderProduct,
  adding,
  onAdd,
}: {
  product: Product;
  renderProduct: (product: Product) => ReactNode;
  adding: boolean;
  onAdd: (product: Product) => void;
}) {
  const { t } = useTranslation();
  return (
    <li>
      {renderProduct(product)}
      <button type="button" className="lf-add" disabled={adding} onClick={() => onAdd(product)}>
        {t('leaflets.addToLeafletListStart')} <VisuallyHidden>{product.name}</VisuallyHidden>{' '}
        {t('leaflets.addToLeafletListEnd')}
      </button>
    </li>
  );
});
