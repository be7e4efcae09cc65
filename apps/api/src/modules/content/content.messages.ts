import type { MessageTable } from '../../lib/result';

/** Texts of the content store: { code, text }, the message code (errors[].code) and the Italian text. */
export const CONTENT_TEXT = {
  pageNotFound: {
    code: 'msg.page.notFound',
    text: 'La pagina richiesta non esiste o non è più disponibile.',
  },
  /** WordPress's code and its Italian text: a page id that is not a published page */
  wpPageInvalidId: { code: 'rest_post_invalid_id', text: 'ID articolo non valido.' },
  wpPageNumberTooLarge: {
    code: 'rest_post_invalid_page_number',
    text: 'Il numero di pagina richiesto è maggiore del numero di pagine disponibili.',
  },
  pageSlugTaken: { code: 'msg.page.slugTaken', text: 'Esiste già una pagina con questo indirizzo.' },
  pageEmpty: {
    code: 'msg.page.empty',
    text: 'Il testo della pagina è vuoto dopo la pulizia del codice HTML.',
  },
  pageChanged: {
    code: 'msg.page.changed',
    text: 'La pagina è stata modificata da un altro utente nel frattempo: ricaricala e ripeti la modifica.',
  },
  postNotFound: {
    code: 'msg.post.notFound',
    text: 'Il contenuto richiesto non esiste o non è più disponibile.',
  },
  /** WordPress-style codes of the custom routes: a post slug that is not published, a location without menu */
  wpPostInvalidSlug: {
    code: 'rest_post_invalid_slug',
    text: 'Il contenuto richiesto non esiste o non è più disponibile.',
  },
  wpMenuNotFound: { code: 'not_found', text: 'Nessun menu è assegnato a questa posizione.' },
  postSlugTaken: { code: 'msg.post.slugTaken', text: 'Esiste già una ricetta con questo indirizzo.' },
  postEmpty: {
    code: 'msg.post.empty',
    text: 'Il testo della ricetta è vuoto dopo la pulizia del codice HTML.',
  },
  blockNotFound: { code: 'msg.uxBlock.notFound', text: 'Il blocco di contenuto richiesto non esiste.' },
  blockSlugTaken: { code: 'msg.uxBlock.slugTaken', text: 'Esiste già un blocco con questo identificativo.' },
  blockEmpty: {
    code: 'msg.uxBlock.empty',
    text: 'Il testo del blocco è vuoto dopo la pulizia del codice HTML.',
  },
  slideNotFound: { code: 'msg.slide.notFound', text: 'L’avviso richiesto non esiste.' },
} as const satisfies MessageTable;

/** The banner shown where the layout has an ad slot and none is configured for the route. */
export const FALLBACK_ADV = {
  title: 'Spesa online con ritiro gratuito in negozio',
  description: 'Ordina entro le 12 e ritira la spesa nel pomeriggio nel punto vendita che preferisci.',
  img: null,
  link: '/page/servizi',
} as const;
