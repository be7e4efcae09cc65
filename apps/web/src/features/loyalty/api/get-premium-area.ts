import { useQuery } from '@tanstack/react-query';
import type { PremiumArea } from '@spesa/shared/contracts/loyalty';
import { callApi } from '../../../lib/http';
import { loyaltyKeys } from './get-wallet';

/** GET /loyalty/premium/area: the reserved area of premium customers (the perks and their use). */
export const getPremiumArea = (signal?: AbortSignal): Promise<PremiumArea> =>
  callApi('GET /loyalty/premium/area', {}, { signal, quiet: true });

export const usePremiumArea = (enabled: boolean) =>
  useQuery({
    queryKey: loyaltyKeys.premiumArea(),
    queryFn: ({ signal }) => getPremiumArea(signal),
    enabled,
  });
