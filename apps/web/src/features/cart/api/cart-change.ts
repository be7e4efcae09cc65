import type { QueryClient } from '@tanstack/react-query';
import type { Cart } from '@spesa/shared/contracts/cart';
import type { ResponseStatus } from '@spesa/shared/contracts/envelope';
import { showToast } from '../../../components/toast-store';
import { TOAST_MS } from '../../../lib/config';
import { ApiError, apiPost } from '../../../lib/http';
import { requestEnded, requestStarted } from '../hooks/cart-ui-store';
import { showCartMessages } from '../utils/cart-messages';
import { cartQuery, storeCart } from './get-cart';

/** What a cart change answered: the whole new cart (also after a refusal) and its messages. */
export interface CartChange {
  ok: boolean;
  cart: Cart | null;
  response: ResponseStatus;
}

const isCart = (data: unknown): data is Cart =>
  typeof data === 'object' && data !== null && Array.isArray((data as Cart).cartItems);

/**
 * POSTs a cart change. The server decides and always answers the whole cart; refusals come with status != 0
 * and the cart as it now is. Quiet: the messages are shown here (popup codes, toasts, the client's success
 * text only when the answer has no message).
 */
export async function postCartChange(path: string, body: unknown): Promise<CartChange> {
  let response: ResponseStatus | null = null;
  try {
    const cart = await apiPost<Cart>(path, body, {
      query: cartQuery(),
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
export async function runCartChange(
  queryClient: QueryClient,
  path: string,
  body: unknown,
  texts: { success?: string; fallbackError: string },
): Promise<CartChange> {
  requestStarted();
  try {
    const change = await postCartChange(path, body);
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
