import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/http';
import { accountKeys } from './query-keys';

/** GET /registration/update_email?token: confirms the new address from the e-mail link. */
export async function updateEmail(token: string): Promise<{ email: string }> {
  return apiGet<{ email: string }>('/registration/update_email', { token }, { quiet: 'errors' });
}

export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.userDetail() }),
  });
}
