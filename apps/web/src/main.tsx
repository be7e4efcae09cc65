import './prefetch-start';
import { StrictMode, startTransition, useEffect, useState } from 'react';
import { createBrowserRouter, type DataRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
// a type only: React DOM itself is imported with import() (createApp)
import type { createRoot as CreateRootOf } from 'react-dom/client';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import './app/shell.css';
import { AppProviders } from './app/providers';
import { CookieConsentSlot } from './features/account/components/cookie-consent-slot';
import { routes } from './app/routes';
import { needsReload, startAppFreshness } from './lib/app-freshness';
import { startCookieConsent, type CookieBannerOpening } from './lib/cookie-consent';
import { registerServiceWorker } from './lib/service-worker';
import { IS_APP_BUILD } from './lib/config';

/**
 * RouterProvider reads the router's state when it renders and subscribes when it commits. The first render is
 * a transition, rendered in slices: the router may finish loading the page's modules in between, and that
 * update would be lost (the page stayed on the shell). Seen here after the commit, it remounts the provider,
 * which reads the state afresh.
 */
function AppRouter({ router }: { router: DataRouter }) {
  const [rendered] = useState(() => router.state);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (router.state !== rendered) startTransition(() => setGeneration(1));
  }, [router, rendered]);
  return <RouterProvider key={generation} router={router} />;
}

/**
 * Start-up in short tasks (decision 021): evaluating the modules, creating the router (which starts loading
 * the landing page's lazy modules), the first render and the version check each run in a task of their own,
 * and the first render is a transition, which React renders in slices of a few milliseconds. A phone's main
 * thread stays free to answer a tap instead of being blocked for the whole start-up.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The app's cookie banner is a React root of its own, mounted when it is first needed (`startCookieConsent`):
 * on a first visit index.html's banner (decision 024: on a phone the largest text of the screen) stays until
 * the customer chooses, and this root takes its place for "Personalizza" or the footer's "Preferenze cookie".
 */
function showCookieConsent(createRoot: typeof CreateRootOf, opening: CookieBannerOpening): void {
  const root = createRoot(document.getElementById('cookie-consent')!);
  // a transition too: React's first render of cold code, rendered in slices
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders>
          <CookieConsentSlot opening={opening} />
        </AppProviders>
      </StrictMode>,
    );
  });
}

/**
 * The routes, each lazy module asked for in a task of its own: the build's preload helper adds a
 * `<link rel=modulepreload>` per dependency (~30 on a first visit, ~0.4 ms each on a phone), which would
 * otherwise all be added in the router's first task.
 */
function lazyInOwnTasks(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const load = route.lazy;
    return {
      ...route,
      ...(typeof load === 'function' ? { lazy: () => nextTask().then(load) } : {}),
      ...(route.children ? { children: lazyInOwnTasks(route.children) } : {}),
    } as RouteObject;
  });
}

function createApp(): void {
  const router = createBrowserRouter(lazyInOwnTasks(routes));
  // a new release or a long idle time: the next page change loads the new page afresh from the server
  let shownKey = router.state.location.key;
  router.subscribe((state) => {
    if (state.location.key === shownKey) return;
    shownKey = state.location.key;
    if (needsReload()) window.location.reload();
  });
  // React DOM, the start-up's largest library, is evaluated in a task of its own: a chunk apart
  // (vite.config.ts), asked for by index.html with the entry
  void import('react-dom/client').then(({ createRoot }) => {
    const root = createRoot(document.getElementById('root')!);
    startTransition(() => {
      root.render(
        <StrictMode>
          <AppProviders>
            <AppRouter router={router} />
          </AppProviders>
        </StrictMode>,
      );
    });
    void nextTask().then(() => startCookieConsent((opening) => showCookieConsent(createRoot, opening)));
    // the version check's first request waits for a task of its own too
    void nextTask().then(() => startAppFreshness());
    // the service worker after the page has loaded: its precache never competes with the first view
    window.addEventListener('load', () => void nextTask().then(registerServiceWorker), { once: true });
    if (document.readyState === 'complete') void nextTask().then(registerServiceWorker);
    // the app build: push registration after each sign-in (spec section 4), a chunk of its own
    if (IS_APP_BUILD)
      void import('./features/notifications/push-registration').then((m) => m.startPushRegistration());
  });
}

void nextTask().then(createApp);
