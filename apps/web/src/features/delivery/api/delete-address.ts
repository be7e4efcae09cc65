import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { deliveryKeys } from './query-keys';

/**
 * GET /user-address/delete: a home address (never the one the cart delivers to: the server refuses with
 * 'Non è possibile eliminare l'indirizzo selezionato per la consegna della spesa.', shown by the caller).
 */
export async function deleteAddress(addressId: number): Promise<void> {
  await callApi('GET /user-address/delete', { query: { address_id: addressId } }, { quiet: 'errors' });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveryKeys.all }),
  });
}
