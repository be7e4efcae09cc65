import { useContext } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { Header } from './header';
import { Footer } from './footer';
import { Toaster } from '../../components/toaster';
import { CookieConsentSlot } from '../../features/account/components/cookie-consent-slot';
import { createQueryClient } from '../query-client';
import { QueryClientOverride } from '../query-client-context';

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
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      {navigation.state === 'loading' ? (
        <div className="nav-progress" role="progressbar" aria-label={t('app.loading')} />
      ) : null}
      <Header />
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{ flex: 1, outline: 'none', minHeight: '100vh' }}
      >
        <Outlet />
      </Box>
      <Footer />
      <Toaster />
      <CookieConsentSlot />
      <ScrollRestoration />
    </Box>
  );
}

let defaultClient: QueryClient | undefined;

/** The root route's component (a lazy module): the data layer, then the layout. */
export function RootLayoutWithData() {
  const override = useContext(QueryClientOverride);
  const client = override ?? (defaultClient ??= createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <RootLayout />
    </QueryClientProvider>
  );
}
