import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { categoryQuerySchema } from '@spesa/shared/contracts/catalogue';
import { firstBannerOf, HEADER_BANNER_SIZES, type FirstBanner } from '@spesa/shared/content/first-banner';
import { htmlTemplate } from '../lib/html';
import { ACCESS } from './access';
import { withDemoShopBanner } from './demo-shop-banner';
import { API_PREFIX } from './errors';

/**
 * The built web app (apps/web/dist) with SPA fallback: unknown GET paths that accept HTML answer
 * index.html (no-cache); hashed files under /assets/ are cached for a year. Registered last, at the root;
 * the API keeps its own 404 envelope under /ebsn/api. The build writes `.br` and `.gz` siblings of its text
 * files (apps/web/vite.config.ts): they are sent as they are to clients that accept them (smaller than the
 * global on-the-fly compression, and no CPU per request); files without them are compressed as before.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_ROUTED = [`${API_PREFIX}/`, '/media/', '/p/', '/admin'];

/** Where index.html's shell takes the first view's HTML (apps/web/index.html). */
export const FIRST_VIEW_MARK = '<!--first-view-->';

/**
 * The home's first banner as plain HTML inside the shell (decision 022): the largest thing on a phone's first
 * screen paints with the HTML, not after the JavaScript has rendered the page. Same image, sizes and media
 * query as banner-item.tsx; the shell's CSS (index.html) puts it where the page will show it.
 */
const hero = htmlTemplate<{ banner: FirstBanner; desktop: readonly number[]; mobile: readonly number[] }>(
  '<div class="shell-view shell-hero"><picture>' +
    '<% if (it.banner.mobile) { %><source media="(max-width: 599px)" srcset="<%= it.banner.mobile %>" ' +
    'width="<%= it.mobile[0] %>" height="<%= it.mobile[1] %>"><% } %>' +
    '<img src="<%= it.banner.desktop %>" width="<%= it.desktop[0] %>" height="<%= it.desktop[1] %>" ' +
    'alt="<%= it.banner.alt %>" fetchpriority="high"></picture></div>',
);

export const heroHtml = (banner: FirstBanner): string =>
  hero({ banner, desktop: HEADER_BANNER_SIZES.desktop, mobile: HEADER_BANNER_SIZES.mobile });

/**
 * A page whose first view the server draws into the shell (decisions 022, 060), rendered by the module that owns
 * the page's data: a `<div class="shell-view …">` (or `''` when it has none: the HTML goes out as built). The
 * web app's AppShell keeps it on screen until the page renders.
 */
export interface FirstView {
  /** a path of the web app with its parameters, as Fastify reads them: '/page/:slug' */
  path: string;
  /** the request too, for what depends on the visitor (their store) */
  render(params: Record<string, string>, request: FastifyRequest): Promise<string>;
}

export function missingDistMessage(dist: string): string {
  return `The web app is not built (${join(dist, 'index.html')} is missing): run \`npm run build\` in the repository root, then start again.`;
}

const webApp: FastifyPluginAsync<{
  dist: string;
  firstViews?: readonly FirstView[];
  /** a demonstration shop: every page carries its banner (decision 084) */
  demoShop?: boolean;
}> = async (app, { dist, firstViews = [], demoShop = false }) => {
  const indexFile = join(dist, 'index.html');
  const hasDist = existsSync(indexFile);
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res, path) => {
        if (path.includes(`${join(dist, 'assets')}`)) res.header('cache-control', IMMUTABLE);
        // the page, the service worker and the manifest: checked again on every load (a new release)
        else if (/\.(html|webmanifest)$|[\\/]sw\.js$/.test(path)) res.header('cache-control', 'no-cache');
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
  } else {
    app.log.warn(missingDistMessage(dist));
  }

  const sendIndex = (reply: FastifyReply, firstView = '') => {
    // read per request: a rebuild while the server runs is picked up (the file is small)
    const built = readFileSync(indexFile, 'utf8');
    const html = demoShop ? withDemoShopBanner(built) : built;
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(firstView ? html.replace(FIRST_VIEW_MARK, firstView) : html);
  };

  /** The home's hero for the shell; nothing when the home has no leading banner or cannot be read. */
  const homeHero = async (): Promise<string> => {
    try {
      const home = await app.catalogue.category(categoryQuerySchema.parse({ slug: 'home' }));
      const banner = home.ok ? firstBannerOf(home.data.category.categoryBlocks) : null;
      return banner ? heroHtml(banner) : '';
    } catch (err) {
      app.log.warn({ err }, 'the home hero could not be read: index.html without it');
      return '';
    }
  };

  const homePage = { config: { access: ACCESS.public("the shop's home page is open to anyone") } };
  app.get('/', homePage, async (_request, reply) => {
    if (!existsSync(indexFile))
      return reply.code(503).type('text/plain; charset=utf-8').send(missingDistMessage(dist));
    return sendIndex(reply, await homeHero());
  });

  const notFound = (reply: FastifyReply) =>
    reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

  for (const view of firstViews) {
    const page = {
      config: {
        access: ACCESS.public('a page of the shop, open to anyone (its data decides what it shows)'),
      },
    };
    app.get<{ Params: Record<string, string> }>(view.path, page, async (request, reply) => {
      if (!wantsHtml(request) || !existsSync(indexFile)) return notFound(reply);
      let html = '';
      try {
        html = await view.render(request.params, request);
      } catch (err) {
        app.log.warn({ err, url: request.url }, 'the first view could not be drawn: index.html without it');
      }
      return sendIndex(reply, html);
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const routed = !NOT_ROUTED.some((p) => request.url.startsWith(p));
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      wantsHtml(request) &&
      routed &&
      existsSync(indexFile)
    ) {
      return sendIndex(reply);
    }
    return notFound(reply);
  });
};

export default webApp;
