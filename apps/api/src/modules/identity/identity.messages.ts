import type { MessageTable } from '../../lib/result';

/** The identity module's refusals (decision 054), in Italian. */
export const IDENTITY_TEXT = {
  providerUnknown: {
    code: 'msg.identity.providerUnknown',
    text: 'Il servizio di accesso indicato non è disponibile.',
  },
  relayForeign: {
    code: 'msg.identity.relayForeign',
    text: "L'indirizzo di ritorno non è una pagina del negozio.",
  },
  stateInvalid: {
    code: 'msg.identity.stateInvalid',
    text: "L'accesso non è più valido o è già stato usato: riprova dal pulsante di accesso.",
  },
  otherBrowser: {
    code: 'msg.identity.otherBrowser',
    text: "L'accesso è stato avviato da un altro browser o da troppo tempo: riprova dal pulsante di accesso in questo browser.",
  },
  providerRefused: {
    code: 'msg.identity.providerRefused',
    text: 'Il servizio di accesso non ha confermato la tua identità: riprova o accedi con e-mail e password.',
  },
  emailMissing: {
    code: 'msg.identity.emailMissing',
    text: 'Il servizio di accesso non ci ha comunicato il tuo indirizzo e-mail: accedi con e-mail e password.',
  },
  emailUnverified: {
    code: 'msg.identity.emailUnverified',
    text: "L'indirizzo e-mail del tuo account social non è verificato ed è già usato da un account Spesa: accedi con e-mail e password.",
  },
  accountClosed: {
    code: 'msg.identity.accountClosed',
    text: "L'account collegato non è più attivo: contatta il servizio clienti.",
  },
  notConfirmed: {
    code: 'msg.identity.notConfirmed',
    text: 'Il tuo account non è ancora confermato: apri il link che ti abbiamo inviato per e-mail.',
  },
  ticketInvalid: {
    code: 'msg.identity.ticketInvalid',
    text: "Non c'è un accesso social in attesa: accedi di nuovo con il pulsante Google o Facebook.",
  },
  linkPasswordWrong: {
    code: 'msg.identity.linkPasswordWrong',
    text: 'La password non è corretta.',
  },
  linkLocked: {
    code: 'msg.identity.linkLocked',
    text: 'Troppi tentativi: accedi di nuovo con il pulsante Google o Facebook.',
  },
  linkedElsewhere: {
    code: 'msg.identity.linkedElsewhere',
    text: 'Questo account social è già collegato a un altro account Spesa.',
  },
  notLinked: {
    code: 'msg.identity.notLinked',
    text: 'Il servizio indicato non è collegato al tuo account.',
  },
  lastWayToSignIn: {
    code: 'msg.identity.lastWayToSignIn',
    text: "Non puoi scollegare l'unico modo che hai per accedere: imposta prima una password.",
  },
  companyUnknown: {
    code: 'msg.identity.companyUnknown',
    text: "L'azienda indicata non usa l'accesso aziendale.",
  },
  samlRefused: {
    code: 'msg.identity.samlRefused',
    text: "L'accesso aziendale non è stato accettato: riprova dal portale della tua azienda.",
  },
  samlReplayed: {
    code: 'msg.identity.samlReplayed',
    text: "Questa risposta dell'accesso aziendale è già stata usata: riprova dal portale della tua azienda.",
  },
} as const satisfies MessageTable;
