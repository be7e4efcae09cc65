import { useMutation } from '@tanstack/react-query';
import type { EndpointData } from '@spesa/shared/contracts/endpoint';
import type { Endpoints } from '@spesa/shared/contracts/endpoints';
import { callApi } from '../../../lib/http';

export type GiftCheck = EndpointData<Endpoints['GET /cart-giftcertificate/check']>;

/** GET /cart-giftcertificate/check: whether a code would apply to the open cart now, and how much. */
export function checkGiftCode(code: string): Promise<GiftCheck> {
  return callApi('GET /cart-giftcertificate/check', { query: { code } }, { quiet: true });
}

export const useCheckGiftCode = () => useMutation({ mutationFn: checkGiftCode });
