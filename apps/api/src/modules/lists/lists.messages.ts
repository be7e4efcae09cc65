import type { MessageTable } from '../../lib/result';

/** Texts of the lists module: { code, text }, the message code (errors[].code) and the Italian text. */
export const LISTS_TEXT = {
  /** also the answer for a list the customer neither owns nor was shared: the two cannot be told apart */
  listNotFound: { code: 'msg.wishlist.notFound', text: 'Lista non trovata.' },
  /** also the answer for an item of a list the customer cannot see */
  itemNotFound: { code: 'msg.wishlist.itemNotFound', text: 'Il prodotto non è presente nella lista.' },
  readOnly: {
    code: 'msg.wishlist.readOnly',
    text: 'Questa lista è condivisa con te in sola lettura: non puoi modificarla.',
  },
  ownerOnly: {
    code: 'msg.wishlist.ownerOnly',
    text: 'Solo chi ha creato la lista può rinominarla, eliminarla, sceglierla come predefinita o condividerla.',
  },
  tooManyLists: {
    code: 'msg.wishlist.tooManyLists',
    text: 'Hai raggiunto il numero massimo di liste: eliminane una per crearne una nuova.',
  },
  tooManyItems: {
    code: 'msg.wishlist.tooManyItems',
    text: 'La lista ha raggiunto il numero massimo di prodotti.',
  },
  productNotFound: { code: 'msg.product.notFound', text: 'Prodotto non trovato.' },
  addressNotFound: { code: 'msg.address.notFound', text: 'Indirizzo non trovato.' },
  customerNotFound: {
    code: 'msg.wishlist.customerNotFound',
    text: 'Nessun cliente registrato con questa e-mail: controlla l’indirizzo e riprova.',
  },
  shareSelf: { code: 'msg.wishlist.shareSelf', text: 'Non puoi condividere una lista con te stesso.' },
  tooManyShares: {
    code: 'msg.wishlist.tooManyShares',
    text: 'La lista è già condivisa con il numero massimo di clienti.',
  },
  shareNotFound: { code: 'msg.wishlist.shareNotFound', text: 'La lista non è condivisa con questo cliente.' },
  busy: { code: 'msg.wishlist.busy', text: 'La lista è stata modificata nello stesso momento: riprova.' },
  addAllEmpty: {
    code: 'msg.wishlist.addAllEmpty',
    text: 'Nessun prodotto di questa lista è disponibile: non è stato aggiunto nulla al carrello.',
  },
  listEmpty: {
    code: 'msg.wishlist.empty',
    text: 'La lista è vuota: non è stato aggiunto nulla al carrello.',
  },
} as const satisfies MessageTable;

/** Success texts (response.infos). */
export const LISTS_INFO_TEXT = {
  created: (name: string) => `Lista «${name}» creata.`,
  renamed: 'Lista rinominata.',
  deleted: 'Lista eliminata.',
  selected: 'Lista predefinita aggiornata.',
  confirmed: 'Lista confermata per l’indirizzo scelto.',
  shared: 'Lista condivisa.',
  unshared: 'Condivisione rimossa.',
  added: 'Prodotti aggiunti alla lista.',
  updated: 'Lista aggiornata.',
  removed: 'Prodotti rimossi dalla lista.',
  /** cart.productsAddFromWishlist */
  productsAddFromWishlist: (n: number, name: string) =>
    n === 1
      ? `Aggiunto al carrello 1 prodotto della lista «${name}».`
      : `Aggiunti al carrello ${n} prodotti della lista «${name}».`,
} as const;

/** How many lists a customer may keep, products a list may hold, customers a list may be shared with. */
export const LISTS_LIMITS = {
  listsPerCustomer: 50,
  itemsPerList: 300,
  sharesPerList: 20,
  /** share attempts in one throttle window (AUTH_RATE_WINDOW_MINUTES), per customer and per client address */
  sharesPerWindow: 30,
  sharesPerWindowPerAddress: 100,
} as const;
