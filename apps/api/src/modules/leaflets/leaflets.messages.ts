import type { MessageTable } from '../../lib/result';
import {
  LEAFLET_IMAGE_MAX_BYTES,
  LEAFLET_MAX_PAGES,
  LEAFLET_PDF_MAX_BYTES,
} from '@spesa/shared/contracts/admin-leaflets';

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The leaflets module's refusals (decisions 052, 097): `{ code, text }`, the code is what clients switch on. */
export const LEAFLET_TEXT = {
  notFound: {
    code: 'msg.leaflet.notFound',
    text: 'Il volantino richiesto non esiste o non è più valido.',
  },
  adminNotFound: { code: 'msg.leaflet.adminNotFound', text: 'Volantino non trovato.' },
  fileMissing: {
    code: 'msg.leaflet.fileMissing',
    text: 'Scegli un PDF oppure le immagini delle pagine da caricare.',
  },
  fileKind: {
    code: 'msg.leaflet.fileKind',
    text: 'Il file «{name}» non è un PDF né un’immagine JPEG, PNG o WebP.',
  },
  pdfAlone: {
    code: 'msg.leaflet.pdfAlone',
    text: 'Carica un solo PDF, oppure soltanto immagini (una per pagina).',
  },
  fileTooLarge: {
    code: 'msg.leaflet.fileTooLarge',
    text: `Il PDF supera i ${mb(LEAFLET_PDF_MAX_BYTES)}: riducilo o caricane le pagine come immagini.`,
  },
  imageTooLarge: {
    code: 'msg.leaflet.imageTooLarge',
    text: `Ogni immagine può pesare al massimo ${mb(LEAFLET_IMAGE_MAX_BYTES)}.`,
  },
  tooManyPages: {
    code: 'msg.leaflet.tooManyPages',
    text: `Un volantino ha al massimo ${LEAFLET_MAX_PAGES} pagine.`,
  },
  pdfUnreadable: {
    code: 'msg.leaflet.pdfUnreadable',
    text: 'Il PDF non si apre: potrebbe essere danneggiato o protetto da password.',
  },
  published: {
    code: 'msg.leaflet.published',
    text: 'Il volantino è pubblicato: ritiralo dalla pubblicazione prima di modificarlo.',
  },
  pagesBeyond: {
    code: 'msg.leaflet.pagesBeyond',
    text: 'Il prodotto «{name}» è a pagina {page}, ma il volantino caricato ha {pages} pagine: toglilo o spostalo prima.',
  },
  endPassed: {
    code: 'msg.leaflet.endPassed',
    text: "L'ultimo giorno del volantino è già passato.",
  },
  unknownStore: {
    code: 'msg.leaflet.unknownStore',
    text: 'Il punto vendita {id} non esiste.',
  },
  unknownProduct: {
    code: 'msg.leaflet.unknownProduct',
    text: 'Riga {line}: nessun prodotto con codice o EAN «{key}».',
  },
  duplicateProduct: {
    code: 'msg.leaflet.duplicateProduct',
    text: 'Riga {line}: il prodotto «{key}» è già alla riga {first}.',
  },
  pageOutOfRange: {
    code: 'msg.leaflet.pageOutOfRange',
    text: 'Riga {line}: il volantino ha {pages} pagine, non c’è la pagina {page}.',
  },
  noPages: {
    code: 'msg.leaflet.noPages',
    text: 'Carica le pagine del volantino prima di pubblicarlo.',
  },
  noProducts: {
    code: 'msg.leaflet.noProducts',
    text: 'Aggiungi almeno un prodotto prima di pubblicare il volantino.',
  },
  drawn: {
    code: 'msg.leaflet.drawn',
    text: 'Questo volantino è disegnato dai suoi prodotti (dati dimostrativi): si può solo pubblicare o ritirare.',
  },
} as const satisfies MessageTable;

export type MessageKey = keyof typeof LEAFLET_TEXT;
