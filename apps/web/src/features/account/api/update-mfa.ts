import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { accountKeys } from '../../../lib/account-keys';

/** POST /registration/update_mfa {enabled}: turns the sign-in PIN on or off. */
export async function updateMfa(enabled: boolean): Promise<boolean> {
  const data = await callApi('POST /registration/update_mfa', { body: { enabled } }, { quiet: 'errors' });
  return data.enabled;
}

export function useUpdateMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMfa,
    onSuccess: (enabled) => queryClient.setQueryData(accountKeys.mfa(), enabled),
  });
}
