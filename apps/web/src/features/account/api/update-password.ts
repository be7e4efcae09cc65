import { useMutation } from '@tanstack/react-query';
import type { UpdatePasswordInput } from '@spesa/shared/contracts/account';
import { callApi } from '../../../lib/http';

/** POST /registration/update_password (JSON body: passwords never go in a URL). */
export async function updatePassword(body: UpdatePasswordInput): Promise<void> {
  await callApi('POST /registration/update_password', { body }, { quiet: 'errors' });
}

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
