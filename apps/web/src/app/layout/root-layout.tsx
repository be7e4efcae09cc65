import { Suspense, useContext } from 'react';
import { lazyWithMuiTheme } from '../../components/lazy-with-mui-theme';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { scrollKey } from './scroll-key';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n';
import { Header } from './header';
import { Footer } from './footer';
import { AdSlot } from '../../features/content/components/ad-slot';
import '../../components/buttons.css';
import './layout.css';
import { Toaster } from '../../components/toaster';
import { RequestOverlay } from '../../components/request-overlay';
import { createQueryClient } from '../query-client';
import { QueryClientOverride } from '../query-client-context';
import { useAuth } from '../../lib/use-auth';
import { CART_BUTTON_SELECTOR, SkipLink } from '../../components/skip-link';
import { SKIP_TARGET_IDS, useSkipTargets } from '../../lib/skip-links';

// the operator's banner (decision 053): its own chunk, loaded only for an operator's session
const ActingBanner = lazyWithMuiTheme(() =>
  import('../../features/operators/components/acting-banner').then((m) => ({ default: m.ActingBanner })),
);

/**
 * The skip links, first in the tab order after the cookie banner (decision 069): to the page's content, to a
 * listing's results (over its filters, when the page has one) and to the header's cart. Shown only while
 * focused with the keyboard (shell.css).
 */
export function SkipLinks() {
  const { t } = useTranslation();
  const targets = useSkipTargets();
  return (
    <>
      <a className="skip-link" href="#main-content">
        {t('app.skipToContent')}
      </a>
      {targets.includes('results') ? (
        <SkipLink href={`#${SKIP_TARGET_IDS.results}`} target={`#${SKIP_TARGET_IDS.results}`}>
          {t('app.skipToResults')}
        </SkipLink>
      ) : null}
      <SkipLink href="/cart" target={CART_BUTTON_SELECTOR}>
        {t('app.skipToCart')}
      </SkipLink>
    </>
  );
}

/**
 * The thin bar shown while the router loads the next page. A component of its own: every change of the
 * router's state (several while a page first loads) re-renders it, not the layout with its header and footer.
 */
function NavigationProgress() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  return navigation.state === 'loading' ? (
    <div className="nav-progress" role="progressbar" aria-label={t('app.loading')} />
  ) : null;
}

/**
 * The operator's banner while customer service acts for a customer. A component of its own: the session's
 * changes (its check at start-up, a sign-in) re-render it, not the layout with its header and footer.
 */
function OperatorBanner() {
  const { user } = useAuth();
  return user?.operator ? (
    <Suspense fallback={null}>
      <ActingBanner user={user} />
    </Suspense>
  ) : null;
}

export function RootLayout() {
  return (
    <div className="app-root">
      <SkipLinks />
      <NavigationProgress />
      <OperatorBanner />
      <Header />
      <main id="main-content" tabIndex={-1} className="app-main">
        <Outlet />
      </main>
      <AdSlot />
      <Footer />
      <Toaster />
      <RequestOverlay />
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}

let defaultClient: QueryClient | undefined;

/**
 * The root route's component (a lazy module): the data layer, then the layout. No MUI theme here: the parts
 * that render MUI components bring it (components/mui-theme-provider.tsx).
 */
export function RootLayoutWithData() {
  const override = useContext(QueryClientOverride);
  const client = override ?? (defaultClient ??= createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <RootLayout />
    </QueryClientProvider>
  );
}
