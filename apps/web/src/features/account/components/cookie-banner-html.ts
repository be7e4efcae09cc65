/** The texts of the first-visit banner (locales/it.json, `cookies`). */
export interface CookieBannerTexts {
  title: string;
  text: string;
  customise: string;
  reject: string;
  acceptAll: string;
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The first-visit cookie banner as HTML, written into index.html at build time (vite.config.ts,
 * `staticCookieBanner`; decision 024): the elements and classes `CookieBanner` renders before "Personalizza",
 * each button with the `data-choice` index.html's script reads. cookie-banner-html.test.tsx compares the two.
 */
export function cookieBannerHtml(t: CookieBannerTexts): string {
  const button = (choice: string, className: string, label: string) =>
    `<button type="button" class="${className}" data-choice="${choice}">${escape(label)}</button>`;
  return (
    '<section aria-labelledby="cookie-banner-title" aria-describedby="cookie-banner-text" class="cookie-banner">' +
    `<h2 id="cookie-banner-title" tabindex="-1" class="cookie-banner-title">${escape(t.title)}</h2>` +
    `<p id="cookie-banner-text" class="cookie-banner-text">${escape(t.text)}</p>` +
    '<div class="cookie-banner-actions">' +
    button('customise', 'cookie-btn', t.customise) +
    button('reject', 'cookie-btn cookie-btn-outlined', t.reject) +
    button('accept', 'cookie-btn cookie-btn-contained', t.acceptAll) +
    '</div></section>'
  );
}
