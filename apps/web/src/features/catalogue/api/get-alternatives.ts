import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { callApi } from '../../../lib/http';

/**
 * GET /products/product-alternative-detail: the products to take instead of one (same shelf, similar size and
 * price, in stock at the cart's store), best first, as whole products.
 */
export async function getAlternatives(productId: number, signal?: AbortSignal): Promise<Product[]> {
  const data = await callApi(
    'GET /products/product-alternative-detail',
    { query: { product_id: productId, details: true } },
    { signal, quiet: true },
  );
  return data.products ?? [];
}

export const alternativesQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: ['alternatives', productId],
    queryFn: ({ signal }) => getAlternatives(productId, signal),
  });

export const useAlternatives = (productId: number, enabled: boolean) =>
  useQuery({ ...alternativesQueryOptions(productId), enabled });
