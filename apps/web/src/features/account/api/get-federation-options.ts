import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FederationOptions } from '@spesa/shared/contracts/identity';
import { callApi } from '../../../lib/http';
import { registrationKeys } from '../../../lib/account-keys';

/** GET /identity/options: the social providers and the companies with single sign-on (decision 054). */
export function getFederationOptions(signal?: AbortSignal): Promise<FederationOptions> {
  return callApi('GET /identity/options', {}, { signal, quiet: true });
}

export const federationOptionsQueryOptions = () =>
  queryOptions({
    queryKey: registrationKeys.federationOptions(),
    queryFn: ({ signal }) => getFederationOptions(signal),
    staleTime: 10 * 60_000,
  });

export const useFederationOptions = () => useQuery(federationOptionsQueryOptions());
