import type { Product } from '@spesa/shared/contracts/catalogue';
import { htmlTemplate } from '../../lib/html';
import type { FirstView } from '../../plugins/web-app';
import { lastSlugSegment, type CatalogueService } from './catalogue.service';

/**
 * A product page's first screen as plain HTML in the shell (decision 060): the breadcrumbs and the product's
 * image, laid out by the shell's CSS (index.html) as product-route.css lays out the page, so the image
 * starts loading with the HTML and paints before the JavaScript has rendered the page. Only what is the same
 * in every store: the price and the buttons come with the page.
 */
const productPage = htmlTemplate<{ product: Product; image: string; crumbs: string[] }>(
  '<div class="shell-view shell-product"><div class="shell-crumbs"><span class="l">Home</span>' +
    '<% it.crumbs.forEach(function (c) { %><span class="s">/</span><span class="l"><%= c %></span><% }) %>' +
    '<span class="s">/</span><span><%= it.product.name %></span></div>' +
    '<div class="shell-product-main"><div class="shell-product-media">' +
    '<img src="<%= it.image %>" alt="<%= it.product.name %>" width="400" height="400" fetchpriority="high">' +
    '</div></div></div>',
);

export function productFirstView(product: Product): string {
  const image = product.media?.[0]?.large || product.mediaURL;
  if (!image) return '';
  return productPage({ product, image, crumbs: (product.breadCrumbs ?? []).map((b) => b.name) });
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** /product/:slug: the product's first screen; nothing for an unknown or malformed slug. */
export function productFirstViewRoute(catalogue: CatalogueService): FirstView {
  return {
    path: '/product/:slug',
    async render(params) {
      const slug = params.slug ?? '';
      if (slug.length > 200 || !SLUG.test(slug)) return '';
      const found = await catalogue.product({ slug: lastSlugSegment(slug) });
      return found.ok ? productFirstView(found.data) : '';
    },
  };
}
