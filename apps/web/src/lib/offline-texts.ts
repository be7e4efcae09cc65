/**
 * What the service worker answers offline (decision 055), shared with the page: the refusal texts of the
 * envelope it writes, and the header stamping a stored copy with the time it was stored.
 */
export const OFFLINE_WRITE_TEXT =
  'Sei offline: la modifica non è stata salvata. Riprova quando la connessione torna disponibile.';
export const OFFLINE_READ_TEXT =
  'Sei offline: questi dati non sono disponibili senza connessione. Riprova quando torni in linea.';
/** the code of both refusals (errors[].code) */
export const OFFLINE_CODE = 'msg.offline';
export const STORED_AT_HEADER = 'x-spesa-stored-at';
