/// <reference types="vitest/config" />
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
// by path: the config is bundled by Vite, which leaves workspace packages (TypeScript sources) to Node
import { COOKIE_BANNER_SCRIPT, START_APP_SCRIPT } from '../../packages/shared/src/shell/inline-scripts.ts';
import {
  cookieBannerHtml,
  type CookieBannerTexts,
} from './src/features/account/components/cookie-banner-html.ts';

// The API answers /ebsn, /media and /version.json; in production it serves this build on the same origin.
// SPESA_API_URL points the dev server and `vite preview` at another API (e.g. http://localhost:8090).
const apiTarget = process.env.SPESA_API_URL ?? 'http://localhost:8080';
const proxy = Object.fromEntries(
  ['/ebsn', '/p/wp-json', '/p/wp-admin', '/media', '/version.json'].map((path) => [
    path,
    { target: apiTarget, changeOrigin: true },
  ]),
);

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) next to every text asset of the build; the API
 * serves them as they are (`preCompressed` in apps/api/src/plugins/web-app.ts). On-the-fly compression
 * (brotli quality 4) sent the shared library chunk 15 % larger, and compressed it again on every request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'spesa-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
        );
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|webmanifest)$/.test(file)) continue;
        const raw = readFileSync(file);
        if (raw.length < 1024) continue; // as the server's own threshold: not worth a header
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(raw, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
      }
    },
  };
}

/**
 * The entry's style sheets (the fonts' @font-face rules and the global styles, ~5 kB together) written into
 * index.html instead of linked: a linked sheet blocks the first paint for a round trip although the shell
 * paints with its own inline styles, and Lighthouse counted 150-300 ms of render-blocking for them. The
 * files stay in the build (the service worker's precache lists them); lazy pages' sheets stay linked.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'spesa-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
          (link, fileName: string) => {
            const asset = ctx.bundle?.[fileName];
            if (asset?.type !== 'asset') return link;
            const css = String(asset.source);
            // a sheet that could end the element early stays a link
            return css.includes('</') ? link : `<style>${css}</style>`;
          },
        );
      },
    },
  };
}

/**
 * The cookie banner of a first visit written into index.html (decision 024): `CookieBanner`'s markup
 * (cookie-banner-html.ts) with its Italian texts (src/locales/it.json), followed by its inline script
 * (packages/shared/src/shell/inline-scripts.ts): on a phone it is the largest text of the screen, and it
 * paints with the HTML instead of after the entry's modules. It stays until the customer chooses; the app's
 * banner takes its place only to customise the choice or when the footer's link asks for it.
 */
function staticCookieBanner(): Plugin {
  return {
    name: 'spesa-static-cookie-banner',
    transformIndexHtml(html) {
      const { cookies } = JSON.parse(
        readFileSync(new URL('./src/locales/it.json', import.meta.url), 'utf8'),
      ) as { cookies: CookieBannerTexts };
      const marker = '<!--cookie-banner--></div>';
      if (!html.includes(marker)) throw new Error(`index.html lacks the cookie banner's marker ${marker}`);
      return html.replace(
        marker,
        `${cookieBannerHtml(cookies)}</div>\n    <script>${COOKIE_BANNER_SCRIPT}</script>`,
      );
    },
  };
}

/**
 * The entry module starts after the first paint (decision 021): its `<script type="module">` and the
 * `<link rel="modulepreload">` of the modules it imports leave the head; the inline script at the end of the
 * body (packages/shared/src/shell/inline-scripts.ts) asks for them, listed in its `data-entry` and
 * `data-modules`, after the first contentful paint. In the head, a fast network delivered them before the
 * browser's first rendering opportunity, and it compiled and evaluated the libraries before painting the HTML
 * it already had.
 */
function entryAfterFirstPaint(): Plugin {
  return {
    name: 'spesa-entry-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (!entry) throw new Error('index.html: no entry module script to start after the first paint');
        const modules: string[] = [];
        const page = html
          .replace(entry[0], '')
          .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_link, href: string) => {
            modules.push(href);
            return '';
          });
        // and the boot chunk main.tsx imports with import(), with its imports, unless already listed
        const chunks = Object.values(ctx.bundle ?? {}).flatMap((file) =>
          file.type === 'chunk' ? [file] : [],
        );
        const boot = chunks.find((chunk) => chunk.name === BOOT_CHUNK);
        if (!boot) throw new Error(`the build has no ${BOOT_CHUNK} chunk to start with the entry`);
        for (const file of [boot.fileName, ...boot.imports])
          if (!modules.includes(`/${file}`) && `/${file}` !== entry[1]) modules.push(`/${file}`);
        return page.replace(
          '</body>',
          `  <script data-entry="${entry[1]}" data-modules="${modules.join(' ')}">${START_APP_SCRIPT}</script>\n  </body>`,
        );
      },
    },
  };
}

// react-router's package exports only its development build (dev warnings on, remix-run/react-router
// #12532, #14102); a production build of the shop takes the package's own production files instead.
const reactRouterDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const reactRouterProduction = [
  { find: /^react-router$/, replacement: join(reactRouterDir, 'dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterDir, 'dist/production/dom-export.mjs') },
];

/**
 * The service worker (sw/sw.ts, decision 055), compiled by vite-plugin-pwa into /sw.js with the
 * precache list of the shell: the page, the entry's scripts and styles, the manifest and the icons. The lazy
 * routes' chunks are cached when first used (keeps the install small: a first visit downloads no page it
 * does not open). Registered by src/lib/service-worker.ts after the first render.
 */
const serviceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'sw',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: false,
  injectManifest: {
    globPatterns: [
      'index.html',
      'assets/index-*.{js,css}',
      'assets/app-entry-*.{js,css}',
      'assets/vendor-*.{js,css}',
      'assets/react-dom-client-*.js',
      'assets/rolldown-runtime-*.js',
      'manifest.webmanifest',
      'favicon.svg',
      'icon-*.png',
    ],
    // the plugin's own build of the worker: plain output, no source map
    minify: true,
    sourcemap: false,
  },
  devOptions: { enabled: false },
});

/** The chunk main.tsx imports with import() at start-up, asked for with the entry (entryAfterFirstPaint). */
const BOOT_CHUNK = 'react-dom-client';

const APP_SOURCE = /[\\/](apps[\\/]web[\\/]src|packages[\\/]shared[\\/]src)[\\/]/;

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    serviceWorker,
    staticCookieBanner(),
    inlineEntryCss(),
    entryAfterFirstPaint(),
    precompress(),
  ],
  resolve: command === 'build' ? { alias: reactRouterProduction } : {},
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    // a lazy module's style sheets only, not its JS dependencies: the preload helper added a
    // <link rel="modulepreload"> per dependency chunk of each lazy route (~30 on a first visit, 0.4 ms of
    // main thread each, inside the router's and React's tasks); the browser asks for a chunk's imports as
    // soon as it has parsed the chunk (decision 021). The entry's own list stays (index.html).
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    rolldownOptions: {
      output: {
        // the app-shared chunks are named after every route sharing them: a short name instead
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('app-shared') ? 'assets/app-shared-[hash].js' : 'assets/[name]-[hash].js',
        // Few, larger chunks: a first visit over HTTP/1.1 (6 connections) paid a round trip per small
        // chunk (20+ of them after the entry). The entry's libraries form one chunk; every other library
        // one more, shared by all pages; the app's own modules keep a split by route (see app-shared).
        codeSplitting: {
          groups: [
            { name: 'vendor', tags: ['$initial'], test: /node_modules/, priority: 20 },
            // React DOM's client (and its scheduler), imported by main.tsx with import(): its evaluation, the
            // start-up's largest, is a task of its own (decision 021); index.html asks for it with the entry
            {
              name: BOOT_CHUNK,
              test: /node_modules[\\/](react-dom[\\/](client\.js|cjs[\\/]react-dom-client\.)|scheduler[\\/])/,
              priority: 21,
            },
            // the forms of the account pages (and the login dialog's proof of work) stay out of the
            // shared library chunk that every first visit downloads
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/, priority: 15 },
            { name: 'altcha', test: /node_modules[\\/]altcha-lib[\\/]/, priority: 15 },
            // MUI's components apart: the layout, the listings and the product cards are plain CSS, so a
            // category page paints without downloading and parsing them (menus, dialogs, the home's
            // blocks and the product page still load them)
            // MUI's styling engine and theme machinery (emotion, @mui/system, the theme): the theme provider
            // of the pages and lazy components that render MUI (components/mui-theme-provider.tsx, decision
            // 062) needs them, the entry does not; apart from the components so such a page shares them
            {
              name: 'mui-core',
              test: /node_modules[\\/](@mui[\\/](system|styled-engine|private-theming|utils|material[\\/]styles)|@emotion|stylis|react-is|hoist-non-react-statics|@babel[\\/]runtime|clsx)[\\/]/,
              priority: 16,
            },
            // the date picker (MUI X with date-fns, decision 079): only the pages with a date field load it,
            // after their first paint (components/date-field.tsx). Below MUI's groups: a group takes the
            // libraries its modules import, and MUI's own modules belong to theirs
            {
              name: 'date-picker',
              test: /node_modules[\\/](@mui[\\/](x-date-pickers|x-internals)|date-fns)[\\/]/,
              priority: 14,
            },
            {
              name: 'mui',
              test: /node_modules[\\/](@mui[\\/](?!x-)|@emotion|@popperjs|react-transition-group)/,
              priority: 15,
            },
            // the delivery dialog's store map only: leaflet (~40 kB gzip, and its 15 kB stylesheet) in the
            // shared chunk was downloaded and evaluated by every first visit, on the critical path of the layout
            { name: 'leaflet', test: /node_modules[\\/]leaflet[\\/]/, priority: 15 },
            // the content blocks' sliders only (home, department pages)
            { name: 'carousel', test: /node_modules[\\/]embla-carousel[^\\/]*[\\/]/, priority: 15 },
            // the loyalty card's barcode only (JsBarcode, 11 kB gzip): loaded when "La mia carta" draws it
            { name: 'barcode', test: /node_modules[\\/]jsbarcode[\\/]/, priority: 15 },
            // the camera's barcode reader (the ZXing ponyfill and its glue; the .wasm is a file of its own):
            // loaded when a scanner opens (decision 057)
            {
              name: 'barcode-reader',
              test: /node_modules[\\/](barcode-detector|zxing-wasm|@sec-ant)[\\/]/,
              priority: 15,
            },
            { name: 'lib', test: /node_modules/, priority: 10 },
            // the app's own modules of the entry in one chunk, and those shared by lazy routes in one chunk
            // per set of routes sharing them (decision 021): a category's first visit asked for 47 small
            // chunks, and each <link rel="modulepreload"> the router adds costs the main thread about 0.4 ms
            // (1.6 ms on a slow phone). Small sets are not merged: that pulled the forms chunk into the
            // catalogue pages.
            { name: 'app-entry', tags: ['$initial'], test: APP_SOURCE, priority: 19 },
            {
              name: 'app-shared',
              test: APP_SOURCE,
              minShareCount: 2,
              priority: 5,
              entriesAware: true,
              entriesAwareMergeThreshold: 0,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
  },
}));
