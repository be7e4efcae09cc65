import { useQuery } from '@tanstack/react-query';
import type { BoughtData } from '@spesa/shared/contracts/ratings';
import { callApi } from '../../../lib/http';
import { ratingKeys } from './get-rating';

/** GET /rank/product/:id/bought: did the customer receive the product, and their vote if any. */
export const getBought = (productId: number, signal?: AbortSignal): Promise<BoughtData> =>
  callApi('GET /rank/product/:id/bought', { params: { id: productId } }, { signal, quiet: true });

export const useBought = (productId: number, enabled: boolean) =>
  useQuery({
    queryKey: ratingKeys.bought(productId),
    queryFn: ({ signal }) => getBought(productId, signal),
    enabled,
  });
