import { lazy, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import i18n from '../lib/i18n';
import { ContentBlockView } from '../components/content-block-view';
import { QueryClientOverride } from './query-client-context';

/** The category blocks' renderer, loaded when a feature first draws a block (its own chunk). */
const LazyCategoryBlockView = lazy(() =>
  import('./category-blocks/category-block').then((m) => ({ default: m.CategoryBlockView })),
);

/**
 * i18n and the content blocks' renderer for the whole app. The data layer (TanStack Query) is provided by the
 * root layout, a lazy module, and the MUI theme by each part that renders MUI components
 * (components/mui-theme-provider.tsx): the entry chunk stays free of them.
 */
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
        <ContentBlockView.Provider value={LazyCategoryBlockView}>{children}</ContentBlockView.Provider>
      </QueryClientOverride.Provider>
    </I18nextProvider>
  );
}
