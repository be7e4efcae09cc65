import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { accountKeys } from '../../../lib/account-keys';

/** GET /registration/mfa_enabled: is the sign-in PIN on? */
export async function getMfaEnabled(signal?: AbortSignal): Promise<boolean> {
  const data = await callApi('GET /registration/mfa_enabled', {}, { signal, quiet: true });
  return data.enabled;
}

export const mfaEnabledQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.mfa(), queryFn: ({ signal }) => getMfaEnabled(signal) });

export const useMfaEnabled = () => useQuery(mfaEnabledQueryOptions());
