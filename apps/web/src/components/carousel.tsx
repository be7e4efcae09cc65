import {
  memo,
  startTransition,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import { useTranslation } from '../lib/i18n';
import { Icon } from './icons';
import { slidesPerView, slideWidthCss, SLIDER_GAP_PX, type SlidesStep } from './slider-rules';
import { usePrefersReducedMotion } from './use-reduced-motion';
import { useNearViewport } from './render-when-near';
import { useFirstInteraction } from './use-first-interaction';
import './carousel.css';

interface CarouselProps<T> {
  items: readonly T[];
  getKey: (item: T, index: number) => string | number;
  renderItem: (item: T, index: number) => ReactNode;
  steps: readonly SlidesStep[];
  /** accessible name of the carousel */
  label: string;
  gap?: number;
  /** ms between slides; off when false, when the user prefers reduced motion, or when paused */
  autoplayMs?: number | false;
  showArrows?: boolean;
  /**
   * Where the previous/next buttons sit from 600 px on: beside the slides (the default), or over their edges
   * (the header's full-width banners, whose text keeps clear of them). On a phone they sit under the slides,
   * with the bullets between them: never over a slide's content.
   */
  arrowPlacement?: 'beside' | 'over';
  showBullets?: boolean;
  loop?: boolean;
  /**
   * Every slide from the first render (a few banners): slides of unequal heights (a banner with its caption
   * under the image beside ones with the text over it) would otherwise grow the track when the later ones
   * mount, and move what sits below and over the first slide (a layout shift on the home's first screen).
   */
  allSlidesAtOnce?: boolean;
}

/**
 * The slide widths of `steps` as a style sheet scoped to one carousel (the widths come from the block's
 * JSON_CONFIG, so they cannot live in carousel.css; media queries cannot be inline styles).
 */
function slideWidthRules(scope: string, steps: readonly SlidesStep[]): string {
  const selector = `[data-carousel="${scope}"] > .carousel-slide`;
  return Object.entries(slideWidthCss(steps))
    .map(([key, value]) =>
      typeof value === 'string'
        ? `${selector}{flex-basis:${value}}`
        : `${key}{${selector}{flex-basis:${value.flexBasis}}}`,
    )
    .join('');
}

/**
 * One slide, memoised: the carousel's own state (a slide more mounted, hovered, the engine's position) renders
 * only the slides whose props changed, not every card again.
 */
const CarouselSlide = memo(function CarouselSlide({
  item,
  index,
  label,
  gap,
  shown,
  renderItem,
}: {
  item: unknown;
  index: number;
  label: string;
  gap: number;
  shown: boolean;
  renderItem: (item: never, index: number) => ReactNode;
}) {
  return (
    <div
      role="group"
      aria-roledescription="elemento"
      aria-label={label}
      className="carousel-slide"
      style={{ paddingLeft: gap }}
    >
      {shown ? renderItem(item as never, index) : null}
    </div>
  );
});

/** How far ahead of the viewport a carousel starts its engine. */
const ACTIVATION_MARGIN_PX = 200;

const subscribeToResize = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/**
 * Slides in view at the window's width (`slidesPerView`), asked of media queries: on a phone (a page with a
 * viewport meta tag) reading `window.innerWidth` forces a layout of the whole page, inside the render that
 * reads it; a media query does not.
 */
function slidesInView(steps: readonly SlidesStep[]): number {
  const reached = steps
    .map((step) => step.minWidth)
    .filter((px) => px <= 0 || window.matchMedia(`(min-width: ${px}px)`).matches);
  return slidesPerView(Math.max(0, ...reached), steps);
}

/** True while every slide is in view at the window's width (re-rendering only when that changes). */
function useAllInView(count: number, steps: readonly SlidesStep[]): boolean {
  return useSyncExternalStore(
    subscribeToResize,
    () => count <= slidesInView(steps),
    () => false,
  );
}

/**
 * Accessible carousel on embla: a region with a name, slides as labelled groups, previous/next
 * buttons, arrow keys, optional bullets, and autoplay that pauses on hover/focus, has a pause button
 * (WCAG 2.2.2) and never runs when the user prefers reduced motion. Plain elements and carousel.css (no
 * MUI/emotion): the home's header slider holds the page's largest image, so it renders first.
 */
export function Carousel<T>({
  items,
  getKey,
  renderItem,
  steps,
  label,
  gap = SLIDER_GAP_PX,
  autoplayMs = false,
  showArrows = true,
  arrowPlacement = 'beside',
  showBullets = false,
  loop = false,
  allSlidesAtOnce = false,
}: CarouselProps<T>) {
  const { t } = useTranslation();
  const id = useId();
  const reducedMotion = usePrefersReducedMotion();
  // embla measures every slide when it starts (a long task on a phone): a carousel below the fold starts
  // when it comes near the viewport or is touched, hovered or focused; until then it shows its first slides.
  // While every slide is in view (two leaflets side by side) it does not start: there is nothing to scroll.
  const rootRef = useRef<HTMLDivElement>(null);
  const [touched, setTouched] = useState(false);
  const near = useNearViewport(rootRef, { marginPx: ACTIVATION_MARGIN_PX }) || touched;
  const scrollable = !useAllInView(items.length, steps);
  const active = near && scrollable;
  const [emblaRef, emblaApi] = useEmblaCarousel({
    align: 'start',
    loop,
    slidesToScroll: 'auto',
    containScroll: 'trimSnaps',
    duration: reducedMotion ? 1 : 25,
  });
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);
  const [snaps, setSnaps] = useState<number[]>([]);
  const [selected, setSelected] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const autoplayEnabled = autoplayMs !== false && !reducedMotion && scrollable;
  // First render: the visible slides and one page more. The others (empty slides of the same width until then)
  // mount once the customer does anything on the page (useFirstInteraction), one per idle moment, each in a
  // transition of its own; all at once when the carousel itself is touched, hovered, focused or scrolled. A
  // product slider's eight hidden cards, mounted at once at the first idle moment, were ~600 elements and a
  // long task in the first seconds of every home visit, for slides no one had asked to see.
  const [mounted, setMounted] = useState(() =>
    allSlidesAtOnce || typeof window === 'undefined' ? items.length : slidesInView(steps) * 2,
  );
  const allMounted = mounted >= items.length;
  const mountAll = useCallback(() => setMounted(Number.MAX_SAFE_INTEGER), []);
  const interacted = useFirstInteraction();
  useEffect(() => {
    if (allMounted || !interacted) return;
    const oneMore = () => startTransition(() => setMounted((n) => n + 1));
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(oneMore, { timeout: 1000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(oneMore, 50);
    return () => clearTimeout(timer);
  }, [allMounted, interacted, mounted]);

  const sync = useCallback(() => {
    if (!emblaApi) return;
    setCanPrev(emblaApi.canScrollPrev());
    setCanNext(emblaApi.canScrollNext());
    setSnaps(emblaApi.scrollSnapList());
    setSelected(emblaApi.selectedScrollSnap());
  }, [emblaApi]);

  useEffect(() => {
    if (!emblaApi) return;
    let live = true;
    // first read once embla has measured (the carousel is initialised when the api arrives)
    queueMicrotask(() => live && sync());
    emblaApi.on('select', sync).on('reInit', sync).on('pointerDown', mountAll).on('scroll', mountAll);
    return () => {
      live = false;
      emblaApi.off('select', sync).off('reInit', sync).off('pointerDown', mountAll).off('scroll', mountAll);
    };
  }, [emblaApi, sync, mountAll]);

  useEffect(() => {
    if (!emblaApi || !autoplayEnabled || paused || hovered) return;
    const timer = setInterval(() => {
      if (emblaApi.canScrollNext()) emblaApi.scrollNext();
      else emblaApi.scrollTo(0);
    }, autoplayMs);
    return () => clearInterval(timer);
  }, [emblaApi, autoplayEnabled, paused, hovered, autoplayMs]);

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      emblaApi?.scrollPrev();
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      emblaApi?.scrollNext();
    }
  }

  // useId gives «r1»-like ids: letters and digits only, for the attribute selector
  const scope = id.replace(/[^\w-]/g, '');

  // the arrows' places are kept from the first render (disabled until the engine runs): no shift when it starts
  const arrowsShown = showArrows && scrollable;
  const bulletsShown = showBullets && scrollable && snaps.length > 1;

  return (
    <div
      role="region"
      aria-roledescription="carosello"
      aria-label={label}
      className={arrowsShown ? `carousel carousel--arrows carousel--arrows-${arrowPlacement}` : 'carousel'}
      ref={rootRef}
      onMouseEnter={() => {
        setHovered(true);
        setTouched(true);
        if (!allMounted) mountAll();
      }}
      onMouseLeave={() => setHovered(false)}
      onPointerDown={() => setTouched(true)}
      onFocusCapture={() => {
        setHovered(true);
        setTouched(true);
        if (!allMounted) mountAll();
      }}
      onBlurCapture={() => setHovered(false)}
      data-testid="carousel"
    >
      <style>{slideWidthRules(scope, steps)}</style>
      <div ref={active ? emblaRef : undefined} className="carousel-viewport" onKeyDown={onKeyDown}>
        <div
          id={`${id}-track`}
          aria-live={autoplayEnabled && !paused ? 'off' : 'polite'}
          className="carousel-track"
          data-carousel={scope}
          style={{ marginLeft: -gap }}
        >
          {items.map((item, index) => (
            <CarouselSlide
              key={getKey(item, index)}
              item={item}
              index={index}
              label={t('slider.slide', { index: index + 1, count: items.length })}
              gap={gap}
              shown={index < mounted}
              renderItem={renderItem}
            />
          ))}
        </div>
      </div>
      {arrowsShown ? (
        <button
          type="button"
          className="carousel-arrow carousel-prev"
          aria-label={t('slider.previous')}
          aria-controls={`${id}-track`}
          onClick={() => emblaApi?.scrollPrev()}
          disabled={!canPrev}
        >
          <Icon name="chevronLeft" />
        </button>
      ) : null}
      {bulletsShown || autoplayEnabled ? (
        <div className="carousel-controls">
          {autoplayEnabled ? (
            <button
              type="button"
              className="carousel-play"
              onClick={() => setPaused((p) => !p)}
              aria-label={paused ? t('slider.play') : t('slider.pause')}
            >
              <Icon name={paused ? 'play' : 'pause'} size={20} />
            </button>
          ) : null}
          {bulletsShown
            ? snaps.map((_, i) => (
                <button
                  type="button"
                  key={i}
                  className="carousel-bullet"
                  aria-label={t('slider.goTo', { index: i + 1 })}
                  aria-current={i === selected ? 'true' : undefined}
                  onClick={() => emblaApi?.scrollTo(i)}
                />
              ))
            : null}
        </div>
      ) : null}
      {arrowsShown ? (
        <button
          type="button"
          className="carousel-arrow carousel-next"
          aria-label={t('slider.next')}
          aria-controls={`${id}-track`}
          onClick={() => emblaApi?.scrollNext()}
          disabled={!canNext}
        >
          <Icon name="chevronRight" />
        </button>
      ) : null}
    </div>
  );
}
