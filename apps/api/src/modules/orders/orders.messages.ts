import type { MessageTable } from '../../lib/result';

/** Texts of the orders module: { code, text }, the message code (errors[].code) and the Italian text. */
export const ORDERS_TEXT = {
  /** also the answer for another customer's order: the two cannot be told apart */
  orderNotFound: { code: 'msg.order.notFound', text: 'Ordine non trovato.' },
  tokenInvalid: {
    code: 'msg.order.tokenInvalid',
    text: 'Il link per vedere l’ordine non è valido o è scaduto. Accedi al tuo account per vedere i tuoi ordini.',
  },
  noteNotDelivered: {
    code: 'msg.order.noteNotDelivered',
    text: 'Puoi valutare un ordine solo dopo averlo ricevuto.',
  },
  noteExists: {
    code: 'msg.order.noteExists',
    text: 'Hai già valutato questo ordine: puoi modificare la tua valutazione.',
  },
  noteNotFound: { code: 'msg.order.noteNotFound', text: 'Valutazione non trovata.' },
  reorderEmpty: {
    code: 'msg.order.reorderEmpty',
    text: 'Nessun prodotto di questo ordine è ancora disponibile: non è stato aggiunto nulla al carrello.',
  },
  pickNotAllowed: {
    code: 'msg.staff.pickNotAllowed',
    text: 'Le quantità si registrano solo mentre l’ordine è in preparazione.',
  },
  itemNotFound: { code: 'msg.staff.itemNotFound', text: 'Riga dell’ordine non trovata.' },
  tooMuch: { code: 'msg.staff.tooMuch', text: 'La quantità preparata non può superare quella ordinata.' },
  substituteNotAllowed: {
    code: 'msg.staff.substituteNotAllowed',
    text: 'Il cliente non ha accettato prodotti alternativi per questa riga.',
  },
  substituteNotFound: { code: 'msg.staff.substituteNotFound', text: 'Prodotto sostitutivo non trovato.' },
  substituteSame: {
    code: 'msg.staff.substituteSame',
    text: 'Il prodotto sostitutivo deve essere diverso da quello ordinato.',
  },
  notAllPicked: {
    code: 'msg.staff.notAllPicked',
    text: 'Registra tutte le righe dell’ordine prima di segnarlo come preparato.',
  },
  captureFailed: {
    code: 'msg.staff.captureFailed',
    text: 'L’addebito non è riuscito: l’ordine resta in preparazione. Riprova o contatta l’assistenza pagamenti.',
  },
  holdLapsed: {
    code: 'msg.staff.holdLapsed',
    text: 'L’autorizzazione sulla carta è scaduta e la carta non si può addebitare senza il cliente (non è salvata, o la banca chiede la sua conferma): l’ordine resta in preparazione. L’assistenza pagamenti deve chiedere al cliente un nuovo pagamento.',
  },
  providerMissing: {
    code: 'msg.staff.providerMissing',
    text: 'Il sistema di pagamento di questo ordine non è disponibile: riprova più tardi.',
  },
  authorizationMissing: {
    code: 'msg.staff.authorizationMissing',
    text: 'L’ordine non ha un pagamento autorizzato da addebitare.',
  },
  parkingNotDrive: {
    code: 'msg.order.parkingNotDrive',
    text: 'Il parcheggio si prenota solo per gli ordini con ritiro in negozio (Drive).',
  },
  parkingNotReady: {
    code: 'msg.order.parkingNotReady',
    text: 'Puoi avvisarci del tuo arrivo quando l’ordine è in preparazione o pronto per il ritiro.',
  },
  parkingNotToday: {
    code: 'msg.order.parkingNotToday',
    text: 'Puoi avvisarci del tuo arrivo solo nel giorno del ritiro.',
  },
} as const satisfies MessageTable;

/** Refusals of the customer's order actions (cancel, edit, retry a payment, change its type); the purchase shares some. */
export const ORDER_ACTIONS_TEXT = {
  notEditable: {
    code: 'msg.order.notEditable',
    text: 'L’ordine è già in preparazione e non può più essere modificato.',
  },
  notCancellable: {
    code: 'msg.order.notCancellable',
    text: 'L’ordine è già in preparazione e non può più essere annullato.',
  },
  cannotRetry: { code: 'msg.order.cannotRetry', text: 'Per questo ordine non c’è un pagamento da ripetere.' },
  cannotChangePayment: {
    code: 'msg.order.cannotChangePayment',
    text: 'Il metodo di pagamento di questo ordine non può più essere cambiato.',
  },
  editingOther: {
    code: 'msg.order.editingOther',
    text: 'Stai già modificando un altro ordine: completa o annulla quella modifica prima.',
  },
  cartClosed: {
    code: 'msg.checkout.cartClosed',
    text: 'Il carrello è cambiato nel frattempo: ricarica la pagina.',
  },
  paymentType: { code: 'msg.checkout.paymentType', text: 'Il metodo di pagamento scelto non è disponibile.' },
  /** a known type this shop does not take now (no provider for it, or online payment off: decision 084) */
  paymentTypeNotOffered: {
    code: 'msg.checkout.paymentTypeNotOffered',
    text: 'Questo metodo di pagamento non è disponibile nel nostro negozio: scegline uno tra quelli proposti, per esempio il pagamento alla consegna.',
  },
  retryNotOffered: {
    code: 'msg.order.retryNotOffered',
    text: 'Il pagamento online non è disponibile in questo momento: puoi cambiare il metodo di pagamento dell’ordine e scegliere il pagamento alla consegna.',
  },
  deferredNotAllowed: {
    code: 'msg.checkout.deferredNotAllowed',
    text: 'Il pagamento differito è riservato ai clienti aziendali.',
  },
  walletAboveTotal: {
    code: 'msg.wallet.aboveTotal',
    text: "L'importo da pagare con il portafoglio supera il totale dell'ordine.",
  },
  mealVouchersAboveTotal: {
    code: 'msg.mealVouchers.aboveTotal',
    text: "I buoni pasto e il portafoglio insieme superano il totale dell'ordine.",
  },
} as const satisfies MessageTable;

export const ORDER_ACTIONS_INFO_TEXT = {
  editing: (orderId: number) =>
    `Stai modificando l’ordine ${orderId}: cambia i prodotti e conferma di nuovo per aggiornarlo.`,
  paymentTypeChanged: 'Metodo di pagamento aggiornato.',
} as const;

export const ORDERS_INFO_TEXT = {
  parkingSaved: (orderId: number, info: string) =>
    `Grazie! Il punto vendita sa che stai arrivando per l’ordine ${orderId} (${info}): ti aspettiamo.`,
  parkingUpdated: (orderId: number, info: string) =>
    `Dati del tuo arrivo aggiornati per l’ordine ${orderId} (${info}).`,
  noteSaved: 'Grazie per la tua valutazione.',
  noteUpdated: 'Valutazione aggiornata.',
  /** cart.productsAddFromOrder */
  productsAddFromOrder: (n: number, orderId: number) =>
    n === 1
      ? `Aggiunto al carrello 1 prodotto dell’ordine ${orderId}.`
      : `Aggiunti al carrello ${n} prodotti dell’ordine ${orderId}.`,
  picked: 'Riga registrata.',
  started: 'Preparazione iniziata.',
  prepared: (amount: string) => `Ordine preparato: addebitati ${amount}.`,
  preparedOnDelivery: (amount: string) => `Ordine preparato: da pagare alla consegna ${amount}.`,
  mealVouchers: (count: number, amount: string) =>
    `Buoni pasto da ritirare alla consegna o al ritiro: ${count} (${amount}).`,
  walletBack: (amount: string) =>
    `Restituiti ${amount} al portafoglio del cliente (prodotti non consegnati).`,
  capped: 'L’importo reale supera l’autorizzazione: addebitato solo l’importo autorizzato.',
  statusChanged: (label: string) => `Stato dell’ordine aggiornato: ${label}.`,
} as const;

/** "12,50 €": the formatter made once (building one costs far more than using it). */
const EURO = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
export const formatEuro = (cents: number): string => EURO.format(cents / 100);

/** The staff's message for a capture the provider refused: a lapsed hold is told apart (decision 083). */
export const captureRefusal = (code: string | undefined) =>
  code === 'hold_lapsed' ? ORDERS_TEXT.holdLapsed : ORDERS_TEXT.captureFailed;
