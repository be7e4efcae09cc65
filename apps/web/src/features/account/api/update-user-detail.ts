import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserDetailBody, UserDetail } from '@spesa/shared/contracts/account';
import { callApi } from '../../../lib/http';
import { accountKeys } from '../../../lib/account-keys';

/** POST /registration/update_user_detail: personal data and domicile. */
export async function updateUserDetail(body: UpdateUserDetailBody): Promise<UserDetail> {
  const data = await callApi('POST /registration/update_user_detail', { body }, { quiet: 'errors' });
  return data.user;
}

export function useUpdateUserDetail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserDetail,
    onSuccess: (user) => queryClient.setQueryData(accountKeys.userDetail(), user),
  });
}
