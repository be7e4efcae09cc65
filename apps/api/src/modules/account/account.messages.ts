import { MFA_REQUIRED_CODE, MFA_RESENT_CODE } from '@spesa/shared/contracts/account';
import { MESSAGES } from '@spesa/shared/account/validation-rules';
import type { MessageTable } from '../../lib/result';

/** The account domain's Italian texts for the customer, with their codes (errors[].code): { code, text }. */
export const ACCOUNT_TEXT = {
  userNotFound: { code: 'msg.user.notFound', text: 'Utente non trovato.' },
  wrongCredentials: {
    code: 'msg.auth.wrongCredentials',
    text: 'Credenziali non valide: controlla e-mail o numero di carta e password.',
  },
  notConfirmed: {
    code: 'msg.auth.notConfirmed',
    text: 'Il tuo account non è ancora attivo: apri il link che ti abbiamo inviato via e-mail per confermare la registrazione.',
  },
  mfaRequired: {
    code: MFA_REQUIRED_CODE,
    text: "Ti abbiamo inviato un codice PIN via e-mail: inseriscilo per completare l'accesso.",
  },
  mfaResent: { code: MFA_RESENT_CODE, text: 'Ti abbiamo inviato un nuovo codice PIN via e-mail.' },
  mfaWrong: { code: 'msg.auth.mfaWrong', text: 'Il codice PIN non è corretto.' },
  mfaExpired: {
    code: 'msg.auth.mfaExpired',
    text: 'Il codice PIN è scaduto o non è più valido: richiedine uno nuovo.',
  },
  botCheck: {
    code: 'msg.auth.botCheck',
    text: 'Verifica di sicurezza non superata: ricarica la pagina e riprova.',
  },
  emailTaken: { code: 'msg.registration.emailTaken', text: 'Questo indirizzo e-mail è già registrato.' },
  usernameTaken: { code: 'msg.registration.usernameTaken', text: 'Questo nome utente non è disponibile.' },
  cardUnknown: {
    code: 'msg.registration.cardUnknown',
    text: 'Carta fedeltà non riconosciuta: controlla il numero e il cognome.',
  },
  cardLinked: {
    code: 'msg.registration.cardLinked',
    text: 'Questa carta fedeltà è già associata a un account.',
  },
  fiscalCodeInvalid: { code: 'msg.registration.fiscalCodeInvalid', text: 'Formato non corretto' },
  fiscalCodeMismatch: { code: 'msg.registration.fiscalCodeMismatch', text: MESSAGES.fiscalCodeMismatch },
  registered: {
    code: 'msg.registration.registered',
    text: "Registrazione completata: ti abbiamo inviato un'e-mail per confermare il tuo indirizzo.",
  },
  confirmInvalid: {
    code: 'msg.registration.confirmInvalid',
    text: 'Il link di conferma non è valido o è scaduto: richiedi una nuova e-mail.',
  },
  alreadyConfirmed: {
    code: 'msg.registration.alreadyConfirmed',
    text: 'Il tuo account è già attivo: puoi accedere.',
  },
  confirmed: { code: 'msg.registration.confirmed', text: 'Il tuo account è attivo: ora puoi accedere.' },
  resent: {
    code: 'msg.registration.resent',
    text: "Se l'indirizzo appartiene a un account da confermare, ti abbiamo inviato una nuova e-mail.",
  },
  oldPasswordWrong: { code: 'msg.password.oldWrong', text: 'La password attuale non è corretta.' },
  passwordSame: {
    code: 'msg.password.same',
    text: 'La nuova password deve essere diversa da quella attuale.',
  },
  passwordChanged: {
    code: 'msg.password.changed',
    text: 'Password aggiornata. Gli altri dispositivi sono stati disconnessi.',
  },
  resetRequested: {
    code: 'msg.password.resetRequested',
    text: "Se i dati corrispondono a un account, riceverai un'e-mail con le istruzioni per reimpostare la password.",
  },
  resetInvalid: {
    code: 'msg.password.resetInvalid',
    text: 'Il link non è valido o è scaduto: richiedi una nuova e-mail.',
  },
  resetDone: {
    code: 'msg.password.resetDone',
    text: 'Password reimpostata: ora puoi accedere con la nuova password.',
  },
  emailChangeSent: {
    code: 'msg.email.changeSent',
    text: "Ti abbiamo inviato un'e-mail al nuovo indirizzo: apri il link per confermare il cambio.",
  },
  emailChangeInvalid: {
    code: 'msg.email.changeInvalid',
    text: 'Il link non è valido o è scaduto: richiedi di nuovo il cambio di e-mail.',
  },
  emailChanged: { code: 'msg.email.changed', text: 'Indirizzo e-mail aggiornato.' },
  profileSaved: { code: 'msg.profile.saved', text: 'Dati salvati.' },
  anonymizeSent: {
    code: 'msg.anonymize.sent',
    text: "Ti abbiamo inviato un'e-mail con il codice per confermare la cancellazione dell'account.",
  },
  anonymizeInvalid: {
    code: 'msg.anonymize.invalid',
    text: 'Il codice non è valido o è scaduto: richiedine uno nuovo.',
  },
  anonymizePickup: {
    code: 'msg.anonymize.pickupPending',
    text: "Non è possibile cancellare l'account: hai un ordine in attesa di ritiro. Riprova dopo averlo ritirato o annullato.",
  },
  anonymized: { code: 'msg.anonymize.done', text: 'Il tuo account è stato cancellato.' },
  fiscalNotFound: { code: 'msg.personFiscal.notFound', text: 'Dati di fatturazione non trovati.' },
  fiscalTooMany: {
    code: 'msg.personFiscal.tooMany',
    text: 'Puoi salvare al massimo 10 intestazioni di fattura.',
  },
  disclaimerUnknown: { code: 'msg.disclaimer.unknown', text: 'Consenso non riconosciuto.' },
  disclaimerRequired: {
    code: 'msg.disclaimer.required',
    text: 'È obbligatorio accettare questo consenso per procedere',
  },
} as const satisfies MessageTable;

export type AccountTextKey = keyof typeof ACCOUNT_TEXT;
