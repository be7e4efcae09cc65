import { ADDRESS_NOT_VALIDATED_CODE } from '@spesa/shared/contracts/delivery';
import type { MessageTable } from '../../lib/result';

/**
 * Texts of the delivery domain: { code, text }, the message code (errors[].code) and the Italian text.
 * The failure texts the spec fixes are quoted from it (address deletion refused, section 8); the others are
 * ours, in the same voice.
 */
export const DELIVERY_TEXT = {
  addressNotFound: { code: 'msg.address.notFound', text: 'Indirizzo non trovato.' },
  addressInUse: {
    code: 'msg.address.inUse',
    text: "Non è possibile eliminare l'indirizzo selezionato per la consegna della spesa.",
  },
  addressNotEditable: {
    code: 'msg.address.notEditable',
    text: 'Solo gli indirizzi di casa possono essere modificati o eliminati.',
  },
  workCodeUnknown: {
    code: 'msg.shopatwork.codeUnknown',
    text: 'Il codice aziendale non è valido o il servizio Spesa al lavoro non è attivo per la tua azienda.',
  },
  outOfArea: {
    code: 'msg.address.outOfArea',
    text: 'Ci dispiace, la consegna a domicilio non è disponibile per questo indirizzo.',
  },
  notValidated: {
    code: ADDRESS_NOT_VALIDATED_CODE,
    text: 'Indirizzo non verificato: il CAP non corrisponde al comune indicato.',
  },
  capProvinceMismatch: {
    code: 'msg.address.capProvince',
    text: 'Il CAP non appartiene alla provincia indicata.',
  },
  tooManyAddresses: {
    code: 'msg.address.tooMany',
    text: 'Hai raggiunto il numero massimo di indirizzi (20).',
  },
  serviceNotAvailable: {
    code: 'msg.address.serviceNotAvailable',
    text: 'Il servizio scelto non è disponibile per questo indirizzo.',
  },
  cartLocked: {
    code: 'msg.cart.locked',
    text: "Non è possibile modificare l'indirizzo o la fascia oraria: l'ordine è in fase di conferma.",
  },
  storeNotFound: { code: 'msg.store.notFound', text: 'Negozio non trovato.' },
  elderlyNotEntitled: {
    code: 'msg.address.elderlyNotEntitled',
    text: 'Il servizio anziani è riservato ai clienti che ne hanno diritto.',
  },
  elderlyWorkAddress: {
    code: 'msg.address.elderlyWork',
    text: 'Il servizio anziani non è disponibile per gli indirizzi di lavoro.',
  },
  elderlyNotHome: {
    code: 'msg.address.elderlyNotHome',
    text: 'Il servizio anziani è disponibile solo per la consegna a domicilio.',
  },
  elderlyAlready: {
    code: 'msg.address.elderlyAlready',
    text: 'Hai già un indirizzo per il servizio anziani: togli il servizio da quello prima di sceglierne un altro.',
  },
  noAddress: { code: 'msg.timeslot.noAddress', text: 'Scegli prima un indirizzo o un punto di ritiro.' },
  timeslotNotFound: { code: 'msg.timeslot.notFound', text: 'Fascia oraria non trovata.' },
  timeslotNotAvailable: {
    code: 'msg.timeslot.notAvailable',
    text: "La fascia oraria scelta non è disponibile: scegline un'altra.",
  },
  noTimeslotAvailable: {
    code: 'msg.timeslot.noneAvailable',
    text: 'Tutte le fasce orarie sono prenotate: controlla i giorni successivi.',
  },
  capNotFound: { code: 'msg.geo.capNotFound', text: 'Nessun comune trovato per questo CAP.' },
  placeNotFound: { code: 'msg.geo.placeNotFound', text: 'Nessun comune trovato.' },
  // infos (success toasts)
  addressSaved: { code: 'msg.address.saved', text: 'Indirizzo salvato.' },
  addressDeleted: { code: 'msg.address.deleted', text: 'Indirizzo eliminato.' },
  elderlySet: { code: 'msg.address.elderlySet', text: 'Indirizzo impostato per il servizio anziani.' },
  elderlyRemoved: { code: 'msg.address.elderlyRemoved', text: 'Servizio anziani tolto da questo indirizzo.' },
  favouriteStoreSet: { code: 'msg.store.favourite', text: 'Negozio preferito aggiornato.' },
} as const satisfies MessageTable;

/** Infos of the delivery module that name something. */
export const DELIVERY_INFO_TEXT = {
  workSubscribed: (company: string) =>
    `Sei iscritto a Spesa al lavoro con ${company}: scegli l'indirizzo dell'azienda per ricevere la spesa in ufficio.`,
} as const;

export type DeliveryTextKey = keyof typeof DELIVERY_TEXT;
