/**
 * Texts of the delivery domain: [message code, Italian text]. The failure texts the spec fixes are quoted
 * from it (address deletion refused, section 8); the others are ours, in the same voice.
 */
export const DELIVERY_TEXT = {
  addressNotFound: ['msg.address.notFound', 'Indirizzo non trovato.'],
  addressInUse: [
    'msg.address.inUse',
    "Non è possibile eliminare l'indirizzo selezionato per la consegna della spesa.",
  ],
  addressNotEditable: [
    'msg.address.notEditable',
    'Solo gli indirizzi di casa possono essere modificati o eliminati.',
  ],
  outOfArea: [
    'msg.address.outOfArea',
    'Ci dispiace, la consegna a domicilio non è disponibile per questo indirizzo.',
  ],
  notValidated: [
    'msg.address.notValidated',
    'Indirizzo non verificato: il CAP non corrisponde al comune indicato.',
  ],
  capProvinceMismatch: ['msg.address.capProvince', 'Il CAP non appartiene alla provincia indicata.'],
  tooManyAddresses: ['msg.address.tooMany', 'Hai raggiunto il numero massimo di indirizzi (20).'],
  serviceNotAvailable: [
    'msg.address.serviceNotAvailable',
    'Il servizio scelto non è disponibile per questo indirizzo.',
  ],
  cartLocked: [
    'msg.cart.locked',
    "Non è possibile modificare l'indirizzo o la fascia oraria: l'ordine è in fase di conferma.",
  ],
  storeNotFound: ['msg.store.notFound', 'Negozio non trovato.'],
  elderlyNotEntitled: [
    'msg.address.elderlyNotEntitled',
    'Il servizio anziani è riservato ai clienti che ne hanno diritto.',
  ],
  elderlyWorkAddress: [
    'msg.address.elderlyWork',
    'Il servizio anziani non è disponibile per gli indirizzi di lavoro.',
  ],
  elderlyNotHome: [
    'msg.address.elderlyNotHome',
    'Il servizio anziani è disponibile solo per la consegna a domicilio.',
  ],
  elderlyAlready: [
    'msg.address.elderlyAlready',
    'Hai già un indirizzo per il servizio anziani: togli il servizio da quello prima di sceglierne un altro.',
  ],
  noAddress: ['msg.timeslot.noAddress', 'Scegli prima un indirizzo o un punto di ritiro.'],
  timeslotNotFound: ['msg.timeslot.notFound', 'Fascia oraria non trovata.'],
  timeslotNotAvailable: [
    'msg.timeslot.notAvailable',
    "La fascia oraria scelta non è disponibile: scegline un'altra.",
  ],
  noTimeslotAvailable: [
    'msg.timeslot.noneAvailable',
    'Tutte le fasce orarie sono prenotate: controlla i giorni successivi.',
  ],
  capNotFound: ['msg.geo.capNotFound', 'Nessun comune trovato per questo CAP.'],
  placeNotFound: ['msg.geo.placeNotFound', 'Nessun comune trovato.'],
  // infos (success toasts)
  addressSaved: ['msg.address.saved', 'Indirizzo salvato.'],
  addressDeleted: ['msg.address.deleted', 'Indirizzo eliminato.'],
  elderlySet: ['msg.address.elderlySet', 'Indirizzo impostato per il servizio anziani.'],
  elderlyRemoved: ['msg.address.elderlyRemoved', 'Servizio anziani tolto da questo indirizzo.'],
  favouriteStoreSet: ['msg.store.favourite', 'Negozio preferito aggiornato.'],
} as const satisfies Record<string, readonly [string, string]>;

export type DeliveryTextKey = keyof typeof DELIVERY_TEXT;
