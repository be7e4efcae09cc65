import { htmlTemplates } from '../../lib/html';

/**
 * The shop's e-mails, in Italian. Each template gives a subject, a plain-text body and a simple HTML body:
 * `templates/<template>.eta` inside `templates/mail-layout.eta` (inline styles only: mail clients ignore style
 * sheets; values escaped by the template engine). Links are absolute.
 */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export type MailTemplate =
  | { template: 'registration-confirm'; firstName: string; link: string }
  | { template: 'password-reset'; firstName: string; link: string; minutes: number }
  | { template: 'mfa-pin'; firstName: string; pin: string; minutes: number }
  | { template: 'email-change'; firstName: string; link: string; newEmail: string }
  | { template: 'anonymize-token'; firstName: string; token: string; link: string; minutes: number }
  | { template: 'password-changed'; firstName: string }
  | InvoiceIssuedMail
  | InviteVoucherMail
  | OrderConfirmationMail
  | OrderStatusMail
  | GiftCardOrderMail
  | FormSubmissionMail;

/** A form sent by a visitor (decision 051), to the chain's mailbox: every answer as typed, escaped. */
export interface FormSubmissionMail {
  template: 'form-submission';
  /** the chain's desk: no greeting by name */
  firstName: string;
  formTitle: string;
  /** e.g. "T21-000042" */
  ticket: string;
  ticketType: number;
  /** who sent it: "cliente n. 12" or "visitatore non registrato" */
  sender: string;
  answers: { label: string; value: string }[];
  /** the attached files' names */
  files: string[];
}

/** The inviter's voucher, issued when an invited friend's order is delivered (decision 045). */
export interface InviteVoucherMail {
  template: 'invite-voucher';
  firstName: string;
  percent: number;
  code: string;
  /** "31/03/2027" */
  validTo: string;
  /** the customer's certificates page */
  link: string;
}

/** The order confirmation (decision 018): `link` carries the read-only access token. */
export interface OrderConfirmationMail {
  template: 'order-confirmation';
  firstName: string;
  orderId: number;
  /** e.g. "sabato 28 novembre 2026, 10:00-12:00" */
  slot: string;
  /** "Consegna a domicilio: Via Roma 1, Como" or "Ritiro: Spesa Drive Como" */
  where: string;
  total: string;
  /** online payments: the amount held */
  held: string | null;
  /** the part paid with the wallet (null: none) */
  wallet: string | null;
  /** the meal vouchers to hand over (decision 047), e.g. "6 buoni da 8,00 € (48,00 €), ..."; null: none */
  vouchers: string | null;
  paymentType: string;
  lines: number;
  link: string;
}

export type OrderStatusMailKind =
  | 'cancelled'
  | 'prepared'
  | 'outForDelivery'
  | 'delivered'
  | 'partiallyDelivered'
  | 'notCollected'
  | 'paymentFailed';

/** A status change of an order the customer hears about (decision 018). */
export interface OrderStatusMail {
  template: 'order-status';
  kind: OrderStatusMailKind;
  firstName: string;
  orderId: number;
  /** prepared: the captured amount (or the amount to pay on delivery) */
  amount: string | null;
  /** prepared with an online payment: true when the amount was taken */
  captured: boolean;
  /** prepared and captured: what the card held and the part of it released, as the order page says them */
  held?: string | null;
  released?: string | null;
  /** prepared, out for delivery: the meal vouchers to have ready (null: none) */
  vouchers?: string | null;
  link: string;
}

/**
 * An electronic invoice or credit note issued for an order (decision 087): its number, the order, where the
 * customer downloads the courtesy copy and the XML (the order's page).
 */
export interface InvoiceIssuedMail {
  template: 'invoice-issued';
  firstName: string;
  /** "Fattura" | "Nota di credito" */
  kindLabel: string;
  number: string;
  orderId: number;
  /** "12,29 €" */
  total: string;
  link: string;
}

/**
 * A company's gift-card request (decision 044): `received` to the company (its summary and the promise),
 * `staff` to the chain's corporate desk (a new request to handle), `confirmed` to the company with the
 * delivery information customer service wrote.
 */
export interface GiftCardOrderMail {
  template: 'gift-card-order';
  kind: 'received' | 'staff' | 'confirmed';
  firstName: string;
  requestNumber: string;
  companyName: string;
  /** "10 x 50 €", one per value */
  lines: string[];
  goods: string;
  /** null: below the threshold */
  discount: string | null;
  invoice: string;
  /** "entro mercoledì 25 novembre 2026, ore 10:00" */
  infoBy: string;
  /** "giovedì 3 dicembre 2026" */
  deliveryDay: string;
  /** confirmed: customer service's delivery information */
  note: string | null;
}

const ORDER_STATUS_MAIL: Record<OrderStatusMailKind, { subject: string; body: string; action: string }> = {
  cancelled: {
    subject: 'annullato',
    body: 'il tuo ordine è stato annullato. Non ti è stato addebitato nulla: l’eventuale importo bloccato sulla carta viene liberato.',
    action: 'Vedi i tuoi ordini',
  },
  prepared: {
    subject: 'preparato',
    body: 'il tuo ordine è pronto.',
    action: 'Vedi il dettaglio',
  },
  outForDelivery: {
    subject: 'in consegna',
    body: 'il tuo ordine è partito ed è in consegna nella fascia oraria scelta.',
    action: 'Vedi il dettaglio',
  },
  delivered: {
    subject: 'consegnato',
    body: 'il tuo ordine è stato consegnato. Grazie per aver fatto la spesa con noi! Puoi valutare l’ordine dalla sua pagina.',
    action: 'Valuta l’ordine',
  },
  partiallyDelivered: {
    subject: 'consegnato in parte',
    body: 'il tuo ordine è stato consegnato in parte. Nel dettaglio trovi cosa è stato consegnato; ti addebitiamo solo quello.',
    action: 'Vedi il dettaglio',
  },
  notCollected: {
    subject: 'non ritirato',
    body: 'il tuo ordine non è stato ritirato nella fascia oraria scelta. Contatta il servizio clienti per sapere come procedere.',
    action: 'Vedi il dettaglio',
  },
  paymentFailed: {
    subject: 'pagamento non riuscito',
    body: 'il pagamento del tuo ordine non è riuscito. Verifica i dati della carta e riprova il pagamento dalla pagina dell’ordine, oppure scegli il pagamento alla consegna.',
    action: 'Riprova il pagamento',
  },
};

const render = htmlTemplates(new URL('./templates/', import.meta.url));

const hello = (firstName: string) => (firstName ? `Ciao ${firstName},` : 'Ciao,');

/**
 * A demonstration shop's notice (decision 084): the mails about an order or a delivery say, under the greeting,
 * that nothing is paid or delivered for real.
 */
export const DEMO_SHOP_MAIL_NOTICE =
  'Negozio dimostrativo: questa e-mail fa parte di una dimostrazione. Nessun pagamento è reale e nulla verrà consegnato.';
const PROMISING_DELIVERY: ReadonlySet<MailTemplate['template']> = new Set([
  'order-confirmation',
  'order-status',
  'gift-card-order',
]);

export interface RenderOptions {
  /** a demonstration shop (env.ts isDemoShop): the order and delivery mails carry DEMO_SHOP_MAIL_NOTICE */
  demoShop?: boolean;
}

export function renderMail(mail: MailTemplate, opts: RenderOptions = {}): RenderedMail {
  const notice = opts.demoShop && PROMISING_DELIVERY.has(mail.template) ? DEMO_SHOP_MAIL_NOTICE : null;
  const rendered = renderTemplate(mail, notice);
  // the plain text: the notice after the greeting, as the HTML's layout shows it
  return notice ? { ...rendered, text: rendered.text.replace('\n\n', `\n\n${notice}\n\n`) } : rendered;
}

function renderTemplate(mail: MailTemplate, demoNotice: string | null): RenderedMail {
  /** The HTML body: the mail's own template in the layout, with its subject as title and the greeting. */
  const html = (m: MailTemplate, subject: string, extra: object = {}): string =>
    render(m.template, { ...m, ...extra, subject, hello: hello(m.firstName), demoNotice });
  switch (mail.template) {
    case 'registration-confirm': {
      const subject = 'Conferma la tua registrazione a Spesa online';
      return {
        subject,
        text: `${hello(mail.firstName)}\n\ngrazie per la registrazione. Per attivare il tuo account apri questo link:\n${mail.link}\n\nSe non hai richiesto tu la registrazione, ignora questa e-mail.`,
        html: html(mail, subject),
      };
    }
    case 'password-reset': {
      const subject = 'Reimposta la tua password';
      return {
        subject,
        text: `${hello(mail.firstName)}\n\nabbiamo ricevuto una richiesta di reimpostazione della password. Apri questo link entro ${mail.minutes} minuti:\n${mail.link}\n\nSe non l'hai richiesta tu, ignora questa e-mail: la tua password resta invariata.`,
        html: html(mail, subject),
      };
    }
    case 'mfa-pin': {
      const subject = 'Il tuo codice PIN di accesso';
      return {
        subject,
        text: `${hello(mail.firstName)}\n\nil tuo codice PIN per accedere è: ${mail.pin}\nVale ${mail.minutes} minuti.\n\nSe non stai cercando di accedere, cambia la password: qualcuno la conosce.`,
        html: html(mail, subject),
      };
    }
    case 'email-change': {
      const subject = 'Conferma il tuo nuovo indirizzo e-mail';
      return {
        subject,
        text: `${hello(mail.firstName)}\n\nper usare ${mail.newEmail} come indirizzo del tuo account apri questo link:\n${mail.link}\n\nSe non hai richiesto tu il cambio, ignora questa e-mail.`,
        html: html(mail, subject),
      };
    }
    case 'anonymize-token': {
      const subject = 'Richiesta di cancellazione del tuo account';
      return {
        subject,
        text: `${hello(mail.firstName)}\n\nhai chiesto di cancellare il tuo account. Il codice di conferma è: ${mail.token}\nPuoi anche aprire questo link entro ${mail.minutes} minuti:\n${mail.link}\n\nLa cancellazione è definitiva. Se non l'hai richiesta tu, ignora questa e-mail e cambia la password.`,
        html: html(mail, subject),
      };
    }
    case 'order-confirmation': {
      const subject = `Conferma ordine n. ${mail.orderId}`;
      const facts = [
        `Ordine n. ${mail.orderId}: ${mail.lines} ${mail.lines === 1 ? 'prodotto' : 'prodotti'}`,
        mail.where,
        `Fascia oraria: ${mail.slot}`,
        `Totale: ${mail.total}`,
        ...(mail.wallet ? [`Pagato con il portafoglio: ${mail.wallet}`] : []),
        ...(mail.vouchers ? [`Buoni pasto da consegnare: ${mail.vouchers}`] : []),
        `Pagamento: ${mail.paymentType}`,
        ...(mail.held
          ? [
              `Importo bloccato sulla carta: ${mail.held}. Addebitiamo solo l’importo reale quando prepariamo la spesa.`,
            ]
          : []),
      ];
      return {
        subject,
        text: `${hello(mail.firstName)}\n\ngrazie per il tuo ordine.\n\n${facts.join('\n')}\n\nPuoi vedere l’ordine da questo link (vale anche senza accedere, solo in lettura):\n${mail.link}\n\nPuoi modificare o annullare l’ordine dalla sezione I miei ordini finché non è in preparazione.`,
        html: html(mail, subject, { facts }),
      };
    }
    case 'order-status': {
      const t = ORDER_STATUS_MAIL[mail.kind];
      const subject = `Ordine n. ${mail.orderId} ${t.subject}`;
      const amount =
        mail.kind === 'prepared' && mail.amount
          ? mail.captured
            ? `Abbiamo addebitato l’importo reale della spesa: ${mail.amount}.${
                mail.held
                  ? ` Importo bloccato: ${mail.held}; addebitato: ${mail.amount}${
                      mail.released ? `; restituito (sbloccato): ${mail.released}` : ''
                    }.`
                  : ''
              }`
            : `Importo da pagare: ${mail.amount}.`
          : null;
      const vouchers = mail.vouchers
        ? `Tieni pronti i buoni pasto da consegnare: ${mail.vouchers}. Li leggiamo con il POS al momento della ${
            mail.kind === 'outForDelivery' ? 'consegna' : 'consegna o del ritiro'
          }.`
        : null;
      const paragraphs = [t.body, ...(amount ? [amount] : []), ...(vouchers ? [vouchers] : [])];
      return {
        subject,
        text: `${hello(mail.firstName)}\n\n${paragraphs.join('\n')}\n\n${t.action}: ${mail.link}`,
        html: html(mail, subject, { paragraphs, actionLabel: t.action }),
      };
    }
    case 'invite-voucher': {
      const subject = `Il tuo amico ha fatto la spesa: ecco il tuo buono del ${mail.percent}%`;
      const paragraphs = [
        `un amico che hai invitato ha ricevuto la sua prima spesa. Per ringraziarti ti abbiamo assegnato un buono del ${mail.percent}% sulla spesa (spese di consegna escluse), valido fino al ${mail.validTo}.`,
        `Codice del buono: ${mail.code}. Lo trovi in «I miei buoni» e lo applichi al carrello con un clic.`,
      ];
      return {
        subject,
        text: `${hello(mail.firstName)}\n\n${paragraphs.join('\n')}\n\nI miei buoni: ${mail.link}`,
        html: html(mail, subject, { paragraphs, actionLabel: 'Vai ai tuoi buoni' }),
      };
    }
    case 'gift-card-order': {
      const subject =
        mail.kind === 'staff'
          ? `Nuova richiesta gift card aziende ${mail.requestNumber}: ${mail.companyName}`
          : mail.kind === 'confirmed'
            ? `Gift card per le aziende: informazioni sulla consegna (${mail.requestNumber})`
            : `Gift card per le aziende: richiesta ${mail.requestNumber} ricevuta`;
      const facts = [
        `Richiesta n. ${mail.requestNumber} di ${mail.companyName}`,
        ...mail.lines,
        `Totale gift card: ${mail.goods}`,
        ...(mail.discount ? [`Sconto in fattura del 3%: -${mail.discount}`] : []),
        `Totale fattura: ${mail.invoice}`,
      ];
      const paragraphs =
        mail.kind === 'staff'
          ? [
              `È arrivata una nuova richiesta di gift card per le aziende: invia al referente le informazioni sulla consegna ${mail.infoBy}.`,
              `Consegna prevista: ${mail.deliveryDay}. La trovi nel back office, sezione Gift card aziende.`,
            ]
          : mail.kind === 'confirmed'
            ? [
                'ecco le informazioni sulla consegna delle gift card che hai richiesto:',
                mail.note ?? '',
                `Consegna prevista: ${mail.deliveryDay}.`,
              ]
            : [
                'grazie per la richiesta di gift card per la tua azienda.',
                `Riceverai le informazioni sulla consegna ${mail.infoBy}; la consegna avviene in circa 7 giorni lavorativi (prevista per ${mail.deliveryDay}).`,
                'La fattura elettronica ti arriva con lo sconto indicato. Per qualsiasi domanda rispondi citando il numero della richiesta al servizio clienti.',
              ];
      return {
        subject,
        text: `${hello(mail.firstName)}\n\n${paragraphs.join('\n')}\n\n${facts.join('\n')}`,
        html: html(mail, subject, { paragraphs, facts }),
      };
    }
    case 'form-submission': {
      const subject = `${mail.formTitle}: richiesta ${mail.ticket}`;
      const paragraphs = [
        `è arrivata una nuova richiesta dal modulo "${mail.formTitle}" (ticket di tipo ${mail.ticketType}), inviata da ${mail.sender}.`,
      ];
      const facts = [
        ...mail.answers.map((a) => `${a.label}: ${a.value}`),
        ...(mail.files.length > 0 ? [`Allegati: ${mail.files.join(', ')}`] : []),
      ];
      return {
        subject,
        text: `${hello(mail.firstName)}\n\n${paragraphs.join('\n')}\n\n${facts.join('\n')}`,
        html: html(mail, subject, { paragraphs, facts }),
      };
    }
    case 'invoice-issued': {
      const subject = `${mail.kindLabel} n. ${mail.number} per il tuo ordine ${mail.orderId}`;
      const paragraphs = [
        `abbiamo emesso la ${mail.kindLabel.toLowerCase()} elettronica n. ${mail.number} di ${mail.total} per il tuo ordine n. ${mail.orderId} e l’abbiamo trasmessa al Sistema di Interscambio dell’Agenzia delle Entrate, che la recapita all’indirizzo indicato nei dati di fatturazione.`,
        'Nella pagina dell’ordine trovi la copia di cortesia in PDF e il file XML.',
      ];
      return {
        subject,
        text: `${hello(mail.firstName)}\n\n${paragraphs.join('\n')}\n\n${mail.link}`,
        html: html(mail, subject, { paragraphs, actionLabel: 'Vedi l’ordine' }),
      };
    }
    case 'password-changed': {
      const subject = 'La tua password è stata cambiata';
      return {
        subject,
        text: `${hello(mail.firstName)}\n\nla password del tuo account è stata appena cambiata e gli altri dispositivi sono stati disconnessi.\nSe non hai cambiato tu la password, reimposta subito la password e contatta il servizio clienti.`,
        html: html(mail, subject),
      };
    }
  }
}
