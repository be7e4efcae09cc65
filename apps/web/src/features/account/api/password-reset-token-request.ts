import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

/** GET /registration/password_reset_token_request?e_mail: always the same answer (no account enumeration). */
export async function passwordResetTokenRequest(email: string): Promise<void> {
  await callApi(
    'GET /registration/password_reset_token_request',
    { query: { e_mail: email.trim() } },
    { quiet: true },
  );
}

export const usePasswordResetTokenRequest = () => useMutation({ mutationFn: passwordResetTokenRequest });
