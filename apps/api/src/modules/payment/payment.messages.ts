import type { MessageTable } from '../../lib/result';

/** Refusals of payment notifications: { code, text }, the code sent as errors[].code and the Italian text. */
export const PAYMENT_TEXT = {
  badSignature: { code: 'msg.payment.badSignature', text: 'Notifica di pagamento non valida.' },
  unknownSession: { code: 'msg.payment.unknownSession', text: 'Sessione di pagamento sconosciuta.' },
} as const satisfies MessageTable;
