import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { timeslotListDataSchema } from '@spesa/shared/contracts/delivery';
import { apiGet } from '../../../lib/http';
import { deliveryKeys } from './query-keys';

export type TimeslotListData = z.infer<typeof timeslotListDataSchema>;

/**
 * GET /timeslot/list: the 7 days of slots of the cart's address or store. Closed slots are hidden, full
 * ones stay (the legend shows them). The "no slot available" warning comes back as a warning: the picker
 * shows its own text, so the call is quiet.
 */
export function getTimeslots(signal?: AbortSignal): Promise<TimeslotListData> {
  return apiGet<TimeslotListData>('/timeslot/list', undefined, { signal, quiet: true });
}

export const timeslotsQueryOptions = () =>
  queryOptions({
    queryKey: deliveryKeys.timeslots(),
    queryFn: ({ signal }) => getTimeslots(signal),
    staleTime: 30_000,
  });

export const useTimeslots = () => useQuery(timeslotsQueryOptions());
