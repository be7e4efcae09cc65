import type { MessageTable } from '../../lib/result';

/** Texts of the forms module (decision 051): { code, text }, the code the client switches on and the Italian text. */
export const FORMS_TEXT = {
  /** also the answer for an inactive form */
  notFound: { code: 'msg.form.notFound', text: 'Modulo non trovato.' },
  loginRequired: {
    code: 'msg.form.loginRequired',
    text: 'Per compilare questo modulo accedi al tuo account.',
  },
  nonceInvalid: {
    code: 'msg.form.nonceInvalid',
    text: 'Il modulo non è più valido: ricarica la pagina e compilalo di nuovo.',
  },
  nonceExpired: {
    code: 'msg.form.nonceExpired',
    text: 'Il modulo è scaduto: ricarica la pagina e compilalo di nuovo.',
  },
  nonceUsed: {
    code: 'msg.form.nonceUsed',
    text: 'Questo modulo è già stato inviato. Per una nuova richiesta ricarica la pagina.',
  },
  invalid: { code: 'msg.form.invalid', text: 'La form non è stata compilata correttamente' },
  tooLong: { code: 'msg.form.tooLong', text: 'Il modulo contiene troppo testo: accorcia le risposte.' },
  badAction: { code: 'msg.form.badAction', text: 'Richiesta non riconosciuta.' },
  notMultipart: { code: 'msg.form.notMultipart', text: 'Il modulo va inviato come multipart/form-data.' },
  fieldNotUpload: { code: 'msg.form.fieldNotUpload', text: 'Questo campo non accetta file.' },
  fileMissing: { code: 'msg.form.fileMissing', text: 'Scegli un file da allegare.' },
  fileTooLarge: { code: 'msg.form.fileTooLarge', text: 'Il file supera i 2 MB consentiti.' },
  fileType: {
    code: 'msg.form.fileType',
    text: 'Tipo di file non consentito: il contenuto del file non corrisponde ai formati accettati.',
  },
  fileName: {
    code: 'msg.form.fileName',
    text: 'Il nome del file non è valido: rinominalo usando solo lettere, numeri, punti e trattini.',
  },
  tooManyFiles: { code: 'msg.form.tooManyFiles', text: 'Hai già allegato il numero massimo di file.' },
  fileUnknown: {
    code: 'msg.form.fileUnknown',
    text: 'Un allegato non è stato trovato: caricalo di nuovo.',
  },
  cardNotYours: {
    code: 'msg.form.cardNotYours',
    text: 'La carta indicata non è collegata al tuo account.',
  },
  submissionNotFound: { code: 'msg.form.submissionNotFound', text: 'Richiesta non trovata.' },
  noCard: {
    code: 'msg.form.noCard',
    text: 'Per aggiornare i dati della carta serve una carta fedeltà collegata al tuo account.',
  },
} as const satisfies MessageTable;
