import { lazy, Suspense, useContext } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { scrollKey } from './scroll-key';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Header } from './header';
import { Footer } from './footer';
import { AdSlot } from '../../features/content/components/ad-slot';
import '../../components/buttons.css';
import './layout.css';
import { Toaster } from '../../components/toaster';
import { createQueryClient } from '../query-client';
import { QueryClientOverride } from '../query-client-context';
import { MuiThemeProvider } from '../mui-theme';
import { useAuth } from '../../features/account/hooks/use-auth';

// the operator's banner (decision 053): its own chunk, loaded only for an operator's session
const ActingBanner = lazy(() =>
  import('../../features/operators/components/acting-banner').then((m) => ({ default: m.ActingBanner })),
);

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main-content">
      {t('app.skipToContent')}
    </a>
  );
}

export function RootLayout() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <div className="app-root">
      <SkipLink />
      {navigation.state === 'loading' ? (
        <div className="nav-progress" role="progressbar" aria-label={t('app.loading')} />
      ) : null}
      {user?.operator ? (
        <Suspense fallback={null}>
          <ActingBanner user={user} />
        </Suspense>
      ) : null}
      <Header />
      <main id="main-content" tabIndex={-1} className="app-main">
        <Outlet />
      </main>
      <AdSlot />
      <Footer />
      <Toaster />
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}

let defaultClient: QueryClient | undefined;

/** The root route's component (a lazy module): the MUI theme and the data layer, then the layout. */
export function RootLayoutWithData() {
  const override = useContext(QueryClientOverride);
  const client = override ?? (defaultClient ??= createQueryClient());
  return (
    <MuiThemeProvider>
      <QueryClientProvider client={client}>
        <RootLayout />
      </QueryClientProvider>
    </MuiThemeProvider>
  );
}
