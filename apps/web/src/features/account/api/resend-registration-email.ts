import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

/** GET /registration/registration_resend_email?e_mail: the confirmation e-mail again (same answer for any address). */
export async function resendRegistrationEmail(email: string): Promise<void> {
  await callApi('GET /registration/registration_resend_email', { query: { e_mail: email.trim() } });
}

export const useResendRegistrationEmail = () => useMutation({ mutationFn: resendRegistrationEmail });
