import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EndpointData } from '@spesa/shared/contracts/endpoint';
import type { Endpoints } from '@spesa/shared/contracts/endpoints';
import { callApi } from '../../../lib/http';
import { deliveryKeys } from './query-keys';

export type TimeslotListData = EndpointData<Endpoints['GET /timeslot/list']>;

/**
 * GET /timeslot/list: the 7 days of slots of the cart's address or store. Closed slots are hidden, full
 * ones stay (the legend shows them). The "no slot available" warning comes back as a warning: the picker
 * shows its own text, so the call is quiet.
 */
export function getTimeslots(signal?: AbortSignal): Promise<TimeslotListData> {
  return callApi('GET /timeslot/list', {}, { signal, quiet: true });
}

export const timeslotsQueryOptions = () =>
  queryOptions({
    queryKey: deliveryKeys.timeslots(),
    queryFn: ({ signal }) => getTimeslots(signal),
    staleTime: 30_000,
  });

export const useTimeslots = () => useQuery(timeslotsQueryOptions());
