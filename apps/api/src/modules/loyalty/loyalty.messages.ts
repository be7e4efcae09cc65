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
  /** an advantage of a segment or a profile level the customer is not in */
  notForYou: {
    code: 'msg.giftcertificate.notForYou',
    text: 'Questo vantaggio è riservato a un altro gruppo di clienti: non puoi usarlo.',
  },
} as const satisfies MessageTable;

export const GIFT_INFO_TEXT = {
  belowMinSpend: (minSpend: string, missing: string) =>
    `Il buono vale con una spesa di almeno ${minSpend}: aggiungi prodotti per altri ${missing} per avere lo sconto.`,
  granted: (value: string, code: string) => `Assegnato al cliente un buono di ${value} (codice ${code}).`,
  refreshed: 'I tuoi vantaggi sono aggiornati.',
  coolingDown: (minutes: number) =>
    `I tuoi vantaggi sono stati aggiornati da poco: potrai aggiornarli di nuovo tra ${minutes} ${minutes === 1 ? 'minuto' : 'minuti'}.`,
} as const;

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
