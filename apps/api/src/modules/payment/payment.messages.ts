import type { MessageTable } from '../../lib/result';

/** Refusals of payment notifications: { code, text }, the code sent as errors[].code and the Italian text. */
export const PAYMENT_TEXT = {
  badSignature: { code: 'msg.payment.badSignature', text: 'Notifica di pagamento non valida.' },
  unknownSession: { code: 'msg.payment.unknownSession', text: 'Sessione di pagamento sconosciuta.' },
} as const satisfies MessageTable;

/** Refusals of the back office's refunds (decision 085). */
export const REFUND_REFUSAL = {
  orderNotFound: { code: 'msg.payment.orderNotFound', text: 'Ordine non trovato.' },
  nothingCaptured: {
    code: 'msg.payment.nothingCaptured',
    text: 'Questo ordine non ha importi addebitati con la carta o l’app di pagamento: non c’è nulla da rimborsare.',
  },
  keyReused: {
    code: 'msg.payment.refundKeyReused',
    text: 'Questa richiesta di rimborso è già stata usata con altri dati: ricarica la pagina e riprova.',
  },
  providerMissing: {
    code: 'msg.payment.providerMissing',
    text: 'Il fornitore di questo pagamento non è configurato: il rimborso non è possibile.',
  },
  lineNotFound: {
    code: 'msg.payment.refundLine',
    text: 'Questa riga non è nell’ordine o non è stata addebitata: scegli una riga consegnata.',
  },
  refused: {
    code: 'msg.payment.refundRefused',
    text: 'Il fornitore del pagamento ha rifiutato il rimborso: nessun importo è stato restituito.',
  },
} as const satisfies MessageTable;

/** More than may still be refunded: the most that may (euro, Italian format). */
export const tooMuchRefund = (most: string) => ({
  code: 'msg.payment.refundTooMuch',
  text: `Si può rimborsare al massimo ${most}: l’importo addebitato meno i rimborsi già fatti o in corso.`,
});

/** A line refund beyond what the line holds: the quantity or the amount (Italian formats). */
export const tooMuchOfLine = (what: { name: string; quantity?: string; amount?: string }) => ({
  code: 'msg.payment.refundLineTooMuch',
  text:
    what.quantity !== undefined
      ? `Di «${what.name}» si può rimborsare al massimo ${what.quantity}: la quantità consegnata meno i rimborsi già fatti.`
      : `Per questa quantità di «${what.name}» si può rimborsare al massimo ${what.amount ?? ''}: il prezzo addebitato meno i rimborsi già fatti.`,
});

export const refundDone = (amount: string) => `Rimborso di ${amount} eseguito.`;
export const refundReplayed = 'Questo rimborso era già stato registrato: nessun nuovo movimento.';
