import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RatingSummary } from '@spesa/shared/contracts/ratings';
import { callApi } from '../../../lib/http';

/** GET /rank/product/:id/rating: the counted votes of a product, per star, total and average. */
export const getRating = (productId: number, signal?: AbortSignal): Promise<RatingSummary> =>
  callApi('GET /rank/product/:id/rating', { params: { id: productId } }, { signal, quiet: true });

export const ratingKeys = {
  rating: (productId: number) => ['rating', productId] as const,
  bought: (productId: number) => ['rating', productId, 'bought'] as const,
  toVote: (page: number) => ['rating', 'to-vote', page] as const,
};

export const ratingQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: ratingKeys.rating(productId),
    queryFn: ({ signal }) => getRating(productId, signal),
  });

export const useRating = (productId: number, enabled: boolean) =>
  useQuery({ ...ratingQueryOptions(productId), enabled });
