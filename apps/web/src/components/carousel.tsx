import {
  startTransition,
  useCallback,
  useEffect,
  useId,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import { slidesPerView, slideWidthCss, SLIDER_GAP_PX, type SlidesStep } from './slider-rules';
import { usePrefersReducedMotion } from './use-reduced-motion';

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
  showBullets?: boolean;
  loop?: boolean;
}

const arrowSx = {
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  zIndex: 2,
  bgcolor: 'background.paper',
  boxShadow: 2,
  width: 40,
  height: 40,
  '&:hover': { bgcolor: 'grey.100' },
  '&.Mui-disabled': { opacity: 0, pointerEvents: 'none' },
} as const;

/**
 * Accessible carousel on embla: a region with a name, slides as labelled groups, previous/next
 * buttons, arrow keys, optional bullets, and autoplay that pauses on hover/focus, has a pause button
 * (WCAG 2.2.2) and never runs when the user prefers reduced motion.
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
  showBullets = false,
  loop = false,
}: CarouselProps<T>) {
  const { t } = useTranslation();
  const id = useId();
  const reducedMotion = usePrefersReducedMotion();
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
  const autoplayEnabled = autoplayMs !== false && !reducedMotion && items.length > 1;
  // First render: the visible slides and one page more; the others (empty slides of the same width until
  // then) mount when the browser is idle, in a transition, or at once on any interaction.
  const [mounted, setMounted] = useState(() =>
    typeof window === 'undefined' ? items.length : slidesPerView(window.innerWidth, steps) * 2,
  );
  const allMounted = mounted >= items.length;
  const mountAll = useCallback(() => setMounted(Number.MAX_SAFE_INTEGER), []);
  useEffect(() => {
    if (allMounted) return;
    const later = () => startTransition(mountAll);
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(later, { timeout: 4000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(later, 200);
    return () => clearTimeout(timer);
  }, [allMounted, mountAll]);

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

  const slideCss = slideWidthCss(steps);

  return (
    <Box
      role="region"
      aria-roledescription="carosello"
      aria-label={label}
      sx={{ position: 'relative' }}
      onMouseEnter={() => {
        setHovered(true);
        if (!allMounted) mountAll();
      }}
      onMouseLeave={() => setHovered(false)}
      onFocusCapture={() => {
        setHovered(true);
        if (!allMounted) mountAll();
      }}
      onBlurCapture={() => setHovered(false)}
      data-testid="carousel"
    >
      <Box ref={emblaRef} sx={{ overflow: 'hidden' }} onKeyDown={onKeyDown}>
        <Box
          id={`${id}-track`}
          aria-live={autoplayEnabled && !paused ? 'off' : 'polite'}
          sx={{ display: 'flex', touchAction: 'pan-y pinch-zoom', ml: `-${gap}px` }}
        >
          {items.map((item, index) => (
            <Box
              key={getKey(item, index)}
              role="group"
              aria-roledescription="elemento"
              aria-label={t('slider.slide', { index: index + 1, count: items.length })}
              sx={{ flexGrow: 0, flexShrink: 0, minWidth: 0, pl: `${gap}px`, ...slideCss }}
            >
              {index < mounted ? renderItem(item, index) : null}
            </Box>
          ))}
        </Box>
      </Box>
      {showArrows && (canPrev || canNext) ? (
        <>
          <IconButton
            aria-label={t('slider.previous')}
            aria-controls={`${id}-track`}
            onClick={() => emblaApi?.scrollPrev()}
            disabled={!canPrev}
            sx={{ ...arrowSx, left: 4 }}
            size="small"
          >
            <ChevronLeft />
          </IconButton>
          <IconButton
            aria-label={t('slider.next')}
            aria-controls={`${id}-track`}
            onClick={() => emblaApi?.scrollNext()}
            disabled={!canNext}
            sx={{ ...arrowSx, right: 4 }}
            size="small"
          >
            <ChevronRight />
          </IconButton>
        </>
      ) : null}
      {(showBullets && snaps.length > 1) || autoplayEnabled ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 0.5, mt: 1 }}>
          {autoplayEnabled ? (
            <IconButton
              size="small"
              onClick={() => setPaused((p) => !p)}
              aria-label={paused ? t('slider.play') : t('slider.pause')}
              sx={{ width: 32, height: 32, minWidth: 32, minHeight: 32 }}
            >
              {paused ? <PlayArrow fontSize="small" /> : <Pause fontSize="small" />}
            </IconButton>
          ) : null}
          {showBullets && snaps.length > 1
            ? snaps.map((_, i) => (
                <Box
                  component="button"
                  type="button"
                  key={i}
                  aria-label={t('slider.goTo', { index: i + 1 })}
                  aria-current={i === selected ? 'true' : undefined}
                  onClick={() => emblaApi?.scrollTo(i)}
                  sx={{
                    width: 24,
                    height: 24,
                    border: 0,
                    p: 0,
                    bgcolor: 'transparent',
                    cursor: 'pointer',
                    display: 'inline-flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    '&::before': {
                      content: '""',
                      width: 10,
                      height: 10,
                      borderRadius: '50%',
                      bgcolor: i === selected ? 'primary.dark' : 'grey.500',
                    },
                  }}
                />
              ))
            : null}
        </Box>
      ) : null}
    </Box>
  );
}
