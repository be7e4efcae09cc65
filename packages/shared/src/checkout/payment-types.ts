/**
 * Payment types (spec section 9): 1 online, 2 on delivery, 11 deferred, 12 online by card (the default),
 * 24 a mobile pay app, 100 on delivery with a digital gift. Online types go through the payment provider's
 * hosted page and hold the pre-authorised amount; the others need no provider.
 */
export const PAYMENT_TYPE = {
  online: 1,
  onDelivery: 2,
  deferred: 11,
  card: 12,
  mobileApp: 24,
  onDeliveryDigitalGift: 100,
} as const;
export type PaymentTypeId = (typeof PAYMENT_TYPE)[keyof typeof PAYMENT_TYPE];

export const DEFAULT_PAYMENT_TYPE_ID: PaymentTypeId = PAYMENT_TYPE.card;

export interface PaymentTypeInfo {
  paymentTypeId: PaymentTypeId;
  name: string;
  descr: string;
  /** goes through the payment provider's hosted page (pre-authorised amount) */
  online: boolean;
}

export const PAYMENT_TYPES: readonly PaymentTypeInfo[] = [
  {
    paymentTypeId: 12,
    name: 'Carta di credito',
    descr:
      'Paga online con carta di credito, debito o prepagata: blocchiamo l’importo e addebitiamo solo quanto preparato.',
    online: true,
  },
  {
    paymentTypeId: 1,
    name: 'Pagamento online',
    descr: 'Paga online sul sito sicuro del nostro partner di pagamento.',
    online: true,
  },
  {
    paymentTypeId: 24,
    name: 'App di pagamento',
    descr: 'Paga con l’app di pagamento del tuo telefono.',
    online: true,
  },
  {
    paymentTypeId: 2,
    name: 'Pagamento alla consegna',
    descr: 'Paga con carta o bancomat al momento della consegna o del ritiro.',
    online: false,
  },
  {
    paymentTypeId: 100,
    name: 'Alla consegna con buono digitale',
    descr: 'Paga alla consegna usando anche i tuoi buoni digitali.',
    online: false,
  },
  {
    paymentTypeId: 11,
    name: 'Pagamento differito',
    descr: 'Ricevi la fattura e paga con bonifico entro 30 giorni (clienti aziendali).',
    online: false,
  },
];

export function paymentTypeOf(id: number): PaymentTypeInfo | null {
  return PAYMENT_TYPES.find((p) => p.paymentTypeId === id) ?? null;
}

export const isOnlinePaymentType = (id: number): boolean => paymentTypeOf(id)?.online ?? false;

/**
 * Whether an order's payment goes through the provider: an online type with something left to hold once
 * the wallet's part is taken (an order the wallet pays whole needs no card).
 */
export const paysOnline = (paymentTypeId: number, amountCents: number): boolean =>
  isOnlinePaymentType(paymentTypeId) && amountCents > 0;
