import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LinkedIdentities } from '@spesa/shared/contracts/identity';
import { callApi } from '../../../lib/http';
import { accountKeys } from '../../../lib/account-keys';

/** GET /registration/social_identities: the social accounts and company sign-ins linked to the account. */
export function getLinkedIdentities(signal?: AbortSignal): Promise<LinkedIdentities> {
  return callApi('GET /registration/social_identities', {}, { signal });
}

export const linkedIdentitiesQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.linkedIdentities(),
    queryFn: ({ signal }) => getLinkedIdentities(signal),
  });

export const useLinkedIdentities = () => useQuery(linkedIdentitiesQueryOptions());
