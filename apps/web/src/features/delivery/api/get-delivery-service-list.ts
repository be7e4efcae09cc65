import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { deliveryServiceListDataSchema } from '@spesa/shared/contracts/delivery';
import { apiGet } from '../../../lib/http';
import { deliveryKeys } from './query-keys';

export type DeliveryServiceListData = z.infer<typeof deliveryServiceListDataSchema>;
export interface NearPoint {
  latitude: number;
  longitude: number;
  /** metres */
  distance: number;
}

/**
 * GET /user-address/delivery-service-list: the services (the selector's tabs) and the rows of one: the
 * customer's addresses for home delivery, the pickup points for Drive and lockers (near a point if given).
 */
export function getDeliveryServiceList(
  serviceId: number,
  near?: NearPoint,
  signal?: AbortSignal,
): Promise<DeliveryServiceListData> {
  return apiGet<DeliveryServiceListData>(
    '/user-address/delivery-service-list',
    { delivery_service_id: serviceId, ...(near ?? {}) },
    { signal, quiet: true },
  );
}

export const deliveryServiceListQueryOptions = (serviceId: number, near?: NearPoint) =>
  queryOptions({
    queryKey: deliveryKeys.serviceList(serviceId, near),
    queryFn: ({ signal }) => getDeliveryServiceList(serviceId, near, signal),
    staleTime: 60_000,
  });

export const useDeliveryServiceList = (serviceId: number, near?: NearPoint) =>
  useQuery({ ...deliveryServiceListQueryOptions(serviceId, near), placeholderData: keepPreviousData });
