import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { deliveryKeys } from './query-keys';

/**
 * GET /shopatwork/subscribe: the company code gives a work address at the company's site (delivered in the
 * company day periods). The server's Italian refusal is shown by the caller; the addresses are read again.
 */
export const subscribeShopAtWork = (subscriptionCode: string) =>
  callApi('GET /shopatwork/subscribe', { query: { subscriptionCode } }, { quiet: 'errors' });

export function useSubscribeShopAtWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribeShopAtWork,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveryKeys.all }),
  });
}
