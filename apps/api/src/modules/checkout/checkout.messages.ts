import { GIFT_CODE_INVALID_TEXT } from '@spesa/shared/contracts/checkout';

/** Checkout texts (Italian, for the customer) and their message keys. */
export const CHECKOUT_TEXT = {
  giftInvalid: ['msg.giftcertificate.invalid', GIFT_CODE_INVALID_TEXT],
  giftNotInCart: ['msg.giftcertificate.notInCart', 'Il codice sconto non è applicato a questo carrello.'],
  emptyCart: ['msg.checkout.emptyCart', 'Il carrello è vuoto: aggiungi almeno un prodotto.'],
  unavailableLines: [
    'msg.cart.availability.errors',
    'Alcuni prodotti non sono più disponibili: rimuovili dal carrello per continuare.',
  ],
  noAddress: ['msg.checkout.noAddress', 'Scegli un indirizzo di consegna o un punto di ritiro.'],
  noTimeslot: ['msg.checkout.noTimeslot', 'Scegli una fascia oraria per la consegna o il ritiro.'],
  personalData: [
    'msg.checkout.personalData',
    'Per pagare servono tutti i dati personali: completa nome, cognome, codice fiscale e telefono nel tuo profilo.',
  ],
  invoiceAndLottery: [
    'msg.checkout.invoiceAndLottery',
    'Il codice lotteria degli scontrini non può essere usato se richiedi la fattura.',
  ],
  invoiceMissing: [
    'msg.checkout.invoiceMissing',
    'Per richiedere la fattura inserisci i dati di fatturazione o scegline uno salvato.',
  ],
  personFiscalNotFound: ['msg.checkout.personFiscalNotFound', 'I dati di fatturazione scelti non esistono.'],
  rules: [
    'msg.checkout.rules',
    'Per confermare l’ordine devi accettare il regolamento e le condizioni di vendita.',
  ],
  packagingNotFound: ['msg.checkout.packagingNotFound', 'Il tipo di busta scelto non è disponibile.'],
  notPrepared: [
    'msg.checkout.notPrepared',
    'Conferma prima il riepilogo dell’ordine, poi procedi al pagamento.',
  ],
  paymentType: ['msg.checkout.paymentType', 'Il metodo di pagamento scelto non è disponibile.'],
  deferredNotAllowed: [
    'msg.checkout.deferredNotAllowed',
    'Il pagamento differito è riservato ai clienti aziendali.',
  ],
  priceChanged: [
    'msg.checkout.priceChanged',
    'Il prezzo di alcuni prodotti è cambiato: controlla il riepilogo e conferma di nuovo.',
  ],
  notAvailable: ['msg.cart.availability.errors', 'non è più disponibile nella quantità richiesta.'],
  slotFull: [
    'msg.checkout.slotFull',
    'La fascia oraria scelta si è appena esaurita: scegline un’altra e conferma di nuovo.',
  ],
  cartClosed: ['msg.checkout.cartClosed', 'Il carrello è cambiato nel frattempo: ricarica la pagina.'],
  cartNotLocked: ['msg.checkout.cartNotLocked', 'Il carrello non è in fase di pagamento.'],
  orderNotFound: ['msg.order.notFound', 'Ordine non trovato.'],
  notEditable: ['msg.order.notEditable', 'L’ordine è già in preparazione e non può più essere modificato.'],
  notCancellable: [
    'msg.order.notCancellable',
    'L’ordine è già in preparazione e non può più essere annullato.',
  ],
  cannotRetry: ['msg.order.cannotRetry', 'Per questo ordine non c’è un pagamento da ripetere.'],
  cannotChangePayment: [
    'msg.order.cannotChangePayment',
    'Il metodo di pagamento di questo ordine non può più essere cambiato.',
  ],
  editingOther: [
    'msg.order.editingOther',
    'Stai già modificando un altro ordine: completa o annulla quella modifica prima.',
  ],
  busy: [
    'msg.checkout.busy',
    'Il servizio è molto richiesto in questo momento: riprova tra qualche istante.',
  ],
} as const;
export type CheckoutTextKey = keyof typeof CHECKOUT_TEXT;

export const CHECKOUT_INFO_TEXT = {
  giftAdded: 'Codice sconto applicato.',
  giftRemoved: 'Codice sconto rimosso.',
  prepared: 'Riepilogo confermato: scegli come pagare.',
  unlocked: 'Puoi modificare di nuovo il carrello.',
  ordered: (orderId: number) => `Ordine ${orderId} confermato.`,
  modified: (orderId: number) => `Ordine ${orderId} aggiornato.`,
  editing: (orderId: number) =>
    `Stai modificando l’ordine ${orderId}: cambia i prodotti e conferma di nuovo per aggiornarlo.`,
  paymentTypeChanged: 'Metodo di pagamento aggiornato.',
} as const;
