import {
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';

const MARGIN_PX = 400;

/**
 * True once the element comes near the viewport (IntersectionObserver, `marginPx` ahead), and stays true;
 * without IntersectionObserver everything is near at once. With `beforePaint`, an element already in the
 * viewport when it mounts counts as near before the first paint (one layout read in the commit); one only
 * within the margin, below the fold, is told by the observer a frame later. The observer's news renders as a
 * transition: React renders it in slices between the browser's frames, not as one long task.
 */
export function useNearViewport(
  ref: RefObject<HTMLElement | null>,
  { marginPx = MARGIN_PX, beforePaint = false }: { marginPx?: number; beforePaint?: boolean } = {},
): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useLayoutEffect(() => {
    const el = ref.current;
    if (!beforePaint || near || !el) return;
    if (el.getBoundingClientRect().top < window.innerHeight) setNear(true);
  }, [beforePaint, near, ref]);
  useEffect(() => {
    if (near) return;
    const el = ref.current;
    if (!el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          startTransition(() => setNear(true));
        }
      },
      { rootMargin: `${marginPx}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, ref, marginPx]);
  return near;
}

/**
 * Renders `children` only once the placeholder comes near the viewport (400 px ahead), so a long page mounts
 * its first screen first: below-the-fold blocks cost no rendering, no API call and no image until the
 * customer scrolls towards them. The placeholder reserves `minHeight` so the page does not jump; one already
 * in the viewport is replaced before the first paint (no flash of empty space), one within reach below it a
 * frame later, before the customer can scroll there.
 */
export function RenderWhenNear({
  children,
  minHeight,
  marginPx = MARGIN_PX,
}: {
  children: ReactNode;
  minHeight: number;
  marginPx?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, { marginPx, beforePaint: true });
  if (near) return <>{children}</>;
  return <div ref={ref} style={{ minHeight }} data-testid="deferred-block" />;
}
