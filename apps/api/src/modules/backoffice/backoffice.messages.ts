import type { MessageTable } from '../../lib/result';

/** The back office's refusals (decision 030). */
export const BACKOFFICE_TEXT = {
  badCredentials: {
    code: 'msg.admin.badCredentials',
    text: 'Credenziali non valide o utente non abilitato al back office.',
  },
  badCode: { code: 'msg.admin.badCode', text: 'Il codice non è valido o è già stato usato.' },
  enrolmentExpired: {
    code: 'msg.admin.enrolmentExpired',
    text: "L'attivazione è scaduta: accedi di nuovo per ricominciare.",
  },
  staleEdit: {
    code: 'msg.admin.staleEdit',
    text: 'Qualcun altro ha salvato questo elemento nel frattempo: ricarica e controlla le sue modifiche.',
  },
  storeNotFound: { code: 'msg.admin.storeNotFound', text: 'Punto vendita non trovato.' },
  notYourStore: {
    code: 'msg.admin.notYourStore',
    text: 'Questo punto vendita non è tra quelli che gestisci.',
  },
  productNotFound: { code: 'msg.admin.productNotFound', text: 'Prodotto non trovato.' },
  looseOnly: {
    code: 'msg.admin.rules.looseOnly',
    text: 'Solo un prodotto sfuso ha un peso iniziale e un passo: per questo prodotto indica i pezzi.',
  },
  piecesOnly: {
    code: 'msg.admin.rules.piecesOnly',
    text: 'Un prodotto sfuso si vende a peso: multipli di pezzi e cartoni non si applicano.',
  },
  boxMultiple: {
    code: 'msg.admin.rules.boxMultiple',
    text: 'Il cartone deve contenere un multiplo dei pezzi per confezione.',
  },
  lineBelowMin: {
    code: 'msg.admin.rules.lineBelowMin',
    text: 'Il massimo per riga non può essere inferiore alla quantità minima.',
  },
  bulkTooMany: {
    code: 'msg.admin.bulk.tooMany',
    text: 'La variazione tocca più di 500 prodotti: restringi la scelta (una categoria alla volta).',
  },
  bulkEmpty: { code: 'msg.admin.bulk.empty', text: 'Nessun prodotto corrisponde alla scelta.' },
  bulkChanged: {
    code: 'msg.admin.bulk.changed',
    text: "I prodotti scelti sono cambiati dopo l'anteprima: rifai l'anteprima e controlla.",
  },
  notAnImage: { code: 'msg.admin.image.invalid', text: 'Il file non è una foto JPEG, PNG o WebP.' },
  imageTooLarge: { code: 'msg.admin.image.tooLarge', text: 'La foto supera 8 MB: riducila e riprova.' },
  imageMissing: { code: 'msg.admin.image.missing', text: 'Scegli una foto da caricare.' },
  staffNotFound: { code: 'msg.admin.staffNotFound', text: 'Operatore non trovato.' },
  accountNotFound: {
    code: 'msg.admin.accountNotFound',
    text: 'Nessun account con questa e-mail: chi lavora nel back office si registra prima al negozio.',
  },
  alreadyStaff: { code: 'msg.admin.alreadyStaff', text: 'Questo account è già un operatore.' },
  notYourself: {
    code: 'msg.admin.notYourself',
    text: 'Non puoi togliere a te stesso il ruolo di amministratore né disattivarti: chiedilo a un altro amministratore.',
  },
  categoryNotFound: { code: 'msg.admin.categoryNotFound', text: 'Categoria non trovata.' },
  blockNotFound: { code: 'msg.admin.blockNotFound', text: 'Blocco non trovato.' },
  positionNotInGrid: {
    code: 'msg.admin.positionNotInGrid',
    text: 'La posizione non esiste nella griglia della pagina.',
  },
  positionInUse: {
    code: 'msg.admin.positionInUse',
    text: 'La griglia non può togliere posizioni che contengono blocchi: sposta o elimina prima i blocchi',
  },
  templateNotFound: { code: 'msg.admin.templateNotFound', text: 'Fascia oraria non trovata.' },
  promotionNotFound: { code: 'msg.admin.promotionNotFound', text: 'Promozione non trovata.' },
  notAReduction: {
    code: 'msg.admin.promotion.notAReduction',
    text: 'Il prezzo in promozione deve essere inferiore al prezzo di listino.',
  },
  notBelowPriorPrice: {
    code: 'msg.admin.promotion.notBelowPriorPrice',
    text: 'Il prezzo in promozione deve essere inferiore al prezzo più basso degli ultimi 30 giorni: altrimenti non è una riduzione.',
  },
  startsInThePast: {
    code: 'msg.admin.promotion.startsInThePast',
    text: 'La promozione non può iniziare in un giorno passato.',
  },
  tooLong: { code: 'msg.admin.promotion.tooLong', text: 'Una promozione dura al massimo 90 giorni.' },
  overlaps: {
    code: 'msg.admin.promotion.overlaps',
    text: 'Il prodotto ha già una promozione in alcuni di quei giorni.',
  },
  alreadyEnded: { code: 'msg.admin.promotion.ended', text: 'La promozione è già terminata.' },
  customerNotFound: { code: 'msg.admin.customerNotFound', text: 'Cliente non trovato.' },
  customerErased: {
    code: 'msg.admin.customerErased',
    text: 'I dati personali di questo cliente sono già stati cancellati.',
  },
  notAllowed: {
    code: 'msg.admin.notAllowed',
    text: 'Il tuo ruolo non consente questa operazione.',
  },
  signInRequired: { code: 'msg.admin.signInRequired', text: 'Accedi al back office per continuare.' },
} satisfies MessageTable;
