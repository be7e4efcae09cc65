import { useEffect, useState } from 'react';
import { OPEN_COOKIE_PREFERENCES_EVENT, readCookiePreferences } from '../../../lib/cookie-consent';
// not lazy: small without MUI, and on a first visit it is the largest text of a phone screen (the LCP
// element), so it is part of the entry and paints before the router starts (main.tsx)
import { CookieBanner } from './cookie-banner';

/**
 * A React root of its own (main.tsx, rendered before the router): shows the cookie banner only when no choice
 * is stored yet (first visit), or when the footer's "Preferenze cookie" link asks for it.
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
  return <CookieBanner focusOnOpen={open === 'asked'} onDone={() => setOpen(false)} />;
}
