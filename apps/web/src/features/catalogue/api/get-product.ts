import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { atCatalogueWarehouse } from '../../../lib/catalogue-store';
import { callApi } from '../../../lib/http';

/** GET /products?slug=: the product itself in `data`, as the cart's store shows it. */
export async function getProduct(slug: string, signal?: AbortSignal): Promise<Product> {
  const data = await callApi(
    'GET /products',
    { query: atCatalogueWarehouse({ slug }) },
    { signal, quiet: true },
  );
  // with a slug the answer is one product (a list only comes without slug, product_id and barcode)
  if ('products' in data) throw new Error('GET /products?slug= answered a list');
  return data;
}

export const productQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['product', slug], queryFn: ({ signal }) => getProduct(slug, signal) });

export const useProduct = (slug: string) => useQuery({ ...productQueryOptions(slug), enabled: !!slug });
