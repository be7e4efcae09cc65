/**
 * The rich text of the content system (decision 050): the tags kept as they are, shared by the server's
 * sanitiser (apps/api modules/content/content-html.ts, which also keeps links and table headers with their
 * one allowed attribute) and the web's renderer (features/content/components/safe-html.tsx, which rebuilds
 * links and table headers itself). Headings start at h2: the page title is the h1.
 */
export const CONTENT_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'span',
  'small',
  'sup',
  'sub',
  // tables (a product's nutrition declaration)
  'table',
  'caption',
  'thead',
  'tbody',
  'tr',
  'td',
] as const;
