import type { MessageTable } from '../../lib/result';

/** Texts of the ratings module: { code, text }, the message code (errors[].code) and the Italian text. */
export const RATINGS_TEXT = {
  productNotFound: { code: 'msg.rating.productNotFound', text: 'Prodotto non trovato.' },
  notBought: {
    code: 'msg.rating.notBought',
    text: 'Puoi votare solo i prodotti che hai ricevuto con un tuo ordine.',
  },
  alreadyVoted: {
    code: 'msg.rating.alreadyVoted',
    text: 'Hai già votato questo prodotto: il tuo voto non è stato cambiato.',
  },
  /** also the answer for a vote id that does not exist */
  voteNotFound: { code: 'msg.rating.voteNotFound', text: 'Voto non trovato.' },
  alreadyDecided: {
    code: 'msg.rating.alreadyDecided',
    text: 'Questo voto è già stato approvato o rifiutato.',
  },
} as const satisfies MessageTable;

export const RATINGS_INFO_TEXT = {
  counted: 'Grazie per il tuo voto.',
  pending: 'Grazie per il tuo voto: il commento sarà pubblicato dopo la verifica del servizio clienti.',
  approved: 'Voto approvato.',
  rejected: 'Voto rifiutato.',
} as const;
