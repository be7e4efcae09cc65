import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

/** POST /registration/social_link_confirm: the account's password links the waiting identity and signs in. */
export function socialLinkConfirm(password: string): Promise<{ relayStateUrl: string }> {
  return callApi('POST /registration/social_link_confirm', { body: { password } }, { quiet: 'errors' });
}

export const useSocialLinkConfirm = () => useMutation({ mutationFn: socialLinkConfirm });
