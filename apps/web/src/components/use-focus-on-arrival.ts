import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * Navigation state asking the next page to move the focus to its content (decision 069): a search submitted
 * from the header, whose results are the point of the page (the listing's filters and pages change the
 * address too, and keep the focus where it is).
 */
export const FOCUS_ON_ARRIVAL = { focusOnArrival: true } as const;

const requested = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as { focusOnArrival?: unknown }).focusOnArrival === true;

/**
 * Moves the focus to `ref` (a heading with `tabIndex={-1}`) when a page is arrived at, so that the next Tab
 * starts from the page's content instead of the header the keyboard left (WCAG 2.4.3; decision 069). When:
 * - 'navigation': each arrival by a navigation inside the shop (the checkout from "Vai alla cassa"); not
 *   the first page loaded, where the browser starts at the skip links;
 * - 'request': a navigation whose state is `FOCUS_ON_ARRIVAL`;
 * - 'mount': when mounted, however the page was reached (the order confirmation, also the payment
 *   provider's way back).
 * `ready`: the element is rendered (a page showing a loader first).
 */
export function useFocusOnArrival(
  ref: RefObject<HTMLElement | null>,
  when: 'navigation' | 'request' | 'mount',
  ready = true,
): void {
  const location = useLocation();
  const done = useRef<string | null>(null);
  const arrival = when === 'mount' ? 'mount' : location.key;
  const wanted =
    when === 'mount' ||
    (when === 'navigation' ? location.key !== 'default' : requested(location.state as unknown));
  useEffect(() => {
    if (!ready || !wanted || done.current === arrival || !ref.current) return;
    done.current = arrival;
    ref.current.focus();
  }, [ready, wanted, arrival, ref]);
}
