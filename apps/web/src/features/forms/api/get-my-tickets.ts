import { useQuery } from '@tanstack/react-query';
import type { MyTicket } from '@spesa/shared/contracts/forms';
import { callApi } from '../../../lib/http';

/** The customer's tickets go with the session: under ['account'], forgotten at sign-out. */
export const myTicketKeys = { all: ['account', 'tickets'] as const };

/** GET /p/wp-json/ebsn/v1/my_tickets: the signed-in customer's requests sent through the forms. */
export const getMyTickets = (signal?: AbortSignal): Promise<MyTicket[]> =>
  callApi('GET /p/wp-json/ebsn/v1/my_tickets', undefined, { signal, quiet: true }).then((d) => d.tickets);

export const useMyTickets = () =>
  useQuery({ queryKey: myTicketKeys.all, queryFn: ({ signal }) => getMyTickets(signal) });
