import type { MessageTable } from '../../lib/result';

/** Refusals of the invoices module: { code, text }, the message code (errors[].code) and the Italian text. */
export const INVOICES_TEXT = {
  /** also the answer for another customer's document or order */
  documentNotFound: { code: 'msg.invoice.notFound', text: 'Documento non trovato.' },
  orderNotFound: { code: 'msg.invoice.orderNotFound', text: 'Ordine non trovato.' },
  /** the order cannot be prepared: its invoice data would make an invalid invoice (the text says what) */
  invoiceData: { code: 'msg.invoice.data', text: 'I dati di fatturazione dell’ordine non sono validi.' },
  /** a bug: the built document did not validate against the FatturaPA schema */
  notValid: {
    code: 'msg.invoice.schema',
    text: 'Non è stato possibile emettere la fattura: il documento non supera il controllo del formato FatturaPA. Il servizio clienti è stato avvisato.',
  },
  notRejected: {
    code: 'msg.invoice.notRejected',
    text: 'Si può inviare di nuovo solo un documento scartato dal Sistema di Interscambio.',
  },
  /** a goodwill credit on an order whose invoice is asked for but not issued yet (decision 094) */
  notInvoicedYet: {
    code: 'msg.invoice.notInvoicedYet',
    text: 'La fattura di questo ordine non è ancora stata emessa: l’accredito legato all’ordine si può dare dopo la consegna, quando la fattura c’è (o senza legarlo all’ordine).',
  },
  notRejectedForCorrection: {
    code: 'msg.invoice.notRejectedForCorrection',
    text: 'Si può correggere e riemettere solo un documento scartato dal Sistema di Interscambio: quelli consegnati si correggono con una nota di credito.',
  },
  periodTooLong: { code: 'msg.invoice.period', text: 'Scegli un periodo di al massimo 366 giorni.' },
} as const satisfies MessageTable;

/** What would make an invoice invalid, said to the customer and to the staff preparing the order. */
export const INVOICE_DATA_TEXT = {
  fields: {
    personTypeId: 'tipo di cliente',
    companyName: 'ragione sociale',
    fiscalCode: 'codice fiscale',
    vatCode: 'partita IVA',
    pec: 'PEC',
    sdiCode: 'codice destinatario SDI',
    ipaCode: 'codice IPA',
    cig: 'CIG',
    determinationNumber: 'numero di determina',
    determinationDate: 'data della determina',
    contactPerson: 'referente',
    address1: 'indirizzo',
    addressNumber: 'numero civico',
    postalCode: 'CAP',
    city: 'comune',
    province: 'provincia',
  },
  field: (field: string, problem: string) =>
    `Dati di fatturazione da correggere (${field}): ${problem.replace(/\.?$/, '.')} Correggi i dati della fattura prima della preparazione dell’ordine.`,
  vatCheckDigit:
    'Dati di fatturazione da correggere: la partita IVA non è valida (la cifra di controllo non corrisponde). Correggi i dati della fattura prima della preparazione dell’ordine.',
  fiscalCode:
    'Dati di fatturazione da correggere: il codice fiscale non è valido. Correggi i dati della fattura prima della preparazione dell’ordine.',
  mealVouchers:
    'Un ordine pagato in parte con buoni pasto non può avere la fattura: togli la richiesta di fattura o i buoni pasto.',
} as const;

export const INVOICES_INFO_TEXT = {
  resent: 'Documento rimesso in coda per l’invio al Sistema di Interscambio.',
  reissued: (number: string) =>
    `Documento corretto n. ${number} emesso con lo stesso numero e la stessa data di quello scartato, in coda per l’invio.`,
  reissuedNewNumber: (number: string) =>
    `Documento corretto emesso con il nuovo numero ${number} (oltre i 5 giorni dallo scarto), in coda per l’invio.`,
} as const;

/**
 * What the SDI's rejection codes point at (its "Elenco controlli" of the FatturaPA specifications), for the
 * staff correcting the customer's data: the codes about the customer's data; others are read as they come.
 */
export const SDI_ERROR_HINTS: Record<string, string> = {
  '00305': 'La partita IVA del cliente non risulta all’Anagrafe tributaria: verifica la partita IVA.',
  '00306': 'Il codice fiscale del cliente non risulta all’Anagrafe tributaria: verifica il codice fiscale.',
  '00311': 'Il codice destinatario non è valido: chiedi al cliente il codice SDI corretto (7 caratteri).',
  '00312': 'Il codice destinatario non è attivo: chiedi al cliente il codice SDI o la PEC.',
  '00417': 'Manca la partita IVA o il codice fiscale del cliente: indicane almeno uno.',
  '00427':
    'Il codice destinatario non corrisponde al tipo di cliente: 6 caratteri (codice IPA) per la pubblica amministrazione, 7 per gli altri.',
  '00404':
    'Il Sistema di Interscambio ha già un documento con lo stesso numero e la stessa data: verifica con l’amministrazione.',
};
