import { lazy, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { ContentBlockView } from '../components/content-block-view';
import { QueryClientOverride } from './query-client-context';

/** The category blocks' renderer, loaded when a feature first draws a block (its own chunk). */
const LazyCategoryBlockView = lazy(() =>
  import('./category-blocks/category-block').then((m) => ({ default: m.CategoryBlockView })),
);

/**
 * The content blocks' renderer for the whole app (the texts need no provider: lib/i18n.ts). The data layer (TanStack Query) is provided by the
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
    <QueryClientOverride.Provider value={queryClient}>
      <ContentBlockView.Provider value={LazyCategoryBlockView}>{children}</ContentBlockView.Provider>
    </QueryClientOverride.Provider>
  );
}
