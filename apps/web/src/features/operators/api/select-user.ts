import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

/** GET /user-search/select_user: the operator's session acts for this customer from now on. */
export const selectUser = (userId: number) =>
  callApi('GET /user-search/select_user', { query: { user_id: userId } }, { quiet: 'errors' });

/** Everything cached belonged to someone else: the customer's cart, lists and orders are read afresh. */
export function useSelectUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectUser,
    onSuccess: () => {
      queryClient.clear();
    },
  });
}
