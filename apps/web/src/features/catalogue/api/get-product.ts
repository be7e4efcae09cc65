import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { apiGet } from '../../../lib/http';

/** GET /products?slug=: the product itself in `data`. */
export function getProduct(slug: string, signal?: AbortSignal): Promise<Product> {
  return apiGet<Product>('/products', { slug }, { signal, quiet: true });
}

export const productQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['product', slug], queryFn: ({ signal }) => getProduct(slug, signal) });

export const useProduct = (slug: string) => useQuery({ ...productQueryOptions(slug), enabled: !!slug });
