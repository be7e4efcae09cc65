import { createContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Lets tests hand their own QueryClient to the app. The real client is created by the (lazy) root
 * layout, so TanStack Query is not part of the first JS chunk: only this type-only context is.
 */
export const QueryClientOverride = createContext<QueryClient | null>(null);
