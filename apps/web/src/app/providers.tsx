import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { I18nextProvider } from 'react-i18next';
import i18n from '../lib/i18n';
import { theme } from './theme';
import { QueryClientOverride } from './query-client-context';

/** Theme and i18n for the whole app. The data layer (TanStack Query) is provided by the root layout. */
export function AppProviders({
  queryClient = null,
  children,
}: {
  queryClient?: QueryClient | null;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientOverride.Provider value={queryClient}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          {children}
        </ThemeProvider>
      </QueryClientOverride.Provider>
    </I18nextProvider>
  );
}
