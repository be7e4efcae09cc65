import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PersonFiscal, PersonFiscalForm } from '@spesa/shared/contracts/account';
import { callApi } from '../../../lib/http';
import { accountKeys } from '../../../lib/account-keys';

/** POST /user-person-fiscal/insert-billing-address: adds invoice data (private, company or public body). */
export async function insertPersonFiscal(body: PersonFiscalForm): Promise<PersonFiscal> {
  const data = await callApi(
    'POST /user-person-fiscal/insert-billing-address',
    { body },
    { quiet: 'errors' },
  );
  return data.personFiscal;
}

export function useInsertPersonFiscal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: insertPersonFiscal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.personFiscals() }),
  });
}
