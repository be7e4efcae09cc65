import { afterEach, describe, expect, it } from 'vitest';
import { COOKIE_BANNER_SCRIPT } from '@spesa/shared/shell/inline-scripts';
import { readCookiePreferences, saveCookiePreferences, takeEarlyCookieChoice } from './cookie-consent';

/** The slot as index.html has it (vite.config.ts, staticCookieBanner), with its inline script run. */
function htmlBanner(): HTMLElement {
  document.body.innerHTML =
    '<div id="cookie-consent"><section class="cookie-banner"><h2>Rispettiamo la tua privacy</h2>' +
    '<button type="button" data-choice="customise">Personalizza</button>' +
    '<button type="button" data-choice="reject">Rifiuta</button>' +
    '<button type="button" data-choice="accept">Accetta tutti</button></section></div>';
  new Function(COOKIE_BANNER_SCRIPT)();
  return document.getElementById('cookie-consent')!;
}

const press = (slot: HTMLElement, choice: string) =>
  slot.querySelector<HTMLButtonElement>(`button[data-choice="${choice}"]`)!.click();

describe('the cookie banner of index.html and the app taking its place', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    localStorage.clear();
  });

  it('removes the banner before it is painted when a choice is stored', () => {
    saveCookiePreferences({ analytics: false, profilation: false });
    expect(htmlBanner().children).toHaveLength(0);
  });

  it('keeps a banner whose stored choice is not a valid one', () => {
    localStorage.setItem('spesa.cookiePreferences', '{"analytics":true}');
    expect(htmlBanner().children).toHaveLength(1);
  });

  it('"Rifiuta" hides it at once and the app saves the refusal', () => {
    const slot = htmlBanner();
    press(slot, 'reject');
    expect(slot.querySelector('section')!.hidden).toBe(true);
    expect(takeEarlyCookieChoice()).toBe('saved');
    expect(readCookiePreferences()).toMatchObject({ analytics: false, profilation: false });
    // taken once
    expect(takeEarlyCookieChoice()).toBeNull();
  });

  it('"Accetta tutti" is saved as everything accepted', () => {
    const slot = htmlBanner();
    press(slot, 'accept');
    expect(takeEarlyCookieChoice()).toBe('saved');
    expect(readCookiePreferences()).toMatchObject({ analytics: true, profilation: true });
  });

  it('"Personalizza" leaves the banner and asks the app to open on the choices, saving nothing', () => {
    const slot = htmlBanner();
    press(slot, 'customise');
    expect(slot.querySelector('section')!.hidden).toBe(false);
    expect(takeEarlyCookieChoice()).toBe('customise');
    expect(readCookiePreferences()).toBeNull();
    expect(takeEarlyCookieChoice()).toBeNull();
  });

  it('nothing pressed: nothing to take', () => {
    htmlBanner();
    expect(takeEarlyCookieChoice()).toBeNull();
    expect(readCookiePreferences()).toBeNull();
  });
});
