import { useMutation } from '@tanstack/react-query';
import type { SsoLoginBody, SsoLoginData } from '@spesa/shared/contracts/operators';
import { callApi } from '../../../lib/http';

/** POST /backoffice-access/sso-login: the operator's password and one-time code open a shop session. */
export const ssoLogin = (body: SsoLoginBody): Promise<SsoLoginData> =>
  callApi('POST /backoffice-access/sso-login', { body }, { quiet: 'errors' });

export const useSsoLogin = () => useMutation({ mutationFn: ssoLogin });
