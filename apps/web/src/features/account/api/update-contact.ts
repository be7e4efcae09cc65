import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateContactBody, UserDetail } from '@spesa/shared/contracts/account';
import { callApi } from '../../../lib/http';
import { accountKeys } from '../../../lib/account-keys';

/** POST /registration/update_contact: phones, contact channels and consents. */
export async function updateContact(body: UpdateContactBody): Promise<UserDetail> {
  const data = await callApi('POST /registration/update_contact', { body }, { quiet: 'errors' });
  return data.user;
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: (user) => queryClient.setQueryData(accountKeys.userDetail(), user),
  });
}
