import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SocialUserDetail } from '@spesa/shared/contracts/identity';
import { callApi } from '../../../lib/http';
import { registrationKeys } from '../../../lib/account-keys';

/**
 * GET /registration/social_user_detail: what the social provider told of the identity waiting for a
 * registration or a link (its ticket is an HttpOnly cookie). Quiet: the pages say it themselves.
 */
export function getSocialUserDetail(signal?: AbortSignal): Promise<SocialUserDetail> {
  return callApi('GET /registration/social_user_detail', {}, { signal, quiet: true });
}

export const socialUserDetailQueryOptions = () =>
  queryOptions({
    queryKey: registrationKeys.socialUserDetail(),
    queryFn: ({ signal }) => getSocialUserDetail(signal),
    retry: false,
    staleTime: 0,
  });

export const useSocialUserDetail = (enabled = true) =>
  useQuery({ ...socialUserDetailQueryOptions(), enabled });
