/**
 * Texts of the cart: [message code, Italian text]. Quantity refusals come from the shared quantity module
 * (packages/shared cart/quantity.ts); refusals about availability carry the code the web app shows as a
 * popup (spec section 8: msg.cart.availability.errors is in showInPopupCode).
 */
export const CART_AVAILABILITY_CODE = 'msg.cart.availability.errors';

export const CART_TEXT = {
  productNotFound: ['msg.product.notFound', 'Prodotto non trovato.'],
  itemNotFound: ['msg.cart.itemNotFound', 'Il prodotto non è presente nel carrello.'],
  cartNotFound: ['msg.cart.notFound', 'Carrello non trovato.'],
  optionsRequired: ['msg.cart.optionsRequired', 'È necessario selezionare tutte le opzioni.'],
  optionInvalid: ['msg.cart.optionInvalid', "L'opzione scelta non è valida per questo prodotto."],
  promoInvalid: ['msg.cart.promoInvalid', 'La promozione scelta non è disponibile per questo prodotto.'],
  infoInvalid: ['msg.cart.infoInvalid', 'Informazione del carrello non valida.'],
  itemRefInvalid: ['msg.cart.itemRefInvalid', 'Indicare il prodotto da rimuovere.'],
  busy: ['msg.cart.busy', 'Il carrello è stato modificato nello stesso momento: riprova.'],
  /** status 7: checkout/prepare locked the cart; checkout/unlock or the buy ends it */
  locked: ['msg.cart.lockedForPayment', 'Il carrello è in fase di pagamento: non è possibile modificarlo.'],
} as const satisfies Record<string, readonly [string, string]>;

/** Success texts (response.infos): the web app shows them as success toasts. */
export const CART_INFO_TEXT = {
  added: (what: string) => `Aggiunto al carrello: ${what}.`,
  updated: 'Quantità aggiornata.',
  removed: 'Prodotto rimosso dal carrello.',
  removedMany: 'Prodotti rimossi dal carrello.',
  infoSaved: 'Informazioni del carrello salvate.',
  closed: 'Carrello chiuso.',
} as const;
