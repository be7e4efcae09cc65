import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { orderNoteDataSchema } from '@spesa/shared/contracts/orders';
import { apiPost } from '../../../lib/http';
import { orderKeys } from './query-keys';

export type OrderNoteData = z.infer<typeof orderNoteDataSchema>;
export interface RateOrderVars {
  orderId: number;
  noteId?: number | undefined;
  rating: number;
  title: string;
  comment: string;
}

/** POST /note/order/add, or /note/order/update when the order already has a rating (noteId). */
export function rateOrder(vars: RateOrderVars): Promise<OrderNoteData> {
  const path = vars.noteId != null ? '/note/order/update' : '/note/order/add';
  return apiPost<OrderNoteData>(
    path,
    {
      orderId: vars.orderId,
      noteId: vars.noteId,
      rating: vars.rating,
      title: vars.title,
      comment: vars.comment,
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
