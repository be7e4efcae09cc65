import type { PaymentRecord } from './payments';

/**
 * The page Satispay hosts for the consumer (web-redirect: https://online.satispay.com/pay/{id}), reduced to what a
 * test or a Chromium journey drives: it shows the amount and the shop's order code and stands for the Satispay app,
 * where the consumer confirms ("Conferma il pagamento") or refuses ("Rifiuta"). Both post back to the stand-in,
 * which then calls the shop's callback_url and answers a 303 to the shop's redirect_url (no parameter added:
 * Satispay's redirect_url takes no placeholder).
 */
const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const page = (title: string, body: string) =>
  `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title></head><body><main>${body}</main></body></html>`;

export const euros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;

export function payPage(record: PaymentRecord): string {
  const { object } = record;
  if (object.status !== 'PENDING')
    return page(
      'Satispay',
      '<h1>Questo pagamento non è più disponibile</h1><p>Torna al negozio per riprovare.</p>',
    );
  const what = record.flow === 'FUND_LOCK' ? 'Autorizza' : 'Paga';
  return page(
    'Paga con Satispay',
    `<h1>${what} ${escape(euros(object.amount_unit))} con Satispay</h1>` +
      (object.external_code ? `<p>Riferimento: ${escape(object.external_code)}</p>` : '') +
      '<p>Inquadra il codice con l’app Satispay o conferma dalla notifica sul telefono.</p>' +
      `<form method="post" action="/pay/${object.id}"><input type="hidden" name="outcome" value="accept">` +
      '<button type="submit">Conferma il pagamento</button></form>' +
      `<form method="post" action="/pay/${object.id}"><input type="hidden" name="outcome" value="refuse">` +
      '<button type="submit">Rifiuta</button></form>',
  );
}

export function messagePage(text: string): string {
  return page('Satispay', `<h1>${escape(text)}</h1>`);
}
