import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardLinkBody, CardView } from '@spesa/shared/contracts/loyalty';
import { callApi } from '../../../lib/http';
import { accountKeys } from '../../../lib/account-keys';
import { cartKeys } from '../../cart/api/get-cart';
import { loyaltyKeys } from './get-wallet';

/** POST /loyalty/card/link: links a card by its number and the holder's surname. */
export const linkCard = (body: CardLinkBody): Promise<CardView> =>
  callApi('POST /loyalty/card/link', { body }, { quiet: 'errors' });

/** Linking changes the profile (its card number) and the cart's prices at once: both are read again. */
export function useLinkCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkCard,
    onSuccess: (view) => {
      queryClient.setQueryData(loyaltyKeys.card(), view);
      void queryClient.invalidateQueries({ queryKey: accountKeys.userDetail() });
      void queryClient.invalidateQueries({ queryKey: cartKeys.cart() });
    },
  });
}
