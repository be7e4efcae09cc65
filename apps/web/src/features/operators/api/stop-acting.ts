import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

/** POST /sso-auth/logout: the operator stops acting for the customer and stays signed in. */
export const stopActing = () => callApi('POST /sso-auth/logout', {}, { quiet: 'errors' });

export function useStopActing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopActing,
    onSuccess: () => {
      queryClient.clear();
    },
  });
}
