/** The account domain's Italian texts for the customer, with their codes (errors[].code). */
export const ACCOUNT_TEXT = {
  wrongCredentials: [
    'msg.auth.wrongCredentials',
    'Credenziali non valide: controlla e-mail o numero di carta e password.',
  ],
  notConfirmed: [
    'msg.auth.notConfirmed',
    'Il tuo account non è ancora attivo: apri il link che ti abbiamo inviato via e-mail per confermare la registrazione.',
  ],
  mfaRequired: [
    'msg.auth.mfaRequired',
    "Ti abbiamo inviato un codice PIN via e-mail: inseriscilo per completare l'accesso.",
  ],
  mfaResent: ['msg.auth.mfaResent', 'Ti abbiamo inviato un nuovo codice PIN via e-mail.'],
  mfaWrong: ['msg.auth.mfaWrong', 'Il codice PIN non è corretto.'],
  mfaExpired: ['msg.auth.mfaExpired', 'Il codice PIN è scaduto o non è più valido: richiedine uno nuovo.'],
  botCheck: ['msg.auth.botCheck', 'Verifica di sicurezza non superata: ricarica la pagina e riprova.'],
  emailTaken: ['msg.registration.emailTaken', 'Questo indirizzo e-mail è già registrato.'],
  usernameTaken: ['msg.registration.usernameTaken', 'Questo nome utente non è disponibile.'],
  cardUnknown: [
    'msg.registration.cardUnknown',
    'Carta fedeltà non riconosciuta: controlla il numero e il cognome.',
  ],
  cardLinked: ['msg.registration.cardLinked', 'Questa carta fedeltà è già associata a un account.'],
  fiscalCodeInvalid: ['msg.registration.fiscalCodeInvalid', 'Formato non corretto'],
  fiscalCodeMismatch: [
    'msg.registration.fiscalCodeMismatch',
    'Il codice fiscale non corrisponde ai dati anagrafici.',
  ],
  registered: [
    'msg.registration.registered',
    "Registrazione completata: ti abbiamo inviato un'e-mail per confermare il tuo indirizzo.",
  ],
  confirmInvalid: [
    'msg.registration.confirmInvalid',
    'Il link di conferma non è valido o è scaduto: richiedi una nuova e-mail.',
  ],
  alreadyConfirmed: ['msg.registration.alreadyConfirmed', 'Il tuo account è già attivo: puoi accedere.'],
  confirmed: ['msg.registration.confirmed', 'Il tuo account è attivo: ora puoi accedere.'],
  resent: [
    'msg.registration.resent',
    "Se l'indirizzo appartiene a un account da confermare, ti abbiamo inviato una nuova e-mail.",
  ],
  oldPasswordWrong: ['msg.password.oldWrong', 'La password attuale non è corretta.'],
  passwordSame: ['msg.password.same', 'La nuova password deve essere diversa da quella attuale.'],
  passwordChanged: [
    'msg.password.changed',
    'Password aggiornata. Gli altri dispositivi sono stati disconnessi.',
  ],
  resetRequested: [
    'msg.password.resetRequested',
    "Se i dati corrispondono a un account, riceverai un'e-mail con le istruzioni per reimpostare la password.",
  ],
  resetInvalid: ['msg.password.resetInvalid', 'Il link non è valido o è scaduto: richiedi una nuova e-mail.'],
  resetDone: ['msg.password.resetDone', 'Password reimpostata: ora puoi accedere con la nuova password.'],
  emailChangeSent: [
    'msg.email.changeSent',
    "Ti abbiamo inviato un'e-mail al nuovo indirizzo: apri il link per confermare il cambio.",
  ],
  emailChangeInvalid: [
    'msg.email.changeInvalid',
    'Il link non è valido o è scaduto: richiedi di nuovo il cambio di e-mail.',
  ],
  emailChanged: ['msg.email.changed', 'Indirizzo e-mail aggiornato.'],
  profileSaved: ['msg.profile.saved', 'Dati salvati.'],
  anonymizeSent: [
    'msg.anonymize.sent',
    "Ti abbiamo inviato un'e-mail con il codice per confermare la cancellazione dell'account.",
  ],
  anonymizeInvalid: ['msg.anonymize.invalid', 'Il codice non è valido o è scaduto: richiedine uno nuovo.'],
  anonymizePickup: [
    'msg.anonymize.pickupPending',
    "Non è possibile cancellare l'account: hai un ordine in attesa di ritiro. Riprova dopo averlo ritirato o annullato.",
  ],
  anonymized: ['msg.anonymize.done', 'Il tuo account è stato cancellato.'],
  fiscalNotFound: ['msg.personFiscal.notFound', 'Dati di fatturazione non trovati.'],
  fiscalTooMany: ['msg.personFiscal.tooMany', 'Puoi salvare al massimo 10 intestazioni di fattura.'],
  disclaimerUnknown: ['msg.disclaimer.unknown', 'Consenso non riconosciuto.'],
  disclaimerRequired: ['msg.disclaimer.required', 'È obbligatorio accettare questo consenso per procedere'],
} as const satisfies Record<string, readonly [string, string]>;

export type AccountTextKey = keyof typeof ACCOUNT_TEXT;
