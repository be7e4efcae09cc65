import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardView } from '@spesa/shared/contracts/loyalty';
import type { PremiumChannel } from '@spesa/shared/loyalty/premium';
import { callApi } from '../../../lib/http';
import { accountKeys } from '../../../lib/account-keys';
import { loyaltyKeys } from './get-wallet';

/** POST /loyalty/premium/request: becomes premium, with a digital card or a physical one by post too. */
export const requestPremium = (channel: PremiumChannel): Promise<CardView> =>
  callApi('POST /loyalty/premium/request', { body: { channel } }, { quiet: 'errors' });

/** The premium card replaces the fidelity card: the card, the reserved area and the profile are read again. */
export function useRequestPremium() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPremium,
    onSuccess: (view) => {
      queryClient.setQueryData(loyaltyKeys.card(), view);
      void queryClient.invalidateQueries({ queryKey: loyaltyKeys.premiumArea() });
      void queryClient.invalidateQueries({ queryKey: accountKeys.userDetail() });
    },
  });
}
