/**
 * Link rules (spec section 2), one pure function used by every link the content system sends
 * (banners, proposals, static text):
 * - a link starting with /shop is resolved without that prefix;
 * - links to /p/, /photo/ and /photo2/ are not routed (plain anchor: the server answers them);
 * - links to hosts in a configured whitelist are routed internally if a route matches;
 * - other http(s) links open in a new window;
 * - video links (YouTube embed, shorts, watch forms, youtu.be) open in a dialog.
 */
export type ResolvedLink =
  | { kind: 'internal'; to: string }
  | { kind: 'document'; href: string }
  | { kind: 'external'; href: string }
  | { kind: 'video'; href: string; videoId: string; embedUrl: string }
  | { kind: 'none' };

export interface LinkRulesConfig {
  /** hosts whose links are routed in the app when a route matches (e.g. "www.spesa.it") */
  whitelistHosts: readonly string[];
  /** does the app have a route for this path? Default: every path does (the fallback route). */
  isRoute?: (path: string) => boolean;
}

const NOT_ROUTED_PREFIXES = ['/p/', '/photo/', '/photo2/'];

/**
 * A path of this shop as an editor may write it: one "/" followed by a character that is neither "/" nor
 * "\" (a browser reads "//host" and "/\host" as another site), no spaces or control characters; "/" alone
 * is the home.
 */
export function isShopPath(value: string): boolean {
  return /^\/(?:[^/\\\s\p{Cc}][^\s\p{Cc}]*)?$/u.test(value);
}

/** "//host" and "/\host": a browser leaves the site for host (it reads a backslash as a slash). */
const OTHER_SITE = /^\/[/\\]/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIDEO_ID = /^[A-Za-z0-9_-]{6,20}$/;

/** The YouTube video id of an embed, shorts, watch or youtu.be link; null for anything else. */
export function youtubeVideoId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  let id: string | null = null;
  if (host === 'youtu.be') {
    id = url.pathname.split('/')[1] ?? null;
  } else if (YOUTUBE_HOSTS.has(host)) {
    const [, first, second] = url.pathname.split('/');
    if (first === 'watch') id = url.searchParams.get('v');
    else if (first === 'embed' || first === 'shorts' || first === 'live') id = second ?? null;
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

export function videoEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${videoId}`;
}

/** "/shop" → "/", "/shop/product/x" → "/product/x"; other paths unchanged. */
export function stripShopPrefix(path: string): string {
  if (path === '/shop') return '/';
  if (/^\/shop[/?#]/.test(path)) {
    const rest = path.slice(5);
    return rest.startsWith('/') ? rest : `/${rest}`;
  }
  return path;
}

function resolvePath(path: string, config: LinkRulesConfig): ResolvedLink | null {
  const stripped = stripShopPrefix(path);
  if (NOT_ROUTED_PREFIXES.some((p) => stripped.startsWith(p))) return { kind: 'document', href: stripped };
  const pathname = stripped.split(/[?#]/)[0] ?? stripped;
  const isRoute = config.isRoute ?? (() => true);
  return isRoute(pathname) ? { kind: 'internal', to: stripped } : null;
}

export function resolveLink(href: string | null | undefined, config: LinkRulesConfig): ResolvedLink {
  // tabs and line breaks are dropped by a browser's URL parser too ("/\t/host" is "//host")
  const raw = (href ?? '').replace(/[\t\n\r]/g, '').trim();
  if (!raw) return { kind: 'none' };

  if (raw.startsWith('/') && !OTHER_SITE.test(raw)) {
    return resolvePath(raw, config) ?? { kind: 'document', href: stripShopPrefix(raw) };
  }

  let url: URL;
  try {
    url = new URL(OTHER_SITE.test(raw) ? `https:${raw}` : raw);
  } catch {
    return { kind: 'document', href: raw };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    // mailto:, tel: and the like; javascript: and data: are refused
    return url.protocol === 'mailto:' || url.protocol === 'tel:'
      ? { kind: 'document', href: raw }
      : { kind: 'none' };
  }

  const videoId = youtubeVideoId(url);
  if (videoId) return { kind: 'video', href: raw, videoId, embedUrl: videoEmbedUrl(videoId) };

  const host = url.hostname.toLowerCase();
  if (config.whitelistHosts.some((h) => h.toLowerCase() === host)) {
    const internal = resolvePath(`${url.pathname}${url.search}${url.hash}`, config);
    if (internal) return internal;
  }
  return { kind: 'external', href: url.href };
}
