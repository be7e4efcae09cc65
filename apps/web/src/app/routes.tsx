import { Navigate, useLocation, type RouteObject } from 'react-router';
import { stripShopPrefix } from '@spesa/shared/content/links';
import { RouteError } from './routes/route-error';
import { AppShell } from '../components/app-shell';

/** Old links with the /shop prefix land on the same page without it (spec section 2). */
function ShopPrefixRedirect() {
  const location = useLocation();
  return <Navigate to={`${stripShopPrefix(location.pathname)}${location.search}${location.hash}`} replace />;
}

/**
 * Data-mode routes. The layout and every page are lazy modules, loaded in parallel on the first visit, so
 * the first JS chunk holds only React, the router, the theme and i18n.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    // the layout (header, search, menus, data layer) is a lazy module too: it loads in parallel with the page
    lazy: () => import('./layout/root-layout').then((m) => ({ Component: m.RootLayoutWithData })),
    ErrorBoundary: RouteError,
    HydrateFallback: AppShell,
    children: [
      { index: true, lazy: () => import('./routes/home-route').then((m) => ({ Component: m.HomeRoute })) },
      {
        path: 'category/*',
        lazy: () => import('./routes/category-route').then((m) => ({ Component: m.CategoryRoute })),
      },
      {
        path: 'product/:slug',
        lazy: () => import('./routes/product-route').then((m) => ({ Component: m.ProductRoute })),
      },
      {
        path: 'search',
        lazy: () => import('./routes/search-route').then((m) => ({ Component: m.SearchRoute })),
      },
      { path: 'cart', lazy: () => import('./routes/cart-route').then((m) => ({ Component: m.CartRoute })) },
      {
        path: 'login',
        lazy: () => import('./routes/login-route').then((m) => ({ Component: m.LoginRoute })),
      },
      {
        path: 'page/credits',
        lazy: () => import('./routes/credits-route').then((m) => ({ Component: m.CreditsRoute })),
      },
      { path: 'shop/*', Component: ShopPrefixRedirect },
      { path: 'shop', Component: ShopPrefixRedirect },
      {
        path: '*',
        lazy: () => import('./routes/not-found-route').then((m) => ({ Component: m.NotFoundRoute })),
      },
    ],
  },
];
