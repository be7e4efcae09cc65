import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

/** GET /registration/update_email_request?new_email: a confirmation link is sent to the new address. */
export async function updateEmailRequest(newEmail: string): Promise<void> {
  await callApi(
    'GET /registration/update_email_request',
    { query: { new_email: newEmail.trim() } },
    { quiet: 'errors' },
  );
}

export const useUpdateEmailRequest = () => useMutation({ mutationFn: updateEmailRequest });
