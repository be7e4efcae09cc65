import type { IntentRecord } from './payment-ledger';
import { euros } from './payment-ledger';
import type { LineItem, SessionObject } from './checkout-sessions';
import { TEST_PAYMENT_METHODS } from './test-cards';

/**
 * The pages Stripe hosts for the customer, reduced to what a test drives with plain HTTP: Checkout's payment page
 * (choose a test card, pay) and the 3D Secure challenge (complete or fail it). Forms post back to the stand-in;
 * answers are 303 redirects to the shop's URLs, as a browser would follow them.
 */
const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const page = (title: string, body: string) =>
  `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body>${body}</body></html>`;

export function checkoutPage(session: SessionObject, items: LineItem[], message: string | null): string {
  if (session.status !== 'open')
    return page('Checkout', '<h1>This Checkout Session is no longer active.</h1>');
  const currency = session.currency ?? 'eur';
  const rows = items
    .map(
      (i) =>
        `<li>${escape(i.name)} × ${i.quantity}: ${escape(euros(i.unitAmount * i.quantity, currency))}</li>`,
    )
    .join('');
  const cards = Object.keys(TEST_PAYMENT_METHODS)
    .map((pm) => `<option value="${pm}">${pm}</option>`)
    .join('');
  return page(
    'Checkout',
    `<h1>Pay ${escape(euros(session.amount_total ?? 0, currency))}</h1><ul>${rows}</ul>` +
      (message ? `<p role="alert">${escape(message)}</p>` : '') +
      `<form method="post" action="/c/pay/${session.id}"><label>Card <select name="payment_method">${cards}</select></label>` +
      '<button type="submit">Pay</button></form>' +
      (session.cancel_url ? `<a href="${escape(session.cancel_url)}">Back</a>` : ''),
  );
}

export function challengePage(intent: IntentRecord): string {
  const { object } = intent;
  return page(
    '3D Secure',
    `<h1>3D Secure: ${escape(euros(object.amount, object.currency))}</h1>` +
      `<form method="post" action="/3d_secure/${object.id}"><input type="hidden" name="outcome" value="complete">` +
      '<button type="submit">Complete authentication</button></form>' +
      `<form method="post" action="/3d_secure/${object.id}"><input type="hidden" name="outcome" value="fail">` +
      '<button type="submit">Fail authentication</button></form>',
  );
}

export function messagePage(text: string): string {
  return page('Stripe', `<p>${escape(text)}</p>`);
}

/** where Stripe sends the browser after an authentication: the return_url with its redirect parameters */
export function returnUrl(intent: IntentRecord): string | null {
  if (!intent.returnUrl) return null;
  const url = new URL(intent.returnUrl);
  url.searchParams.set('payment_intent', intent.object.id);
  url.searchParams.set('payment_intent_client_secret', intent.object.client_secret ?? '');
  url.searchParams.set(
    'redirect_status',
    intent.object.status === 'requires_capture' || intent.object.status === 'succeeded'
      ? 'succeeded'
      : 'failed',
  );
  return url.toString();
}
