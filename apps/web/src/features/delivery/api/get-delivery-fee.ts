import { useQuery } from '@tanstack/react-query';
import type { DeliveryFeeData } from '@spesa/shared/contracts/delivery';
import { callApi } from '../../../lib/http';
import { deliveryKeys } from './query-keys';

/** GET /delivery-fee/view: the cart's fee, with the standard one (elderly discount). */
export function getDeliveryFee(signal?: AbortSignal): Promise<DeliveryFeeData> {
  return callApi('GET /delivery-fee/view', {}, { signal, quiet: true });
}

export const useDeliveryFee = (enabled = true) =>
  useQuery({
    queryKey: deliveryKeys.fee(),
    queryFn: ({ signal }) => getDeliveryFee(signal),
    enabled,
    staleTime: 30_000,
  });
