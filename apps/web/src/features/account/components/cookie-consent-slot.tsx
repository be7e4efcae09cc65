import { lazy, Suspense, useEffect, useState } from 'react';
import { OPEN_COOKIE_PREFERENCES_EVENT, readCookiePreferences } from '../../../lib/cookie-consent';

const CookieBanner = lazy(() => import('./cookie-banner').then((m) => ({ default: m.CookieBanner })));

/**
 * Mounted by the root layout: loads the cookie banner only when no choice is stored yet (first visit), or
 * when the footer's "Preferenze cookie" link asks for it.
 */
export function CookieConsentSlot() {
  const [open, setOpen] = useState<false | 'first-visit' | 'asked'>(() =>
    readCookiePreferences() ? false : 'first-visit',
  );
  useEffect(() => {
    const ask = () => setOpen('asked');
    window.addEventListener(OPEN_COOKIE_PREFERENCES_EVENT, ask);
    return () => window.removeEventListener(OPEN_COOKIE_PREFERENCES_EVENT, ask);
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner focusOnOpen={open === 'asked'} onDone={() => setOpen(false)} />
    </Suspense>
  );
}
