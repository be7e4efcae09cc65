import { QueryClient } from '@tanstack/react-query';
import { onCatalogueWarehouse } from '../lib/catalogue-store';
import { ApiError } from '../lib/http';

/** Catalogue answers are cached for minutes (the spec's response cache keeps them 15 minutes). */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 15 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          failureCount < 2 &&
          !(
            error instanceof ApiError &&
            (error.isNotFound || error.httpStatus === 419 || error.httpStatus === 400)
          ),
      },
    },
  });
  // another store prepares the cart: the products, listings and sliders held show the old store's stock
  // and prices (decision 095); the ones on screen are read again, the others when next shown
  onCatalogueWarehouse(() => {
    for (const key of ['products', 'product', 'adv', 'alternatives', 'leaflets'])
      void client.invalidateQueries({ queryKey: [key] });
  });
  return client;
}
