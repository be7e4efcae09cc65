import { useMutation } from '@tanstack/react-query';
import { apiGet } from '../../../lib/http';
import { markLoggedOut } from '../../../lib/auth-state';

/** GET /registration/user_anonymize?token: deletes (anonymises) the account; the customer is signed out. */
export async function userAnonymize(token: string): Promise<void> {
  await apiGet<unknown>('/registration/user_anonymize', { token: token.trim() }, { quiet: 'errors' });
  markLoggedOut();
}

export const useUserAnonymize = () => useMutation({ mutationFn: userAnonymize });
