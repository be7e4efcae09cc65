import { useMutation } from '@tanstack/react-query';
import type { PasswordResetInput } from '@spesa/shared/contracts/account';
import { callApi } from '../../../lib/http';

/** POST /registration/password_reset {login, reset_token, password}. */
export async function passwordReset(body: PasswordResetInput): Promise<void> {
  await callApi('POST /registration/password_reset', { body }, { quiet: 'errors' });
}

export const usePasswordReset = () => useMutation({ mutationFn: passwordReset });
