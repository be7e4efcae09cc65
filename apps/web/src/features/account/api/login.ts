import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginInput, UserDetail } from '@spesa/shared/contracts/account';
import { callApi } from '../../../lib/http';
import { botCheckToken } from '../utils/bot-token';

/**
 * POST /auth/login?token=<bot token>. The login is trimmed (spec section 5); the bot-check token is
 * required unless the PIN comes with the call. Quiet: the dialog shows the failure itself.
 */
export async function login(input: LoginInput): Promise<UserDetail> {
  const body: LoginBody = {
    login: input.login.trim(),
    password: input.password,
    remember_me: input.rememberMe,
  };
  if (input.mfaPin) body.mfa_pin = input.mfaPin;
  if (input.resendMfaPin) body.resend_mfa_pin = true;
  const token = input.mfaPin ? undefined : await botCheckToken();
  const data = await callApi('POST /auth/login', { query: { token }, body }, { quiet: true });
  return data.user;
}

export const useLogin = () => useMutation({ mutationFn: login });
