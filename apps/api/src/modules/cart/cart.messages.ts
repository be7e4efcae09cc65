import { fail, type MessageTable } from '../../lib/result';

/**
 * Texts of the cart: { code, text }, the message code (errors[].code) and the Italian text. Quantity
 * refusals come from the shared quantity module (packages/shared cart/quantity.ts); refusals about
 * availability carry the code the web app shows as a popup (spec section 8: msg.cart.availability.errors
 * is in showInPopupCode).
 */
export const CART_AVAILABILITY_CODE = 'msg.cart.availability.errors';

export const CART_TEXT = {
  productNotFound: { code: 'msg.product.notFound', text: 'Prodotto non trovato.' },
  itemNotFound: { code: 'msg.cart.itemNotFound', text: 'Il prodotto non è presente nel carrello.' },
  cartNotFound: { code: 'msg.cart.notFound', text: 'Carrello non trovato.' },
  optionsRequired: { code: 'msg.cart.optionsRequired', text: 'È necessario selezionare tutte le opzioni.' },
  optionInvalid: {
    code: 'msg.cart.optionInvalid',
    text: "L'opzione scelta non è valida per questo prodotto.",
  },
  promoInvalid: {
    code: 'msg.cart.promoInvalid',
    text: 'La promozione scelta non è disponibile per questo prodotto.',
  },
  promoCardOnly: {
    code: 'msg.cart.promoCardOnly',
    text: 'Questa offerta è riservata ai titolari della carta fedeltà: collega una carta al tuo account per averla.',
  },
  infoInvalid: { code: 'msg.cart.infoInvalid', text: 'Informazione del carrello non valida.' },
  substituteInvalid: {
    code: 'msg.cart.substituteInvalid',
    text: 'Il prodotto sostitutivo deve essere un altro prodotto dello stesso reparto, venduto dal tuo negozio.',
  },
  itemRefInvalid: { code: 'msg.cart.itemRefInvalid', text: 'Indicare il prodotto da rimuovere.' },
  busy: { code: 'msg.cart.busy', text: 'Il carrello è stato modificato nello stesso momento: riprova.' },
  /** status 7: checkout/prepare locked the cart; checkout/unlock or the buy ends it */
  locked: {
    code: 'msg.cart.lockedForPayment',
    text: 'Il carrello è in fase di pagamento: non è possibile modificarlo.',
  },
} as const satisfies MessageTable;

/** A product retired from the assortment (decision 092): named, so the customer knows which one. */
export const productRetired = (name: string) =>
  fail('msg.product.retired', `${name} non è più in vendita: cerca un prodotto simile nel catalogo.`);

/** Success texts (response.infos): the web app shows them as success toasts. */
export const CART_INFO_TEXT = {
  added: (what: string) => `Aggiunto al carrello: ${what}.`,
  updated: 'Quantità aggiornata.',
  removed: 'Prodotto rimosso dal carrello.',
  removedMany: 'Prodotti rimossi dal carrello.',
  infoSaved: 'Informazioni del carrello salvate.',
  closed: 'Carrello chiuso.',
} as const;
