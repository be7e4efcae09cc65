import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

/** GET /registration/password_reset_token_check?login&reset_token: is the link of the e-mail still good? */
export async function passwordResetTokenCheck(
  login: string,
  resetToken: string,
  signal?: AbortSignal,
): Promise<boolean> {
  const data = await callApi(
    'GET /registration/password_reset_token_check',
    { query: { login, reset_token: resetToken } },
    { signal, quiet: true },
  );
  return data.valid === true;
}

export const passwordResetTokenCheckQueryOptions = (login: string, resetToken: string) =>
  queryOptions({
    queryKey: ['password-reset-token-check', login, resetToken],
    queryFn: ({ signal }) => passwordResetTokenCheck(login, resetToken, signal),
    retry: false,
    staleTime: Infinity,
  });

export const usePasswordResetTokenCheck = (login: string, resetToken: string) =>
  useQuery({ ...passwordResetTokenCheckQueryOptions(login, resetToken), enabled: resetToken !== '' });
