import type { QueryClient } from '@tanstack/react-query';
import type { Cart } from '@spesa/shared/contracts/cart';
import type { ResponseStatus } from '@spesa/shared/contracts/envelope';
import { showToast } from '../../../lib/toast-store';
import { TOAST_MS } from '../../../lib/config';
import type { EndpointInput } from '@spesa/shared/contracts/endpoint';
import type { Endpoints } from '@spesa/shared/contracts/endpoints';
import { ApiError, callApi } from '../../../lib/http';
import { requestEnded, requestStarted } from '../../../lib/pending-requests';
import { showCartMessages } from '../utils/cart-messages';
import { cartQuery, storeCart } from './get-cart';

/** What a cart change answered: the whole new cart (also after a refusal) and its messages. */
export interface CartChange {
  ok: boolean;
  cart: Cart | null;
  response: ResponseStatus;
}

/** The cart calls that change it and answer the whole cart. */
export type CartChangeName =
  | 'POST /cart/add'
  | 'POST /cart/update'
  | 'POST /cart/delete'
  | 'POST /cart/update-infos'
  | 'POST /cart/update-cart-info'
  | 'POST /cart/close';
export type CartChangeBody<K extends CartChangeName> = EndpointInput<Endpoints[K]>['body'];

const isCart = (data: unknown): data is Cart =>
  typeof data === 'object' && data !== null && Array.isArray((data as Cart).cartItems);

/**
 * POSTs a cart change. The server decides and always answers the whole cart; refusals come with status != 0
 * and the cart as it now is. Quiet: the messages are shown here (popup codes, toasts, the client's success
 * text only when the answer has no message).
 */
export async function postCartChange<K extends CartChangeName>(
  name: K,
  body: CartChangeBody<K>,
): Promise<CartChange> {
  let response: ResponseStatus | null = null;
  try {
    const input = { query: cartQuery(), body } as EndpointInput<Endpoints[CartChangeName]>;
    const cart = await callApi(name as CartChangeName, input, {
      quiet: true,
      onResponse: (r) => {
        response = r;
      },
    });
    return {
      ok: true,
      cart,
      response: response ?? {
        status: 0,
        errors: [],
        infos: [],
        warnings: [],
        errorsMessage: [],
        infosMessage: [],
        warningsMessage: [],
      },
    };
  } catch (error) {
    if (error instanceof ApiError)
      return { ok: false, cart: isCart(error.data) ? error.data : null, response: error.response };
    throw error;
  }
}

/**
 * Runs a change with the request overlay counting it, puts the server's cart into the cache (storeCart)
 * and shows the messages. `fallbackError` is the text shown when the call failed without any message.
 */
export async function runCartChange<K extends CartChangeName>(
  queryClient: QueryClient,
  name: K,
  body: CartChangeBody<K>,
  texts: { success?: string; fallbackError: string },
): Promise<CartChange> {
  requestStarted();
  try {
    const change = await postCartChange(name, body);
    if (change.cart) await storeCart(queryClient, change.cart);
    if (!change.ok && change.response.errors.length === 0 && change.response.errorsMessage.length === 0)
      showToast(texts.fallbackError, 'error', TOAST_MS);
    else showCartMessages(change.response, texts.success);
    return change;
  } catch {
    showToast(texts.fallbackError, 'error', TOAST_MS);
    return {
      ok: false,
      cart: null,
      response: {
        status: 1,
        errors: [{ error: texts.fallbackError }],
        infos: [],
        warnings: [],
        errorsMessage: [texts.fallbackError],
        infosMessage: [],
        warningsMessage: [],
      },
    };
  } finally {
    requestEnded();
  }
}
