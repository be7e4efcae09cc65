import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkedIdentities, SocialProvider } from '@spesa/shared/contracts/identity';
import { callApi } from '../../../lib/http';
import { accountKeys } from '../../../lib/account-keys';

/** POST /registration/social_unlink: never the account's last way to sign in (the server refuses it). */
export function socialUnlink(provider: SocialProvider): Promise<LinkedIdentities> {
  return callApi('POST /registration/social_unlink', { body: { provider } });
}

export function useSocialUnlink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: socialUnlink,
    onSuccess: (data) => queryClient.setQueryData(accountKeys.linkedIdentities(), data),
  });
}
