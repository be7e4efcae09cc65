import type { MessageTable } from '../../lib/result';

/** The leaflets module's refusals (decision 052): `{ code, text }`, the code is what clients switch on. */
export const LEAFLET_TEXT = {
  notFound: {
    code: 'msg.leaflet.notFound',
    text: 'Il volantino richiesto non esiste o non è più valido.',
  },
} as const satisfies MessageTable;
