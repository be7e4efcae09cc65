import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` only once the placeholder comes near the viewport (IntersectionObserver, 400 px
 * ahead), so a long page mounts its first screen first: below-the-fold blocks cost no rendering, no API
 * call and no image until the customer scrolls towards them. The placeholder reserves `minHeight` so the
 * page does not jump. A placeholder already within reach when it mounts is replaced before the first paint
 * (no flash of empty space); without IntersectionObserver the children render at once.
 */
const MARGIN_PX = 400;

export function RenderWhenNear({
  children,
  minHeight,
  rootMargin = `${MARGIN_PX}px 0px`,
}: {
  children: ReactNode;
  minHeight: number;
  rootMargin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useLayoutEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (el.getBoundingClientRect().top < window.innerHeight + MARGIN_PX) setNear(true);
  }, [near]);
  useEffect(() => {
    if (near) return;
    const el = ref.current;
    if (!el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, rootMargin]);
  if (near) return <>{children}</>;
  return <div ref={ref} style={{ minHeight }} data-testid="deferred-block" />;
}
