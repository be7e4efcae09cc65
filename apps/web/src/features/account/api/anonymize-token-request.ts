import { useMutation } from '@tanstack/react-query';
import { apiGet } from '../../../lib/http';

/** GET /registration/anonymize_token_request: the deletion code is sent by e-mail. */
export async function anonymizeTokenRequest(): Promise<void> {
  await apiGet<unknown>('/registration/anonymize_token_request', undefined, { quiet: 'errors' });
}

export const useAnonymizeTokenRequest = () => useMutation({ mutationFn: anonymizeTokenRequest });
