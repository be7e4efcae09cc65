import { useMutation } from '@tanstack/react-query';
import type { GiftCardReceipt, GiftCardRequestBody } from '@spesa/shared/contracts/gift-card-orders';
import { callApi } from '../../../lib/http';

/** POST /loyalty/gift-card-orders: a company's gift-card request; the same key again answers the same one. */
export const sendGiftCardOrder = (body: GiftCardRequestBody): Promise<GiftCardReceipt> =>
  callApi('POST /loyalty/gift-card-orders', { body }, { quiet: true });

export function useSendGiftCardOrder() {
  return useMutation({ mutationFn: sendGiftCardOrder });
}

/** A request's key, made once per form (crypto.randomUUID needs a secure context: random bytes otherwise). */
export function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
