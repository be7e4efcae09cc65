import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { signOutOnPurpose } from '../../../lib/auth-state';

/**
 * GET /registration/user_anonymize?token: deletes (anonymises) the account; the customer is signed out and
 * the customer area's guard takes them to the home page.
 */
export async function userAnonymize(token: string): Promise<void> {
  await signOutOnPurpose(() =>
    callApi('GET /registration/user_anonymize', { query: { token: token.trim() } }, { quiet: 'errors' }),
  );
}

/** `onDeleted` runs even though the page that asked has left (the guard moved to the home page). */
export const useUserAnonymize = (onDeleted?: () => void) =>
  useMutation({ mutationFn: userAnonymize, onSuccess: onDeleted });
