import type { ComponentType } from 'react';
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
 * A page that renders MUI components: its module and the shop's MUI theme load together and the page renders
 * inside the theme. The layout and the catalogue's pages (home, listings, product, search, content, recipes,
 * leaflets) are plain CSS: they load without MUI's styling engine (decision 062).
 */
function muiPage(load: () => Promise<ComponentType>): () => Promise<{ Component: ComponentType }> {
  return () =>
    Promise.all([load(), import('../components/mui-theme-provider')]).then(
      ([Component, { withMuiTheme }]) => ({
        Component: withMuiTheme(Component),
      }),
    );
}

/**
 * Data-mode routes. The layout and every page are lazy modules, loaded in parallel on the first visit, so
 * the first JS chunk holds only React, the router and i18n.
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
      { path: 'cart', lazy: muiPage(() => import('./routes/cart-route').then((m) => m.CartRoute)) },
      {
        path: 'checkout',
        lazy: muiPage(() => import('./routes/checkout-route').then((m) => m.CheckoutRoute)),
      },
      {
        path: 'checkout/completed/:status',
        lazy: muiPage(() => import('./routes/checkout-route').then((m) => m.PaymentCompletedRoute)),
      },
      {
        path: 'login',
        lazy: muiPage(() => import('./routes/login-route').then((m) => m.LoginRoute)),
      },
      {
        path: 'registration-user',
        lazy: muiPage(() => import('./routes/registration-user-route').then((m) => m.RegistrationUserRoute)),
      },
      {
        path: 'registration/thankyou',
        lazy: muiPage(() =>
          import('./routes/registration-thankyou-route').then((m) => m.RegistrationThankyouRoute),
        ),
      },
      {
        path: 'registration/confirm/:status',
        lazy: muiPage(() =>
          import('./routes/registration-confirm-route').then((m) => m.RegistrationConfirmRoute),
        ),
      },
      ...(
        [
          ['reset-password-request', 'ResetPasswordRequestRoute'],
          ['reset-password-sent', 'ResetPasswordSentRoute'],
          ['reset-password', 'ResetPasswordRoute'],
          ['reset-password-completed', 'ResetPasswordCompletedRoute'],
          // the platform's older landing after a recovery: the same page as "completed" (decision 012)
          ['recover-password-confirm', 'ResetPasswordCompletedRoute'],
        ] as const
      ).map(([path, name]) => ({
        path,
        lazy: muiPage(() => import('./routes/reset-password-routes').then((m) => m[name])),
      })),
      // customer service acting for a customer: the operator's sign-in and the customer search (decision 053)
      {
        path: 'operatore',
        lazy: muiPage(() => import('./routes/operators-route').then((m) => m.OperatorLoginRoute)),
      },
      {
        path: 'operatore/clienti',
        lazy: muiPage(() => import('./routes/operators-route').then((m) => m.CustomerSearchRoute)),
      },
      // the end of a social sign-in or a company's single sign-on, and the link's confirmation (decision 054)
      {
        path: 'social-login/callback',
        lazy: muiPage(() => import('./routes/social-login-routes').then((m) => m.SocialCallbackRoute)),
      },
      {
        path: 'social-login/link',
        lazy: muiPage(() => import('./routes/social-login-routes').then((m) => m.SocialLinkRoute)),
      },
      // the link of invite a friend: public (decision 045)
      {
        path: 'invito/:code',
        lazy: muiPage(() => import('./routes/invite-route').then((m) => m.InviteLandingRoute)),
      },
      {
        path: 'profile/email-confirm',
        lazy: muiPage(() => import('./routes/email-confirm-route').then((m) => m.EmailConfirmRoute)),
      },
      // self-scanning in the store (decision 057): signed-in customers, each screen guarded
      ...(
        [
          ['self-scanning', 'SmartCartStartRoute'],
          ['self-scanning/:storeId', 'SmartCartScanRoute'],
          ['self-scanning/:storeId/recap', 'SmartCartRecapRoute'],
          ['self-scanning/:storeId/end', 'SmartCartEndRoute'],
        ] as const
      ).map(([path, name]) => ({
        path,
        lazy: muiPage(() => import('./routes/smartcart-route').then((m) => m[name])),
      })),
      {
        // the customer area: guarded by its layout (login first, then back here); its pages render inside the
        // layout's MUI theme
        lazy: muiPage(() => import('./routes/profile-route').then((m) => m.ProfileLayoutRoute)),
        children: [
          ...['profile', 'profile/dashboard', 'dashboard'].map((path) => ({
            path,
            lazy: () =>
              import('./routes/profile-route').then((m) => ({ Component: m.ProfileDashboardRoute })),
          })),
          ...(
            [
              ['profile/data', 'ProfileDataRoute'],
              ['profile/contacts', 'ProfileContactsRoute'],
              ['profile/password', 'ProfilePasswordRoute'],
              ['profile/email', 'ProfileEmailRoute'],
              ['profile/pin', 'ProfilePinRoute'],
              ['profile/invoice-data', 'ProfileInvoiceDataRoute'],
              ['profile/delete-account', 'ProfileDeleteAccountRoute'],
            ] as const
          ).map(([path, name]) => ({
            path,
            lazy: () => import('./routes/profile-pages-route').then((m) => ({ Component: m[name] })),
          })),
          // orders (spec section 2 orders list and detail; decision 019)
          {
            path: 'profile/orders',
            lazy: () => import('./routes/orders-route').then((m) => ({ Component: m.OrdersRoute })),
          },
          {
            path: 'profile/orders/:orderId',
            lazy: () => import('./routes/orders-route').then((m) => ({ Component: m.OrderDetailRoute })),
          },
          // shopping lists, own and shared (decision 035)
          {
            path: 'profile/lists',
            lazy: () => import('./routes/lists-route').then((m) => ({ Component: m.ListsRoute })),
          },
          {
            path: 'profile/lists/:listId',
            lazy: () => import('./routes/lists-route').then((m) => ({ Component: m.ListDetailRoute })),
          },
          {
            path: 'profile/ratings',
            lazy: () => import('./routes/ratings-route').then((m) => ({ Component: m.RatingsRoute })),
          },
          {
            path: 'profile/wallet',
            lazy: () => import('./routes/wallet-route').then((m) => ({ Component: m.WalletRoute })),
          },
          // the loyalty card and the premium card (decision 038)
          {
            path: 'profile/card',
            lazy: () => import('./routes/card-route').then((m) => ({ Component: m.CardRoute })),
          },
          {
            path: 'profile/premium',
            lazy: () => import('./routes/card-route').then((m) => ({ Component: m.PremiumRoute })),
          },
          // "Servizi" and "Aiuto" of the profile menu (decision 070)
          {
            path: 'profile/services',
            lazy: () =>
              import('./routes/profile-services-route').then((m) => ({ Component: m.ProfileServicesRoute })),
          },
          {
            path: 'profile/help',
            lazy: () =>
              import('./routes/profile-help-route').then((m) => ({ Component: m.ProfileHelpRoute })),
          },
          // the customer's gift certificates and advantages (decision 040)
          {
            path: 'profile/gift-certificates',
            lazy: () =>
              import('./routes/gift-certificates-route').then((m) => ({
                Component: m.GiftCertificatesRoute,
              })),
          },
          // what customer service did while acting for the customer (decision 053)
          {
            path: 'profile/operations',
            lazy: () => import('./routes/operators-route').then((m) => ({ Component: m.OperationsRoute })),
          },
          // the messages the shop sent (decision 048)
          {
            path: 'profile/notifications',
            lazy: () =>
              import('./routes/notifications-route').then((m) => ({ Component: m.NotificationsRoute })),
          },
          // invite a friend (decision 045)
          {
            path: 'profile/invite',
            lazy: () => import('./routes/invite-route').then((m) => ({ Component: m.InviteRoute })),
          },
          // receipts, the digital receipt service and tax-free refunds (decision 046)
          {
            path: 'profile/receipts',
            lazy: () => import('./routes/receipts-route').then((m) => ({ Component: m.ReceiptsRoute })),
          },
          {
            path: 'profile/receipts/digital',
            lazy: () =>
              import('./routes/receipts-route').then((m) => ({ Component: m.ReceiptSettingsRoute })),
          },
          {
            path: 'profile/receipts/tax-free',
            lazy: () => import('./routes/receipts-route').then((m) => ({ Component: m.TaxfreeRoute })),
          },
          {
            path: 'profile/receipts/:receiptId',
            lazy: () => import('./routes/receipts-route').then((m) => ({ Component: m.ReceiptDetailRoute })),
          },
          // EditAddresses (spec section 2): the list and the form with its optional addressId
          {
            path: 'profile/addresses',
            lazy: () =>
              import('./routes/profile-addresses-route').then((m) => ({
                Component: m.ProfileAddressesRoute,
              })),
          },
          {
            path: 'profile/addresses/edit/:addressId?',
            lazy: () =>
              import('./routes/profile-addresses-route').then((m) => ({
                Component: m.ProfileAddressEditRoute,
              })),
          },
        ],
      },
      {
        path: 'order/:orderId',
        lazy: muiPage(() => import('./routes/orders-route').then((m) => m.TokenOrderRoute)),
      },
      // the pages of the content store (decision 050): conditions, privacy, contacts, FAQ, services, credits…
      {
        path: 'page/:slug',
        lazy: () => import('./routes/content-page-route').then((m) => ({ Component: m.ContentPageRoute })),
      },
      // the gift-card partner programme for companies (decision 044): public
      {
        path: 'gift-card-aziende',
        lazy: muiPage(() => import('./routes/gift-card-partners-route').then((m) => m.GiftCardPartnersRoute)),
      },
      // the content system's forms (decision 051)
      ...(
        [
          ['contattaci', 'ContactFormRoute'],
          ['lavora-con-noi', 'WorkWithUsRoute'],
          ['reclamo', 'ComplaintRoute'],
          ['aggiorna-carta', 'CardUpdateRoute'],
          ['form/:formId', 'AnyFormRoute'],
        ] as const
      ).map(([path, name]) => ({
        path,
        lazy: muiPage(() => import('./routes/form-route').then((m) => m[name])),
      })),
      // digital leaflets (decision 052)
      // the content store's recipes (decision 056)
      {
        path: 'ricette',
        lazy: () => import('./routes/recipes-route').then((m) => ({ Component: m.RecipesRoute })),
      },
      {
        path: 'ricette/:slug',
        lazy: () => import('./routes/recipes-route').then((m) => ({ Component: m.RecipeRoute })),
      },
      {
        path: 'volantini',
        lazy: () => import('./routes/leaflets-route').then((m) => ({ Component: m.LeafletsRoute })),
      },
      {
        path: 'volantini/:leafletId',
        lazy: () => import('./routes/leaflets-route').then((m) => ({ Component: m.LeafletRoute })),
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
