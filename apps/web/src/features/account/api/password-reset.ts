import { useMutation } from '@tanstack/react-query';
import type { PasswordResetInput } from '@spesa/shared/contracts/account';
import { apiPost } from '../../../lib/http';

/** POST /registration/password_reset {login, reset_token, password}. */
export async function passwordReset(body: PasswordResetInput): Promise<void> {
  await apiPost<unknown>('/registration/password_reset', body, { quiet: 'errors' });
}

export const usePasswordReset = () => useMutation({ mutationFn: passwordReset });
