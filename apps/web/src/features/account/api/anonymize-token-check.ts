import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

/** GET /registration/anonymize_token_check?token: is the deletion code right? */
export async function anonymizeTokenCheck(token: string): Promise<boolean> {
  const data = await callApi(
    'GET /registration/anonymize_token_check',
    { query: { token: token.trim() } },
    { quiet: true },
  );
  return data.valid === true;
}

export const useAnonymizeTokenCheck = () => useMutation({ mutationFn: anonymizeTokenCheck });
