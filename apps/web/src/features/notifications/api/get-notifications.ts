import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NotificationHistoryData } from '@spesa/shared/contracts/notifications';
import { callApi } from '../../../lib/http';

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

export const useNotifications = (page: number, type: number | null) =>
  useQuery({
    queryKey: notificationKeys.page(page, type),
    queryFn: ({ signal }) => getNotifications(page, type, signal),
    placeholderData: keepPreviousData,
    // a page read again answers its messages as read: keep the "Nuovo" marks of this visit
    staleTime: 5 * 60_000,
  });
