/**
 * A demonstration shop's banner (decision 084), written by the server into every page of the shop and of the
 * back office, before the app's root: it paints with the HTML (no layout shift when the app starts, no request
 * to learn it), stays through the app's page changes (the app never renders over it), and scrolls away with
 * the page instead of covering it (the shop's sticky header then takes the top). One labelled complementary
 * landmark: a screen reader lists it among the landmarks and reads it once, in the page's order (no live
 * region). Dark brown on pale yellow, 12:1 (WCAG 2.2 AA asks 4.5:1). The text is in the system's fonts, as the
 * shell's: it wraps the same before and after the app's web font arrives.
 */
export const DEMO_SHOP_BANNER_TEXT = 'Negozio dimostrativo: nessun pagamento reale';

export const DEMO_SHOP_BANNER_HTML =
  '<aside class="demo-shop-banner" aria-label="Negozio dimostrativo" data-testid="demo-shop-banner" ' +
  'style="box-sizing:border-box;margin:0;padding:8px 16px;background:#fff3cd;color:#3d2c00;' +
  "border-bottom:2px solid #8a6100;font:700 14px/20px var(--shell-font,'Helvetica Neue',Arial,sans-serif);" +
  `text-align:center"><p style="margin:0">${DEMO_SHOP_BANNER_TEXT}</p></aside>`;

const ROOT = '<div id="root"';

/** The page with the banner before the app's root (a page without one: after <body>, else as it was). */
export function withDemoShopBanner(html: string): string {
  if (html.includes(ROOT)) return html.replace(ROOT, `${DEMO_SHOP_BANNER_HTML}${ROOT}`);
  return html.replace(/<body[^>]*>/i, (body) => `${body}${DEMO_SHOP_BANNER_HTML}`);
}
