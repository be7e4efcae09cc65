import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { giftCheckDataSchema } from '@spesa/shared/contracts/checkout';
import { apiGet } from '../../../lib/http';

export type GiftCheck = z.infer<typeof giftCheckDataSchema>;

/** GET /cart-giftcertificate/check: whether a code would apply to the open cart now, and how much. */
export function checkGiftCode(code: string): Promise<GiftCheck> {
  return apiGet<GiftCheck>('/cart-giftcertificate/check', { code }, { quiet: true });
}

export const useCheckGiftCode = () => useMutation({ mutationFn: checkGiftCode });
