import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ResponseStatus } from '@spesa/shared/contracts/envelope';
import type { SmartCart } from '@spesa/shared/contracts/smartcart';
import { ApiError, callApi } from '../../../lib/http';
import { OFFLINE_CODE } from '../../../lib/offline-texts';
import type { QueuedScan, SendOutcome } from '../utils/scan-queue';

/** The smart cart belongs to the signed-in customer: under ['account'], forgotten at sign-out. */
export const smartCartKeys = {
  all: ['account', 'smartcart', 'cart'] as const,
  stores: () => ['account', 'smartcart', 'stores'] as const,
  cart: (storeId: number) => ['account', 'smartcart', 'cart', storeId] as const,
};

/** GET /smart-cart/stores: the stores where self-scanning is available. */
export const useSmartCartStores = () =>
  useQuery({
    queryKey: smartCartKeys.stores(),
    queryFn: ({ signal }) => callApi('GET /smart-cart/stores', undefined, { signal, quiet: true }),
    retry: false,
  });

/** GET /smart-cart/view: the session at the store (the server starts it when there is none). */
export const getSmartCart = (storeId: number, signal?: AbortSignal): Promise<SmartCart> =>
  callApi(
    'GET /smart-cart/view',
    { query: { store_id: storeId, calculate_stock: false, show_sectors: false } },
    { signal, quiet: true },
  );

export const useSmartCart = (storeId: number) =>
  useQuery({
    queryKey: smartCartKeys.cart(storeId),
    queryFn: ({ signal }) => getSmartCart(storeId, signal),
    retry: false,
    enabled: storeId > 0,
  });

/** The network did not answer (or the service worker answered for it): the scan stays queued. */
export const isOffline = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.httpStatus === 0 || error.response.errors.some((e) => e.code === OFFLINE_CODE));

const isSmartCart = (data: unknown): data is SmartCart =>
  typeof data === 'object' && data !== null && Array.isArray((data as SmartCart).cartItems);

/** What a change answered: the whole smart cart (also after a refusal) and the server's messages. */
export interface SmartCartAnswer {
  cart: SmartCart | null;
  response: ResponseStatus | null;
}

/**
 * Sends one batch of queued scans (add_prod, update_prods or delete_prods, with their scan ids) and stores the
 * answer's smart cart. Refusals are answers too: the scan leaves the queue and its message is shown.
 */
export async function sendScans(
  queryClient: QueryClient,
  batch: QueuedScan[],
  onAnswer: (answer: SmartCartAnswer) => void,
): Promise<SendOutcome> {
  const first = batch[0];
  if (!first) return 'sent';
  const query = { store_id: first.storeId, show_sectors: false };
  let response: ResponseStatus | null = null;
  const onResponse = (r: ResponseStatus) => {
    response = r;
  };
  try {
    let cart: SmartCart;
    if (first.op === 'add')
      cart = await callApi(
        'POST /smart-cart/add_prod',
        {
          query,
          body: { items: batch.flatMap((s) => (s.op === 'add' ? [{ code: s.code, scanId: s.scanId }] : [])) },
        },
        { quiet: true, onResponse },
      );
    else if (first.op === 'update')
      cart = await callApi(
        'POST /smart-cart/update_prods',
        {
          query,
          body: {
            items: batch.flatMap((s) =>
              s.op === 'update' ? [{ itemId: s.itemId, quantity: s.quantity, scanId: s.scanId }] : [],
            ),
          },
        },
        { quiet: true, onResponse },
      );
    else
      cart = await callApi(
        'POST /smart-cart/delete_prods',
        {
          query,
          body: {
            items: batch.flatMap((s) =>
              s.op === 'delete'
                ? [{ itemId: s.itemId, quantity: 0, productId: s.productId, scanId: s.scanId }]
                : [],
            ),
            hash: Math.random().toString(36).slice(2),
          },
        },
        { quiet: true, onResponse },
      );
    queryClient.setQueryData(smartCartKeys.cart(first.storeId), cart);
    onAnswer({ cart, response });
    return 'sent';
  } catch (error) {
    if (isOffline(error)) return 'offline';
    if (error instanceof ApiError) {
      const cart = isSmartCart(error.data) ? error.data : null;
      if (cart) queryClient.setQueryData(smartCartKeys.cart(first.storeId), cart);
      onAnswer({ cart, response: error.response });
      return 'sent';
    }
    throw error;
  }
}

/** POST /smart-cart/update-cart-info: end (with the codice fiscale), cancel, a list as reminders. */
export const updateSmartCartInfo = (body: {
  property: 'status' | 'reminder_list_id';
  value: string;
  doc?: string;
}) => callApi('POST /smart-cart/update-cart-info', { body }, { quiet: true });
