import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@spesa/shared/contracts/cart';
import { callApi } from '../../../lib/http';
import { storeCart } from '../../cart/api/get-cart';
import { deliveryKeys } from './query-keys';

/** GET /timeslot/select: the cart's slot (only slots with active 1); answers the cart. */
export function selectTimeslot(vars: { date: string; timeslotId: number }): Promise<Cart> {
  return callApi('GET /timeslot/select', { query: { sel_date: vars.date, timeslot_id: vars.timeslotId } });
}

export function useSelectTimeslot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectTimeslot,
    onSuccess: async (cart) => {
      await storeCart(queryClient, cart);
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.timeslots() });
    },
  });
}
