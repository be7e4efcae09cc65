import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointData } from '@spesa/shared/contracts/endpoint';
import type { Endpoints } from '@spesa/shared/contracts/endpoints';
import { callApi } from '../../../lib/http';
import { accountKeys } from '../../../lib/account-keys';

/** GET /registration/update_email?token: confirms the new address from the e-mail link. */
export async function updateEmail(
  token: string,
): Promise<EndpointData<Endpoints['GET /registration/update_email']>> {
  return callApi('GET /registration/update_email', { query: { token } }, { quiet: 'errors' });
}

export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.userDetail() }),
  });
}
