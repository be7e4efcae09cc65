import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { advDataSchema } from '@spesa/shared/contracts/catalogue';
import { apiGet } from '../../../lib/http';

export type AdvData = z.infer<typeof advDataSchema>;
export interface AdvQuery {
  layout: number;
  limit?: number;
  category_id?: number;
  product_id?: number;
  promo?: boolean;
  shuffle?: boolean;
}

/** GET /adv: recommendation sliders (CRM algorithm = layout). */
export function getAdvProducts(query: AdvQuery, signal?: AbortSignal): Promise<AdvData> {
  return apiGet<AdvData>('/adv', { ...query }, { signal, quiet: true });
}

export const advProductsQueryOptions = (query: AdvQuery) =>
  queryOptions({ queryKey: ['adv', query], queryFn: ({ signal }) => getAdvProducts(query, signal) });

export const useAdvProducts = (query: AdvQuery, enabled = true) =>
  useQuery({ ...advProductsQueryOptions(query), enabled });
