import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  REGISTRATION_MODULE_TYPE_DEFAULT,
  type RegistrationDisclaimer,
} from '@spesa/shared/contracts/account';
import { callApi } from '../../../lib/http';
import { accountKeys } from '../../../lib/account-keys';

/** GET /user-registration-disclaimer/list-by-type: the consents with the customer's answers (`value`). */
export async function getUserDisclaimers(signal?: AbortSignal): Promise<RegistrationDisclaimer[]> {
  const data = await callApi(
    'GET /user-registration-disclaimer/list-by-type',
    { query: { registration_module_type_id: REGISTRATION_MODULE_TYPE_DEFAULT } },
    { signal, quiet: true },
  );
  return [...data.registrationDisclaimers].sort((a, b) => a.priority - b.priority);
}

export const userDisclaimersQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.userDisclaimers(),
    queryFn: ({ signal }) => getUserDisclaimers(signal),
  });

export const useUserDisclaimers = () => useQuery(userDisclaimersQueryOptions());
