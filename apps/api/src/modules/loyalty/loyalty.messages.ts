import { GIFT_CODE_INVALID_TEXT } from '@spesa/shared/contracts/checkout';
import type { MessageTable } from '../../lib/result';
import type { WalletCause } from '@spesa/shared/contracts/loyalty';

/** Texts of the loyalty module: { code, text }, the message code (errors[].code) and the Italian text. */
export const LOYALTY_TEXT = {
  /** also the answer for a customer id that does not exist */
  customerNotFound: { code: 'msg.wallet.customerNotFound', text: 'Cliente non trovato.' },
  notEnough: {
    code: 'msg.wallet.notEnough',
    text: 'Il saldo del portafoglio non basta per questo importo.',
  },
  busy: { code: 'msg.wallet.busy', text: 'Il portafoglio è in aggiornamento: riprova tra un attimo.' },
} as const satisfies MessageTable;

/** Texts of gift certificates: one text for every code this customer cannot use (nothing to guess from). */
export const GIFT_TEXT = {
  invalid: { code: 'msg.giftcertificate.invalid', text: GIFT_CODE_INVALID_TEXT },
} as const satisfies MessageTable;

export const LOYALTY_INFO_TEXT = {
  credited: (euros: string) => `Accreditati ${euros} sul portafoglio del cliente.`,
} as const;

/** What the customer reads of a movement, by cause (a goodwill credit adds the staff's reason). */
export const WALLET_CAUSE_TEXT: Record<WalletCause, string> = {
  goodwill: 'Accredito del servizio clienti',
  refund: 'Rimborso di prodotti non consegnati',
  invite: 'Premio per un amico invitato',
  order_payment: "Pagamento dell'ordine",
  order_refund: "Restituzione del pagamento dell'ordine",
};
