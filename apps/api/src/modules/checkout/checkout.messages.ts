import { ORDER_ACTIONS_TEXT, ORDERS_TEXT } from '../orders/orders.messages';
import { GIFT_CODE_INVALID_TEXT, PERSONAL_DATA_MISSING_CODE } from '@spesa/shared/contracts/checkout';
import type { MessageTable } from '../../lib/result';

/** Checkout texts: { code, text }, the message code (errors[].code) and the Italian text for the customer. */
export const CHECKOUT_TEXT = {
  /** an operator acting for the customer chose a card or online payment (decision 053) */
  operatorPayment: {
    code: 'msg.operator.cardPayment',
    text: 'Per conto del cliente puoi scegliere solo il pagamento alla consegna: la carta la usa solo il cliente.',
  },
  giftInvalid: { code: 'msg.giftcertificate.invalid', text: GIFT_CODE_INVALID_TEXT },
  giftNotInCart: {
    code: 'msg.giftcertificate.notInCart',
    text: 'Il codice sconto non è applicato a questo carrello.',
  },
  walletAboveTotal: ORDER_ACTIONS_TEXT.walletAboveTotal,
  emptyCart: { code: 'msg.checkout.emptyCart', text: 'Il carrello è vuoto: aggiungi almeno un prodotto.' },
  unavailableLines: {
    code: 'msg.cart.availability.errors',
    text: 'Alcuni prodotti non sono più disponibili: rimuovili dal carrello per continuare.',
  },
  noAddress: {
    code: 'msg.checkout.noAddress',
    text: 'Scegli un indirizzo di consegna o un punto di ritiro.',
  },
  noTimeslot: {
    code: 'msg.checkout.noTimeslot',
    text: 'Scegli una fascia oraria per la consegna o il ritiro.',
  },
  personalData: {
    code: PERSONAL_DATA_MISSING_CODE,
    text: 'Per pagare servono tutti i dati personali: completa nome, cognome, codice fiscale e telefono nel tuo profilo.',
  },
  invoiceAndLottery: {
    code: 'msg.checkout.invoiceAndLottery',
    text: 'Il codice lotteria degli scontrini non può essere usato se richiedi la fattura.',
  },
  invoiceMissing: {
    code: 'msg.checkout.invoiceMissing',
    text: 'Per richiedere la fattura inserisci i dati di fatturazione o scegline uno salvato.',
  },
  personFiscalNotFound: {
    code: 'msg.checkout.personFiscalNotFound',
    text: 'I dati di fatturazione scelti non esistono.',
  },
  rules: {
    code: 'msg.checkout.rules',
    text: 'Per confermare l’ordine devi accettare il regolamento e le condizioni di vendita.',
  },
  packagingNotFound: {
    code: 'msg.checkout.packagingNotFound',
    text: 'Il tipo di busta scelto non è disponibile.',
  },
  notPrepared: {
    code: 'msg.checkout.notPrepared',
    text: 'Conferma prima il riepilogo dell’ordine, poi procedi al pagamento.',
  },
  paymentType: ORDER_ACTIONS_TEXT.paymentType,
  paymentTypeNotOffered: ORDER_ACTIONS_TEXT.paymentTypeNotOffered,
  deferredNotAllowed: ORDER_ACTIONS_TEXT.deferredNotAllowed,
  freeDeliveryGone: {
    code: 'msg.premium.freeDeliveryGone',
    text: 'Le consegne gratuite della Carta Premium sono già state usate: la consegna ora si paga, controlla il riepilogo e conferma di nuovo.',
  },
  premiumProductChanged: {
    code: 'msg.premium.productChanged',
    text: 'Il prodotto scontato del 20% della Carta Premium è cambiato dopo il riepilogo: controlla i prezzi e conferma di nuovo.',
  },
  priceChanged: {
    code: 'msg.checkout.priceChanged',
    text: 'Il prezzo di alcuni prodotti è cambiato: controlla il riepilogo e conferma di nuovo.',
  },
  notAvailable: {
    code: 'msg.cart.availability.errors',
    text: 'non è più disponibile nella quantità richiesta.',
  },
  slotFull: {
    code: 'msg.checkout.slotFull',
    text: 'La fascia oraria scelta si è appena esaurita: scegline un’altra e conferma di nuovo.',
  },
  cartClosed: ORDER_ACTIONS_TEXT.cartClosed,
  cartNotLocked: { code: 'msg.checkout.cartNotLocked', text: 'Il carrello non è in fase di pagamento.' },
  orderNotFound: ORDERS_TEXT.orderNotFound,
  notEditable: ORDER_ACTIONS_TEXT.notEditable,
  mealVouchersTooMany: {
    code: 'msg.mealVouchers.tooMany',
    text: 'Puoi usare al massimo 8 buoni pasto per ordine.',
  },
  mealVouchersNone: {
    code: 'msg.mealVouchers.count',
    text: 'Indica quanti buoni pasto userai: da 1 a 8.',
  },
  mealVouchersFaceValue: {
    code: 'msg.mealVouchers.faceValue',
    text: 'Il valore di un buono pasto deve essere tra 1,00 € e 20,00 €.',
  },
  mealVouchersKind: {
    code: 'msg.mealVouchers.kind',
    text: 'Scegli il tipo di buoni pasto: illimitati o multiuso.',
  },
  mealVouchersMinSpend: {
    code: 'msg.mealVouchers.minSpend',
    text: 'I buoni pasto si possono usare solo con una spesa di almeno 100,00 € di prodotti.',
  },
  mealVouchersNoFood: {
    code: 'msg.mealVouchers.noFood',
    text: 'I buoni pasto si possono usare solo per i prodotti alimentari, e nel carrello non ce ne sono.',
  },
  mealVouchersAboveFood: {
    code: 'msg.mealVouchers.aboveFood',
    text: 'Il valore dei buoni pasto supera la spesa di prodotti alimentari: riduci il numero di buoni.',
  },
  mealVouchersWithInvoice: {
    code: 'msg.mealVouchers.invoice',
    text: 'Con i buoni pasto non si può richiedere la fattura: togli i buoni pasto o la richiesta di fattura.',
  },
  mealVouchersAboveTotal: ORDER_ACTIONS_TEXT.mealVouchersAboveTotal,
  busy: {
    code: 'msg.checkout.busy',
    text: 'Il servizio è molto richiesto in questo momento: riprova tra qualche istante.',
  },
} as const satisfies MessageTable;
export type CheckoutTextKey = keyof typeof CHECKOUT_TEXT;

export const CHECKOUT_INFO_TEXT = {
  giftAdded: 'Codice sconto applicato.',
  giftRemoved: 'Codice sconto rimosso.',
  prepared: 'Riepilogo confermato: scegli come pagare.',
  unlocked: 'Puoi modificare di nuovo il carrello.',
  ordered: (orderId: number) => `Ordine ${orderId} confermato.`,
  modified: (orderId: number) => `Ordine ${orderId} aggiornato.`,
} as const;
