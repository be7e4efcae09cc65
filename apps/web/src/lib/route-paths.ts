import { matchPath } from 'react-router';

/** The shop's route patterns, shared by the router and the link rules ("routed if a route matches"). */
export const ROUTE_PATTERNS = {
  home: '/',
  category: '/category/*',
  product: '/product/:slug',
  search: '/search',
  cart: '/cart',
  login: '/login',
  registration: '/registration-user',
  registrationThankyou: '/registration/thankyou',
  registrationConfirm: '/registration/confirm/:status',
  resetPasswordRequest: '/reset-password-request',
  resetPasswordSent: '/reset-password-sent',
  resetPassword: '/reset-password',
  resetPasswordCompleted: '/reset-password-completed',
  recoverPasswordConfirm: '/recover-password-confirm',
  profile: '/profile/*',
  dashboard: '/dashboard',
  page: '/page/:slug',
  recipes: '/ricette',
  recipe: '/ricette/:slug',
  leaflets: '/volantini',
  leaflet: '/volantini/:leafletId',
  giftCardPartners: '/gift-card-aziende',
} as const;

export function isShopRoute(pathname: string): boolean {
  return Object.values(ROUTE_PATTERNS).some((pattern) => matchPath(pattern, pathname) !== null);
}

export const paths = {
  category: (slug: string) => `/category/${slug}`,
  product: (slug: string) => `/product/${encodeURIComponent(slug)}`,
  search: (q: string) => `/search?q=${encodeURIComponent(q)}`,
};
