import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

/** GET /registration/anonymize_token_request: the deletion code is sent by e-mail. */
export async function anonymizeTokenRequest(): Promise<void> {
  await callApi('GET /registration/anonymize_token_request', {}, { quiet: 'errors' });
}

export const useAnonymizeTokenRequest = () => useMutation({ mutationFn: anonymizeTokenRequest });
