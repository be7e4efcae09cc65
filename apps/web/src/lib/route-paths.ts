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

// answers by path: a page's content links (the footer's, a text's) ask for the same few paths on every
// render, and each matchPath compiles its pattern into a regular expression
const shopRouteAnswers = new Map<string, boolean>();

export function isShopRoute(pathname: string): boolean {
  let answer = shopRouteAnswers.get(pathname);
  if (answer === undefined) {
    answer = Object.values(ROUTE_PATTERNS).some((pattern) => matchPath(pattern, pathname) !== null);
    if (shopRouteAnswers.size >= 500) shopRouteAnswers.clear();
    shopRouteAnswers.set(pathname, answer);
  }
  return answer;
}

export const paths = {
  category: (slug: string) => `/category/${slug}`,
  product: (slug: string) => `/product/${encodeURIComponent(slug)}`,
  search: (q: string) => `/search?q=${encodeURIComponent(q)}`,
};
