import type { ResponseStatus } from '@spesa/shared/contracts/envelope';
import { showToast } from '../../../lib/toast-store';
import { SHOW_IN_POPUP_CODES, TOAST_MS } from '../../../lib/config';
import { showCartPopup } from '../hooks/cart-ui-store';

/** Escaped newlines of server texts ("\\n") become line breaks (spec section 2, response-message list). */
export const withLineBreaks = (text: string): string => text.replace(/\\n/g, '\n');

/** true when none of the three message arrays of the answer holds anything (spec section 8). */
export const hasNoMessages = (r: ResponseStatus): boolean =>
  (r.errorsMessage?.length ?? 0) === 0 &&
  (r.infosMessage?.length ?? 0) === 0 &&
  (r.warningsMessage?.length ?? 0) === 0 &&
  r.errors.length === 0 &&
  r.infos.length === 0 &&
  r.warnings.length === 0;

/**
 * Shows the messages of a cart answer (spec section 8): errors whose code is in SHOW_IN_POPUP_CODES
 * (msg.cart.availability.errors) in the popup, other errors as error toasts, infos as success toasts and
 * warnings as warning toasts (3000 ms). A success text of the client (cart.productAddText...) shows only
 * when the answer carries no message at all.
 */
export function showCartMessages(r: ResponseStatus, successText?: string): void {
  const popup: string[] = [];
  const errors: string[] = [];
  for (const e of r.errors) {
    if (!e.error) continue;
    if (e.code && SHOW_IN_POPUP_CODES.includes(e.code)) popup.push(e.error);
    else errors.push(e.error);
  }
  for (const text of r.errorsMessage ?? []) if (!popup.includes(text)) errors.push(text);
  const infos = [...r.infos.map((i) => i.info ?? ''), ...(r.infosMessage ?? [])].filter(Boolean);
  const warnings = [...r.warnings.map((w) => w.warning ?? ''), ...(r.warningsMessage ?? [])].filter(Boolean);
  showCartPopup(popup.map(withLineBreaks));
  for (const text of new Set(errors)) showToast(withLineBreaks(text), 'error', TOAST_MS);
  for (const text of new Set(infos)) showToast(withLineBreaks(text), 'success', TOAST_MS);
  for (const text of new Set(warnings)) showToast(withLineBreaks(text), 'warning', TOAST_MS);
  if (successText && r.status === 0 && hasNoMessages(r)) showToast(successText, 'success', TOAST_MS);
}
