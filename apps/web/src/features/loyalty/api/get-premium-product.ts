import { useQuery } from '@tanstack/react-query';
import type { PremiumProduct } from '@spesa/shared/contracts/loyalty';
import { callApi } from '../../../lib/http';
import { loyaltyKeys } from './get-wallet';

/** GET /loyalty/premium/product: the premium customer's 20 % product and whether it can be changed now. */
export const getPremiumProduct = (signal?: AbortSignal): Promise<PremiumProduct> =>
  callApi('GET /loyalty/premium/product', {}, { signal, quiet: true });

export const usePremiumProduct = (enabled: boolean) =>
  useQuery({
    queryKey: loyaltyKeys.premiumProduct(),
    queryFn: ({ signal }) => getPremiumProduct(signal),
    enabled,
  });
