import type { MessageTable } from '../../lib/result';

/** Refusals of the back office's mails (decision 101): { code, text }, errors[].code and the Italian text. */
export const MAIL_TEXT = {
  notFound: { code: 'msg.mail.notFound', text: 'E-mail non trovata.' },
  noSmtp: {
    code: 'msg.mail.noSmtp',
    text: 'L’invio delle e-mail non è configurato su questo server (manca il server SMTP): non si può inviare di nuovo nessuna e-mail.',
  },
  outbox: {
    code: 'msg.mail.outbox',
    text: 'Questa e-mail è stata scritta solo nella casella di sviluppo (nessun server SMTP): non si può inviare di nuovo.',
  },
  alreadySent: {
    code: 'msg.mail.alreadySent',
    text: 'Questa e-mail è già stata inviata: non viene spedita una seconda volta.',
  },
  alreadyQueued: {
    code: 'msg.mail.alreadyQueued',
    text: 'Questa e-mail è già in coda per l’invio: attendi il prossimo tentativo prima di inviarla di nuovo.',
  },
} as const satisfies MessageTable;

/** What the staff read when a resend is queued. */
export const MAIL_INFO_TEXT = {
  queued: (to: string) => `E-mail a ${to} rimessa in coda: parte entro pochi secondi.`,
  /** the mail carries a link or a code valid for minutes or days (a reset, a PIN, a confirmation) */
  mayHaveExpired:
    'Il link o il codice contenuto in questa e-mail potrebbe essere scaduto: se non funziona, il cliente può chiederne uno nuovo.',
} as const;
