import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

/** The count of the customer's unread messages: under ['account'], forgotten at sign-out. */
export const unreadKey = ['account', 'notifications', 'unread'] as const;

/**
 * GET /notification/unread-count: the header's and the profile menu's "N nuove" beside "Notifiche". Read once a
 * minute at most; the notifications page writes the count its answer carries (reading marks messages read).
 */
export const useUnreadNotifications = (signedIn: boolean): number =>
  useQuery({
    queryKey: unreadKey,
    queryFn: ({ signal }) => callApi('GET /notification/unread-count', {}, { signal, quiet: true }),
    enabled: signedIn,
    staleTime: 60_000,
    select: (d) => d.unreadCount,
  }).data ?? 0;
