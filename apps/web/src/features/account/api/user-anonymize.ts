import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { markLoggedOut } from '../../../lib/auth-state';

/** GET /registration/user_anonymize?token: deletes (anonymises) the account; the customer is signed out. */
export async function userAnonymize(token: string): Promise<void> {
  await callApi('GET /registration/user_anonymize', { query: { token: token.trim() } }, { quiet: 'errors' });
  markLoggedOut();
}

export const useUserAnonymize = () => useMutation({ mutationFn: userAnonymize });
