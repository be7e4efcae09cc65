import type { MessageTable } from '../../lib/result';

/** The back office's assortment texts (decision 092): { code, text }. */
export const ASSORTMENT_TEXT = {
  categoryUnknown: { code: 'msg.admin.categoryUnknown', text: 'Categoria sconosciuta.' },
  codeTaken: { code: 'msg.admin.codeTaken', text: 'Esiste già un prodotto con questo codice.' },
  eanTaken: { code: 'msg.admin.eanTaken', text: 'Questo EAN è già usato da un altro prodotto.' },
  productNotFound: { code: 'msg.admin.productNotFound', text: 'Prodotto non trovato.' },
  staleEdit: {
    code: 'msg.admin.staleEdit',
    text: 'Qualcuno ha modificato questo elemento nel frattempo: ricarica e riprova.',
  },
  alreadyRetired: { code: 'msg.admin.alreadyRetired', text: 'Il prodotto è già ritirato dalla vendita.' },
  notRetired: { code: 'msg.admin.notRetired', text: 'Il prodotto è già in vendita.' },
  parentInvalid: {
    code: 'msg.admin.categoryParentInvalid',
    text: 'Scegli un reparto o una categoria di prodotti (al massimo tre livelli).',
  },
  categoryNotFound: { code: 'msg.admin.categoryNotFound', text: 'Categoria non trovata.' },
  categoryInUse: {
    code: 'msg.admin.categoryInUse',
    text: 'La categoria contiene ancora prodotti in vendita o sottocategorie: spostali o ritirali prima.',
  },
  fileMissing: { code: 'msg.admin.importFileMissing', text: 'Scegli un file CSV o Excel (.xlsx).' },
  fileKind: {
    code: 'msg.admin.importFileKind',
    text: 'Formato non supportato: carica un file CSV (.csv) o Excel (.xlsx).',
  },
  fileTooLarge: {
    code: 'msg.admin.importTooLarge',
    text: 'Il file è troppo grande: al massimo 10 MB e 100.000 righe.',
  },
  fileUnreadable: {
    code: 'msg.admin.importUnreadable',
    text: 'Il file non si legge: salvalo come CSV UTF-8 o come cartella di lavoro Excel (.xlsx).',
  },
  fileEmpty: { code: 'msg.admin.importEmpty', text: 'Il file non contiene righe di prodotti.' },
  importNotFound: { code: 'msg.admin.importNotFound', text: 'Importazione non trovata.' },
  importBusy: {
    code: 'msg.admin.importBusy',
    text: "È già in corso un'elaborazione di questo file: attendi che finisca.",
  },
} as const satisfies MessageTable;

/** The header row's refusals, naming the columns. */
export const headerText = {
  unknown: (columns: string[], known: string[]) =>
    `Colonne sconosciute: ${columns.join(', ')}. Le colonne sono: ${known.join(', ')}.`,
  missing: (columns: string[]) => `Mancano le colonne obbligatorie: ${columns.join(', ')}.`,
  repeated: (column: string) => `La colonna ${column} compare due volte.`,
};
