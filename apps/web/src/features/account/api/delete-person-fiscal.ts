import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { accountKeys } from '../../../lib/account-keys';

/** GET /user-person-fiscal/delete-person-fiscal?person_fiscal_id. */
export async function deletePersonFiscal(personFiscalId: number): Promise<void> {
  await callApi(
    'GET /user-person-fiscal/delete-person-fiscal',
    { query: { person_fiscal_id: personFiscalId } },
    { quiet: 'errors' },
  );
}

export function useDeletePersonFiscal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePersonFiscal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.personFiscals() }),
  });
}
