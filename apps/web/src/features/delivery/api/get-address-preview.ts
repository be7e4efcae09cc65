import { useQuery } from '@tanstack/react-query';
import type { Cart } from '@spesa/shared/contracts/cart';
import { callApi } from '../../../lib/http';
import { deliveryKeys } from './query-keys';

/** GET /user-address/preview: the cart as it would be with this address (nothing saved), e.g. its fee. */
export function getAddressPreview(addressId: number, signal?: AbortSignal): Promise<Cart> {
  return callApi('GET /user-address/preview', { query: { address_id: addressId } }, { signal, quiet: true });
}

export const useAddressPreview = (addressId: number | null) =>
  useQuery({
    queryKey: deliveryKeys.preview(addressId ?? 0),
    queryFn: ({ signal }) => getAddressPreview(addressId ?? 0, signal),
    enabled: addressId !== null,
    staleTime: 60_000,
  });
