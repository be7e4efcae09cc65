import { createRequire } from 'node:module';
import { CONTENT_TEXT_TAGS } from '@spesa/shared/content/html-tags';
import type sanitizeHtml from 'sanitize-html';

/**
 * The server's sanitiser of the content store's rich text (decision 050): every page is written through it
 * (seed, back office), so what the store serves holds only these tags and attributes. The web renderer
 * (features/content/components/safe-html.tsx) allows the same set. Headings start at h2 (the page title is
 * the h1); links keep only their address, with the schemes a customer may follow. sanitize-html (with htmlparser2
 * and postcss) is read on the first page written or excerpted, not at every process's start.
 */
const require = createRequire(import.meta.url);
let sanitizer: typeof sanitizeHtml | undefined;
const sanitize = (html: string, options: sanitizeHtml.IOptions): string =>
  (sanitizer ??= require('sanitize-html') as typeof sanitizeHtml)(html, options);

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...CONTENT_TEXT_TAGS, 'a', 'th'],
  allowedAttributes: { a: ['href'], th: ['scope'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: { h1: 'h2' },
  // the text of script, style and similar elements goes with them
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object'],
};

export function sanitizeContentHtml(html: string): string {
  return sanitize(html, OPTIONS).trim();
}

/** Plain text of a page's HTML (search and excerpts). */
export function contentText(html: string): string {
  return sanitize(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}
