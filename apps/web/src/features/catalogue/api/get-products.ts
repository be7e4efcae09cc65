import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ProductListData, productsQuerySchema } from '@spesa/shared/contracts/catalogue';
import { apiGet } from '../../../lib/http';

/** The query as the API reads it after validation (numbers, booleans, paging filled in). */
export type ProductsRequest = z.output<typeof productsQuerySchema>;

/** GET /products: a page of products (search, category listing, sliders). */
export function getProducts(query: ProductsRequest, signal?: AbortSignal): Promise<ProductListData> {
  return apiGet<ProductListData>('/products', query, { signal });
}

export const productsQueryOptions = (query: ProductsRequest) =>
  queryOptions({ queryKey: ['products', query], queryFn: ({ signal }) => getProducts(query, signal) });

export const useProducts = (query: ProductsRequest, enabled = true) =>
  useQuery({ ...productsQueryOptions(query), enabled, placeholderData: keepPreviousData });
