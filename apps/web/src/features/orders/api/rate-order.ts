import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointData } from '@spesa/shared/contracts/endpoint';
import type { Endpoints } from '@spesa/shared/contracts/endpoints';
import { callApi } from '../../../lib/http';
import { orderKeys } from './query-keys';

export type OrderNoteData = EndpointData<Endpoints['POST /note/order/add']>;
export interface RateOrderVars {
  orderId: number;
  noteId?: number | undefined;
  rating: number;
  title: string;
  comment: string;
}

/** POST /note/order/add, or /note/order/update when the order already has a rating (noteId). */
export function rateOrder(vars: RateOrderVars): Promise<OrderNoteData> {
  const name = vars.noteId != null ? 'POST /note/order/update' : 'POST /note/order/add';
  return callApi(
    name,
    {
      body: {
        orderId: vars.orderId,
        noteId: vars.noteId,
        rating: vars.rating,
        title: vars.title,
        comment: vars.comment,
      },
    },
    { quiet: 'errors' },
  );
}

export function useRateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateOrder,
    onSuccess: (_data, vars) => queryClient.invalidateQueries({ queryKey: orderKeys.detail(vars.orderId) }),
  });
}
