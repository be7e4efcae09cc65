import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonFiscal } from '@spesa/shared/contracts/account';
import { callApi } from '../../../lib/http';
import { accountKeys } from '../../../lib/account-keys';

/** GET /user-person-fiscal/list: the customer's invoice data. */
export async function getPersonFiscals(signal?: AbortSignal): Promise<PersonFiscal[]> {
  const data = await callApi('GET /user-person-fiscal/list', {}, { signal, quiet: true });
  return data.personFiscals;
}

export const personFiscalsQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.personFiscals(), queryFn: ({ signal }) => getPersonFiscals(signal) });

export const usePersonFiscals = () => useQuery(personFiscalsQueryOptions());
