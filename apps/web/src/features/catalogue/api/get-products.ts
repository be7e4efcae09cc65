import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductListData } from '@spesa/shared/contracts/catalogue';
import type { EndpointQuery } from '@spesa/shared/contracts/endpoint';
import type { Endpoints } from '@spesa/shared/contracts/endpoints';
import { atCatalogueWarehouse } from '../../../lib/catalogue-store';
import { callApi } from '../../../lib/http';

/** The query as the API reads it after validation (numbers, booleans, paging filled in). */
export type ProductsRequest = EndpointQuery<Endpoints['GET /products']>;

/** GET /products: a page of products (search, category listing, sliders), at the cart's store. */
export async function getProducts(query: ProductsRequest, signal?: AbortSignal): Promise<ProductListData> {
  const data = await callApi('GET /products', { query: atCatalogueWarehouse(query) }, { signal });
  // without slug, product_id or barcode the answer is a list
  if (!('products' in data)) throw new Error('GET /products answered a single product');
  return data;
}

export const productsQueryOptions = (query: ProductsRequest) =>
  queryOptions({ queryKey: ['products', query], queryFn: ({ signal }) => getProducts(query, signal) });

export const useProducts = (query: ProductsRequest, enabled = true) =>
  useQuery({ ...productsQueryOptions(query), enabled, placeholderData: keepPreviousData });
