import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PremiumProduct } from '@spesa/shared/contracts/loyalty';
import { callApi } from '../../../lib/http';
import { loyaltyKeys } from './get-wallet';

/** POST /loyalty/premium/product: chooses the 20 % product (once per calendar month). */
export const choosePremiumProduct = (productId: number): Promise<PremiumProduct> =>
  callApi('POST /loyalty/premium/product', { body: { productId } }, { quiet: 'errors' });

/** The answer is the new state of the perk: it replaces the one read. */
export function useChoosePremiumProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: choosePremiumProduct,
    onSuccess: (state) => queryClient.setQueryData(loyaltyKeys.premiumProduct(), state),
  });
}
