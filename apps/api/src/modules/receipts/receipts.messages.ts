import type { MessageTable } from '../../lib/result';

/** Texts of the receipts module: { code, text }, the message code (errors[].code) and the Italian text. */
export const RECEIPTS_TEXT = {
  /** also the answer for another customer's receipt: the two cannot be told apart */
  notFound: { code: 'msg.receipt.notFound', text: 'Scontrino non trovato.' },
  datesReversed: {
    code: 'msg.receipt.datesReversed',
    text: 'La data di inizio non può essere successiva alla data di fine.',
  },
  rangeTooLong: {
    code: 'msg.receipt.rangeTooLong',
    text: 'Puoi cercare al massimo un anno alla volta: restringi le date.',
  },
  dateInFuture: { code: 'msg.receipt.dateInFuture', text: 'La data di inizio non può essere nel futuro.' },
  dateTooOld: {
    code: 'msg.receipt.dateTooOld',
    text: 'Le date devono essere successive al 1° gennaio 2000.',
  },
  noCard: {
    code: 'msg.receipt.noCard',
    text: 'Per ricevere lo scontrino digitale serve una carta fedeltà collegata al tuo account.',
  },
  tillUnknown: {
    code: 'msg.receipt.tillUnknown',
    text: 'Sistema di cassa non riconosciuto: controlla l’identificativo e la chiave.',
  },
  totalMismatch: {
    code: 'msg.receipt.totalMismatch',
    text: 'Il totale dello scontrino non corrisponde alla somma delle righe.',
  },
  documentConflict: {
    code: 'msg.receipt.documentConflict',
    text: 'Questo numero di documento è già stato usato per uno scontrino diverso.',
  },
  tooManyFailures: {
    code: 'msg.receipt.tooManyFailures',
    text: 'Troppi tentativi non riusciti: riprova più tardi.',
  },
} as const satisfies MessageTable;
