import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationHistoryData } from '@spesa/shared/contracts/notifications';
import { callApi } from '../../../lib/http';
import { unreadKey } from './get-unread-count';

/** The customer's messages belong to the session: under ['account'], forgotten at sign-out. */
export const notificationKeys = {
  page: (page: number, type: number | null) => ['account', 'notifications', page, type] as const,
};

/** GET /notification/history: one page, newest first (reading it marks its messages read). */
export const getNotifications = (
  page: number,
  type: number | null,
  signal?: AbortSignal,
): Promise<NotificationHistoryData> =>
  callApi(
    'GET /notification/history',
    { query: { page, ...(type === null ? {} : { message_type_id: type }) } },
    { signal, quiet: true },
  );

export const useNotifications = (page: number, type: number | null) => {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: notificationKeys.page(page, type),
    queryFn: async ({ signal }) => {
      const data = await getNotifications(page, type, signal);
      // the messages just shown are read now: the menus' count follows (a count asked before is stale)
      await queryClient.cancelQueries({ queryKey: unreadKey });
      queryClient.setQueryData(unreadKey, { unreadCount: data.unreadCount });
      return data;
    },
    placeholderData: keepPreviousData,
    // a page read again answers its messages as read: keep the "Nuovo" marks of this visit
    staleTime: 5 * 60_000,
  });
};
