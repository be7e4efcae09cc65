import { CONTENT_TEXT_TAGS } from '@spesa/shared/content/html-tags';
import sanitizeHtml from 'sanitize-html';

/**
 * The server's sanitiser of the content store's rich text (decision 050): every page is written through it
 * (seed, back office), so what the store serves holds only these tags and attributes. The web renderer
 * (features/content/components/safe-html.tsx) allows the same set. Headings start at h2 (the page title is
 * the h1); links keep only their address, with the schemes a customer may follow.
 */
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
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Plain text of a page's HTML (search and excerpts). */
export function contentText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}
