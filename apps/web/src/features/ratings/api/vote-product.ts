import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoteInput } from '@spesa/shared/contracts/ratings';
import { callApi } from '../../../lib/http';
import { ratingKeys } from './get-rating';

/** POST /rank/product/:id/vote: the customer's stars (1-5, half steps), title and comment. */
export const voteProduct = (productId: number, vote: VoteInput) =>
  callApi('POST /rank/product/:id/vote', { params: { id: productId }, body: vote });

export function useVoteProduct(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vote: VoteInput) => voteProduct(productId, vote),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ratingKeys.rating(productId) }),
        queryClient.invalidateQueries({ queryKey: ratingKeys.bought(productId) }),
        queryClient.invalidateQueries({ queryKey: ['rating', 'to-vote'] }),
      ]),
  });
}
