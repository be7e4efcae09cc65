/** Texts of the orders module: [message code, Italian text] (decision 018). */
export const ORDERS_TEXT = {
  /** also the answer for another customer's order: the two cannot be told apart */
  orderNotFound: ['msg.order.notFound', 'Ordine non trovato.'],
  tokenInvalid: [
    'msg.order.tokenInvalid',
    'Il link per vedere l’ordine non è valido o è scaduto. Accedi al tuo account per vedere i tuoi ordini.',
  ],
  noteNotDelivered: ['msg.order.noteNotDelivered', 'Puoi valutare un ordine solo dopo averlo ricevuto.'],
  noteExists: ['msg.order.noteExists', 'Hai già valutato questo ordine: puoi modificare la tua valutazione.'],
  noteNotFound: ['msg.order.noteNotFound', 'Valutazione non trovata.'],
  reorderEmpty: [
    'msg.order.reorderEmpty',
    'Nessun prodotto di questo ordine è ancora disponibile: non è stato aggiunto nulla al carrello.',
  ],
  staffOnly: ['msg.staff.forbidden', 'Funzione riservata al personale del negozio.'],
  pickNotAllowed: [
    'msg.staff.pickNotAllowed',
    'Le quantità si registrano solo mentre l’ordine è in preparazione.',
  ],
  itemNotFound: ['msg.staff.itemNotFound', 'Riga dell’ordine non trovata.'],
  tooMuch: ['msg.staff.tooMuch', 'La quantità preparata non può superare quella ordinata.'],
  substituteNotAllowed: [
    'msg.staff.substituteNotAllowed',
    'Il cliente non ha accettato prodotti alternativi per questa riga.',
  ],
  substituteNotFound: ['msg.staff.substituteNotFound', 'Prodotto sostitutivo non trovato.'],
  substituteSame: [
    'msg.staff.substituteSame',
    'Il prodotto sostitutivo deve essere diverso da quello ordinato.',
  ],
  notAllPicked: [
    'msg.staff.notAllPicked',
    'Registra tutte le righe dell’ordine prima di segnarlo come preparato.',
  ],
  captureFailed: [
    'msg.staff.captureFailed',
    'L’addebito non è riuscito: l’ordine resta in preparazione. Riprova o contatta l’assistenza pagamenti.',
  ],
  providerMissing: [
    'msg.staff.providerMissing',
    'Il sistema di pagamento di questo ordine non è disponibile: riprova più tardi.',
  ],
  authorizationMissing: [
    'msg.staff.authorizationMissing',
    'L’ordine non ha un pagamento autorizzato da addebitare.',
  ],
} as const satisfies Record<string, readonly [string, string]>;

export const ORDERS_INFO_TEXT = {
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
  capped: 'L’importo reale supera l’autorizzazione: addebitato solo l’importo autorizzato.',
  statusChanged: (label: string) => `Stato dell’ordine aggiornato: ${label}.`,
} as const;

export const formatEuro = (cents: number): string =>
  new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(cents / 100);
