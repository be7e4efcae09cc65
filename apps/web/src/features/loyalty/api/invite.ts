import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteView } from '@spesa/shared/contracts/invite';
import { callApi } from '../../../lib/http';
import { giftKeys } from './get-gift-certificates';

/** Invite a friend belongs to the signed-in customer: under ['account'], forgotten at sign-out. */
export const inviteKeys = { view: () => ['account', 'invite'] as const };

/** GET /loyalty/invite: the customer's code and link, their friends, whether they may still join. */
export const getInvite = (signal?: AbortSignal): Promise<InviteView> =>
  callApi('GET /loyalty/invite', undefined, { signal, quiet: true });

export const useInvite = () =>
  useQuery({ queryKey: inviteKeys.view(), queryFn: ({ signal }) => getInvite(signal) });

/** POST /loyalty/invite/join: joins with a friend's code (the first-order certificate appears in the list). */
export const joinInvite = (code: string): Promise<InviteView> =>
  callApi('POST /loyalty/invite/join', { body: { code } }, { quiet: 'errors' });

export function useJoinInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinInvite,
    onSuccess: (view) => {
      queryClient.setQueryData(inviteKeys.view(), view);
      void queryClient.invalidateQueries({ queryKey: giftKeys.all });
    },
  });
}

/** The code of a friend's link, kept in this browser until the customer signs in or registers. */
const PENDING_KEY = 'spesa.inviteCode';
export const pendingInviteCode = {
  read: (): string | null => {
    try {
      return window.localStorage.getItem(PENDING_KEY);
    } catch {
      return null;
    }
  },
  keep: (code: string) => {
    try {
      window.localStorage.setItem(PENDING_KEY, code);
    } catch {
      // storage refused (private mode): the customer types the code
    }
  },
  forget: () => {
    try {
      window.localStorage.removeItem(PENDING_KEY);
    } catch {
      // nothing kept
    }
  },
};
