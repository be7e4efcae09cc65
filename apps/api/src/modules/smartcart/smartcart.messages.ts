import { ITEM_CODE_TEXT } from '@spesa/shared/smartcart/item-code';
import type { MessageTable } from '../../lib/result';

/** Texts of self-scanning: { code, text }, the message code (errors[].code) and the Italian text. */
export const SMART_CART_TEXT = {
  ...ITEM_CODE_TEXT,
  storeNotEnabled: {
    code: 'msg.smartcart.storeNotEnabled',
    text: 'Il self-scanning non è disponibile in questo negozio.',
  },
  otherStore: {
    code: 'msg.smartcart.otherStore',
    text: 'Hai una spesa self-scanning in corso in un altro negozio: concludila o annullala prima di iniziarne una nuova.',
  },
  noSession: {
    code: 'msg.smartcart.noSession',
    text: 'Nessuna spesa self-scanning in corso: inquadra o scegli il negozio per iniziare.',
  },
  itemNotFound: { code: 'msg.smartcart.itemNotFound', text: 'Il prodotto non è presente nella spesa.' },
  notSoldHere: {
    code: 'msg.smartcart.notSoldHere',
    text: 'Questo prodotto non è in vendita in questo negozio.',
  },
  weightRequired: {
    code: 'msg.smartcart.weightRequired',
    text: 'Prodotto sfuso: scansiona l’etichetta della bilancia del reparto.',
  },
  quantityInvalid: {
    code: 'msg.smartcart.quantityInvalid',
    text: 'Quantità non valida: indica un numero intero di pezzi, da 1 a 99.',
  },
  weightInvalid: {
    code: 'msg.smartcart.weightInvalid',
    text: 'Peso non valido: indica un peso tra 0,001 e 50 kg.',
  },
  labelNotWeighed: {
    code: 'msg.smartcart.labelNotWeighed',
    text: 'L’etichetta della bilancia è per i prodotti sfusi: questo articolo non si pesa.',
  },
  weighedFixed: {
    code: 'msg.smartcart.weighedFixed',
    text: 'Il peso è quello dell’etichetta della bilancia: per cambiarlo rimuovi il prodotto e pesalo di nuovo.',
  },
  ended: {
    code: 'msg.smartcart.ended',
    text: 'La spesa è conclusa: mostra il codice alla cassa, oppure annullala.',
  },
  empty: { code: 'msg.smartcart.empty', text: 'La spesa è vuota: scansiona almeno un prodotto.' },
  infoInvalid: { code: 'msg.smartcart.infoInvalid', text: 'Informazione della spesa non valida.' },
  docInvalid: {
    code: 'msg.smartcart.docInvalid',
    text: 'Codice fiscale o partita IVA non valido.',
  },
  listNotFound: { code: 'msg.smartcart.listNotFound', text: 'Lista non trovata.' },
  tillUnknown: {
    code: 'msg.smartcart.tillUnknown',
    text: 'Sistema di cassa non riconosciuto: controlla l’identificativo e la chiave.',
  },
  tooManyFailures: {
    code: 'msg.smartcart.tooManyFailures',
    text: 'Troppi tentativi non riusciti: riprova più tardi.',
  },
  tillCodeUnknown: {
    code: 'msg.smartcart.tillCodeUnknown',
    text: 'Codice della spesa non riconosciuto.',
  },
  tillOtherStore: {
    code: 'msg.smartcart.tillOtherStore',
    text: 'Questa spesa self-scanning è di un altro negozio.',
  },
  tillNotEnded: {
    code: 'msg.smartcart.tillNotEnded',
    text: 'Questa spesa self-scanning non è conclusa o è già stata pagata.',
  },
  rescanNotFlagged: {
    code: 'msg.smartcart.rescanNotFlagged',
    text: 'Questa spesa self-scanning non è tra quelle da ricontrollare: nessun esito da registrare.',
  },
  rescanReported: {
    code: 'msg.smartcart.rescanReported',
    text: 'L’esito del controllo di questa spesa è già stato registrato con dati diversi.',
  },
  storeNotFound: { code: 'msg.smartcart.storeNotFound', text: 'Punto vendita non trovato.' },
  notYourStore: {
    code: 'msg.smartcart.notYourStore',
    text: 'Questo punto vendita non è tra quelli che gestisci.',
  },
  staleEdit: {
    code: 'msg.smartcart.staleEdit',
    text: 'Qualcun altro ha salvato queste impostazioni nel frattempo: ricarica e controlla le sue modifiche.',
  },
  busy: { code: 'msg.smartcart.busy', text: 'La spesa è stata modificata nello stesso momento: riprova.' },
} as const satisfies MessageTable;

export const SMART_CART_INFO_TEXT = {
  added: (what: string) => `Aggiunto: ${what}.`,
  replayed: 'Scansione già registrata.',
  updated: 'Quantità aggiornata.',
  removed: 'Prodotto rimosso.',
  ended: 'Spesa conclusa: mostra il codice alla cassa.',
  cancelled: 'Spesa annullata.',
  reminders: 'Lista importata come promemoria.',
} as const;
