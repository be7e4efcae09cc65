import { useQuery } from '@tanstack/react-query';
import type { UserVotesData } from '@spesa/shared/contracts/ratings';
import { callApi } from '../../../lib/http';
import { ratingKeys } from './get-rating';

/** GET /rank/list-user-votes (to-vote): the products the customer received and has not voted, 24 a page. */
export const getToVote = (page: number, signal?: AbortSignal): Promise<UserVotesData> =>
  callApi('GET /rank/list-user-votes', { query: { list_type: 'to-vote', page } }, { signal, quiet: true });

export const useToVote = (page: number) =>
  useQuery({ queryKey: ratingKeys.toVote(page), queryFn: ({ signal }) => getToVote(page, signal) });
