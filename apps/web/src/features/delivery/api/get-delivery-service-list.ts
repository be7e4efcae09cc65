import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EndpointData, EndpointQuery } from '@spesa/shared/contracts/endpoint';
import type { Endpoints } from '@spesa/shared/contracts/endpoints';
import { callApi } from '../../../lib/http';
import { deliveryKeys } from './query-keys';

type ServiceListEndpoint = Endpoints['GET /user-address/delivery-service-list'];
export type DeliveryServiceListData = EndpointData<ServiceListEndpoint>;
/** A point and a radius (distance, metres) to search pickup points around. */
export type NearPoint = Required<
  Pick<EndpointQuery<ServiceListEndpoint>, 'latitude' | 'longitude' | 'distance'>
>;

/**
 * GET /user-address/delivery-service-list: the services (the selector's tabs) and the rows of one: the
 * customer's addresses for home delivery, the pickup points for Drive and lockers (near a point if given).
 */
export function getDeliveryServiceList(
  serviceId: number,
  near?: NearPoint,
  signal?: AbortSignal,
): Promise<DeliveryServiceListData> {
  return callApi(
    'GET /user-address/delivery-service-list',
    { query: { delivery_service_id: serviceId, ...(near ?? {}) } },
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
