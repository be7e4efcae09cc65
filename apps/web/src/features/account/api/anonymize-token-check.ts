import { useMutation } from '@tanstack/react-query';
import { apiGet } from '../../../lib/http';

/** GET /registration/anonymize_token_check?token: is the deletion code right? */
export async function anonymizeTokenCheck(token: string): Promise<boolean> {
  const data = await apiGet<{ valid: boolean }>(
    '/registration/anonymize_token_check',
    { token: token.trim() },
    { quiet: true },
  );
  return data.valid === true;
}

export const useAnonymizeTokenCheck = () => useMutation({ mutationFn: anonymizeTokenCheck });
