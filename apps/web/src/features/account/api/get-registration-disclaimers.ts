import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  REGISTRATION_MODULE_TYPE_DEFAULT,
  REGISTRATION_STORE_DEFAULT,
  type RegistrationDisclaimer,
} from '@spesa/shared/contracts/account';
import { callApi } from '../../../lib/http';
import { registrationKeys } from '../../../lib/account-keys';

/** GET /registration-disclaimer/list?store_id=5&registration_module_type_id=2: the consents to give at sign-up. */
export async function getRegistrationDisclaimers(signal?: AbortSignal): Promise<RegistrationDisclaimer[]> {
  const data = await callApi(
    'GET /registration-disclaimer/list',
    {
      query: {
        store_id: REGISTRATION_STORE_DEFAULT,
        registration_module_type_id: REGISTRATION_MODULE_TYPE_DEFAULT,
      },
    },
    { signal, quiet: true },
  );
  return [...data.registrationDisclaimers].sort((a, b) => a.priority - b.priority);
}

export const registrationDisclaimersQueryOptions = () =>
  queryOptions({
    queryKey: registrationKeys.disclaimers(),
    queryFn: ({ signal }) => getRegistrationDisclaimers(signal),
    staleTime: 15 * 60_000,
  });

export const useRegistrationDisclaimers = () => useQuery(registrationDisclaimersQueryOptions());
