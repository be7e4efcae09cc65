import { pageSlugSchema, type WpPage } from '@spesa/shared/contracts/content';
import { htmlTemplate } from '../../lib/html';
import type { FirstView } from '../../plugins/web-app';
import { contentText } from './content-html';
import type { ContentStoreService } from './content-store.service';

/**
 * A page of the content store as plain HTML in the shell (decision 060): its title, validity text and text, laid
 * out by the shell's CSS (index.html) as content-page.css lays out the page, so a legal page's text paints with
 * the HTML instead of after the JavaScript. The text is the store's, sanitised when it was written (decision
 * 050); the form's placeholder is left out (the form comes with the page). FAQ pages (a searchable list the
 * page builds from the text) have none.
 */
const page = htmlTemplate<{ title: string; validity: string; body: string }>(
  '<article class="shell-view shell-page"><div class="shell-title"><%~ it.title %></div>' +
    '<% if (it.validity) { %><p class="shell-validity"><%= it.validity %></p><% } %>' +
    '<div class="shell-body"><%~ it.body %></div></article>',
);

const FORM_PLACEHOLDER = /\[form id=\d+\]/g;

export function contentFirstView(wp: WpPage): string {
  if (wp.template === 'faq') return '';
  return page({
    // contentText gives the title's text with &, < and > as entities: written as it is
    title: contentText(wp.title.rendered),
    validity: wp.validity_text,
    body: wp.content.rendered.replace(FORM_PLACEHOLDER, ''),
  });
}

/** /page/:slug: the page's first view; nothing for an unknown page. */
export function contentFirstViewRoute(store: ContentStoreService): FirstView {
  return {
    path: '/page/:slug',
    async render(params) {
      const slug = pageSlugSchema.safeParse(params.slug ?? '');
      const found = slug.success ? await store.pageBySlug(slug.data) : null;
      return found?.ok ? contentFirstView(found.data.page) : '';
    },
  };
}
