import { afterEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_BANNER_SCRIPT } from '@spesa/shared/shell/inline-scripts';
import {
  openCookiePreferences,
  readCookiePreferences,
  saveCookiePreferences,
  startCookieConsent,
  takeEarlyCookieChoice,
} from './cookie-consent';

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

  it('a choice made with the keyboard leaves the focus on the first skip link, not on the page', () => {
    const slot = htmlBanner();
    document.body.insertAdjacentHTML(
      'beforeend',
      '<div id="root"><a class="skip-link" href="#main-content">Vai al contenuto principale</a></div>',
    );
    const stop = startCookieConsent(() => undefined);
    const accept = slot.querySelector<HTMLButtonElement>('button[data-choice="accept"]')!;
    accept.focus();
    accept.click();
    expect(slot.children).toHaveLength(0);
    expect(document.activeElement).toBe(document.querySelector('#root .skip-link'));
    stop();
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

describe('startCookieConsent: the app mounts its banner only when it is needed', () => {
  const mounts: unknown[][] = [];
  const mount = vi.fn((...args: unknown[]) => void mounts.push(args));
  let stop = () => {};
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
    localStorage.clear();
    mount.mockClear();
    mounts.length = 0;
  });

  it('a first visit keeps the HTML\'s banner; "Accetta tutti" pressed there is saved and the banner removed', () => {
    const slot = htmlBanner();
    stop = startCookieConsent(mount);
    expect(mount).not.toHaveBeenCalled();
    expect(slot.children).toHaveLength(1);
    press(slot, 'accept');
    expect(readCookiePreferences()).toMatchObject({ analytics: true, profilation: true });
    expect(slot.children).toHaveLength(0);
    expect(mount).not.toHaveBeenCalled();
  });

  it('a choice made before the app started is saved when it starts', () => {
    const slot = htmlBanner();
    press(slot, 'reject');
    stop = startCookieConsent(mount);
    expect(readCookiePreferences()).toMatchObject({ analytics: false, profilation: false });
    expect(slot.children).toHaveLength(0);
    expect(mount).not.toHaveBeenCalled();
  });

  it('"Personalizza" mounts the app\'s banner, which takes the choice from the slot', () => {
    const slot = htmlBanner();
    stop = startCookieConsent(mount);
    press(slot, 'customise');
    expect(mounts).toEqual([['customise']]);
    expect(slot.getAttribute('data-choice')).toBe('customise');
    // mounted once: a second press is the app's banner's business
    press(slot, 'customise');
    expect(mount).toHaveBeenCalledTimes(1);
  });

  it('the footer\'s "Preferenze cookie" mounts it for a returning customer, once', () => {
    saveCookiePreferences({ analytics: false, profilation: false });
    htmlBanner();
    stop = startCookieConsent(mount);
    expect(mount).not.toHaveBeenCalled();
    openCookiePreferences();
    openCookiePreferences();
    expect(mounts).toEqual([['asked']]);
  });

  it("the footer's link after a choice on the HTML's banner mounts it too", () => {
    const slot = htmlBanner();
    stop = startCookieConsent(mount);
    press(slot, 'reject');
    openCookiePreferences();
    expect(mounts).toEqual([['asked']]);
  });

  it("a first visit without the HTML's banner mounts the app's banner at once", () => {
    document.body.innerHTML = '<div id="cookie-consent"></div>';
    stop = startCookieConsent(mount);
    expect(mounts).toEqual([['first-visit']]);
  });
});
