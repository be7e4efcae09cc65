import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  type CookieBannerOpening,
  focusPageStart,
  OPEN_COOKIE_PREFERENCES_EVENT,
  readCookiePreferences,
  takeEarlyCookieChoice,
} from '../../../lib/cookie-consent';
// not lazy: small without MUI; its style sheet is part of the entry's, which index.html carries inline for
// the banner the HTML paints (decision 024)
import { CookieBanner } from './cookie-banner';

/**
 * A React root of its own (main.tsx), mounted when the app's banner is first needed (`startCookieConsent`,
 * lib/cookie-consent.ts) and opened for that reason (`opening`); without one, on a first visit (no choice
 * stored). Then it opens again when the footer's "Preferenze cookie" link asks for it. It takes the place of
 * the banner the HTML painted (index.html, decision 024), and applies a choice made there in the meantime.
 */
export function CookieConsentSlot({ opening }: { opening?: CookieBannerOpening }) {
  const [open, setOpen] = useState<false | CookieBannerOpening>(
    () => opening ?? (readCookiePreferences() ? false : 'first-visit'),
  );
  // a button of the HTML's banner pressed before this root's commit (it renders as a transition, in slices):
  // applied at the commit, before the app's banner is painted
  useLayoutEffect(() => {
    const early = takeEarlyCookieChoice();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- an input from outside React (index.html's script), read once
    if (early === 'saved') setOpen(false);
    else if (early === 'customise') setOpen('customise');
  }, []);
  // the control that asked for the banner (the footer's "Preferenze cookie") gets the focus back after it
  const opener = useRef<HTMLElement | null>(null);
  const refocus = useRef(false);
  useEffect(() => {
    const ask = () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      setOpen('asked');
    };
    window.addEventListener(OPEN_COOKIE_PREFERENCES_EVENT, ask);
    return () => window.removeEventListener(OPEN_COOKIE_PREFERENCES_EVENT, ask);
  }, []);
  useEffect(() => {
    if (open || !refocus.current) return;
    refocus.current = false;
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected) back.focus();
    else focusPageStart();
  }, [open]);
  if (!open) return null;
  return (
    // keyed by why it is open: "Personalizza" pressed on the HTML's banner opens a new one on the choices
    <CookieBanner
      key={open}
      focusOnOpen={open === 'asked' || open === 'customise'}
      startCustomising={open === 'customise'}
      onDone={() => {
        // a choice made on the banner leaves the focus on its button, about to disappear
        refocus.current = document.activeElement?.closest('#cookie-consent') != null;
        setOpen(false);
      }}
    />
  );
}
