import { GIFT_CODE_INVALID_TEXT } from '@spesa/shared/contracts/checkout';
import type { MessageTable } from '../../lib/result';
import type { WalletCause } from '@spesa/shared/contracts/loyalty';

/** Texts of the loyalty module: { code, text }, the message code (errors[].code) and the Italian text. */
export const LOYALTY_TEXT = {
  /** also the answer for a customer id that does not exist */
  customerNotFound: { code: 'msg.wallet.customerNotFound', text: 'Cliente non trovato.' },
  /** a goodwill credit tied to an order that is not this customer's (or does not exist) */
  orderNotFound: {
    code: 'msg.wallet.orderNotFound',
    text: 'Questo cliente non ha un ordine con questo numero.',
  },
  notEnough: {
    code: 'msg.wallet.notEnough',
    text: 'Il saldo del portafoglio non basta per questo importo.',
  },
  busy: { code: 'msg.wallet.busy', text: 'Il portafoglio è in aggiornamento: riprova tra un attimo.' },
  /** one answer for an unknown card and for a surname that does not match: it tells neither */
  cardNotRecognised: {
    code: 'msg.card.notRecognised',
    text: 'Non troviamo una carta con questo numero intestata a questo cognome: controlla i dati o contatta il servizio clienti.',
  },
  cardTaken: {
    code: 'msg.card.taken',
    text: 'Questa carta è già collegata a un altro account. Se è tua, contatta il servizio clienti.',
  },
  cardExpired: {
    code: 'msg.card.expired',
    text: 'Questa carta è scaduta: chiedine una nuova in un punto vendita.',
  },
  hasCard: { code: 'msg.card.hasCard', text: 'Al tuo account è già collegata una carta.' },
  premiumNoCard: {
    code: 'msg.premium.noCard',
    text: 'Per diventare Premium collega prima una carta fedeltà valida.',
  },
  /** spec section 6: some customers are excluded from the premium programme */
  premiumExcluded: {
    code: 'msg.premium.excluded',
    text: 'Accesso non disponibile: contatta il servizio clienti.',
  },
  premiumOnly: {
    code: 'msg.premium.only',
    text: 'Quest’area è riservata ai clienti con la Carta Premium.',
  },
  noPhysicalCard: {
    code: 'msg.premium.noPhysicalCard',
    text: 'Il cliente non ha chiesto la Carta Premium fisica.',
  },
  cardStateNotAllowed: {
    code: 'msg.premium.cardState',
    text: 'La carta non può passare a questo stato: la carta fisica va prima spedita, poi consegnata.',
  },
  freeDeliveriesUsed: {
    code: 'msg.premium.freeDeliveriesUsed',
    text: 'Le consegne gratuite della Carta Premium sono già state usate.',
  },
  productDiscountOff: {
    code: 'msg.premium.productDiscountOff',
    text: 'Lo sconto del 20% su un prodotto a scelta non è attivo in questo periodo.',
  },
  productUnknown: {
    code: 'msg.premium.productUnknown',
    text: 'Questo prodotto non è in vendita nel nostro catalogo: scegline un altro.',
  },
  /** decision 043: infant formula (DM 82/2009) and alcoholic drinks */
  productNotChoosable: {
    code: 'msg.premium.productNotChoosable',
    text: 'Questo prodotto non può avere lo sconto Premium: latte per l’infanzia, vini, birre e alcolici sono esclusi. Scegline un altro.',
  },
  productChangedRecently: {
    code: 'msg.premium.productChangedRecently',
    text: 'Hai già scelto il prodotto scontato questo mese: potrai cambiarlo dal primo giorno del mese prossimo.',
  },
} as const satisfies MessageTable;

/** Card linking attempts per window (the throttle's window, decision 026). */
export const LOYALTY_LIMITS = {
  linksPerWindow: 5,
  linksPerWindowPerAddress: 50,
} as const;

/** Texts of gift certificates: one text for every code this customer cannot use (nothing to guess from). */
export const GIFT_TEXT = {
  invalid: { code: 'msg.giftcertificate.invalid', text: GIFT_CODE_INVALID_TEXT },
  /** an advantage of a segment or a profile level the customer is not in */
  notForYou: {
    code: 'msg.giftcertificate.notForYou',
    text: 'Questo vantaggio è riservato a un altro gruppo di clienti: non puoi usarlo.',
  },
  /** the invited friend's certificate once they have ordered before */
  firstOrderOnly: {
    code: 'msg.giftcertificate.firstOrderOnly',
    text: 'Questo buono vale solo sulla tua prima spesa online.',
  },
} as const satisfies MessageTable;

export const GIFT_INFO_TEXT = {
  belowMinSpend: (minSpend: string, missing: string) =>
    `Il buono vale con una spesa di almeno ${minSpend}: aggiungi prodotti per altri ${missing} per avere lo sconto.`,
  granted: (value: string, code: string) => `Assegnato al cliente un buono di ${value} (codice ${code}).`,
  refreshed: 'I tuoi vantaggi sono aggiornati.',
  coolingDown: (minutes: number) =>
    `I tuoi vantaggi sono stati aggiornati da poco: potrai aggiornarli di nuovo tra ${minutes} ${minutes === 1 ? 'minuto' : 'minuti'}.`,
} as const;

export const LOYALTY_INFO_TEXT = {
  credited: (euros: string) => `Accreditati ${euros} sul portafoglio del cliente.`,
  cardLinked: 'Carta collegata: i prezzi con la carta valgono già da questa spesa.',
  premiumDigital: 'Benvenuto in Premium: la tua carta digitale è già attiva.',
  premiumPhysical:
    'Benvenuto in Premium: la carta fisica ti arriva per posta entro un mese, intanto usa la carta digitale.',
  excluded: 'Cliente escluso dalla Carta Premium.',
  exclusionCleared: 'Esclusione dalla Carta Premium tolta.',
  cardShipped: 'Carta Premium segnata come spedita.',
  cardDelivered: 'Carta Premium segnata come consegnata.',
  productChosen: (name: string) =>
    `Fatto: ${name} ti costa il 20% in meno a ogni spesa, lo sconto si vede al checkout.`,
} as const;

/** What the customer reads of a movement, by cause (a goodwill credit adds the staff's reason). */
export const WALLET_CAUSE_TEXT: Record<WalletCause, string> = {
  goodwill: 'Accredito del servizio clienti',
  refund: 'Rimborso di prodotti non consegnati',
  invite: 'Premio per un amico invitato',
  order_payment: "Pagamento dell'ordine",
  order_refund: "Restituzione del pagamento dell'ordine",
};

/** Texts of invite a friend (decision 045). */
export const INVITE_TEXT = {
  closed: {
    code: 'msg.invite.closed',
    text: 'Il programma Invita un amico non accetta più nuovi amici.',
  },
  /** an unknown code: nothing to learn by guessing */
  unknown: {
    code: 'msg.invite.unknown',
    text: 'Questo codice invito non esiste: controllalo con il tuo amico.',
  },
  /** one's own code, or the code of another account of the same person */
  self: {
    code: 'msg.invite.self',
    text: 'Non puoi usare un tuo codice invito: mandalo a un amico.',
  },
  alreadyJoined: {
    code: 'msg.invite.alreadyJoined',
    text: 'Hai già usato un codice invito: ne vale uno per cliente.',
  },
  notNew: {
    code: 'msg.invite.notNew',
    text: 'Il codice invito vale per chi non ha ancora fatto la spesa online con noi.',
  },
} as const satisfies MessageTable;

export const INVITE_INFO_TEXT = {
  joined: (percent: number, code: string) =>
    `Fatto! Il tuo buono del ${percent}% per la prima spesa è in «I miei buoni» (codice ${code}).`,
  /** why an invited friend earns the inviter nothing (the inviter reads it) */
  noReward: {
    same_person: 'Non dà diritto al buono: risulta un altro account della stessa persona.',
    limit: 'Non dà diritto al buono: hai già ricevuto tutti i buoni del programma.',
  },
} as const;
/** Texts of the companies' gift-card requests (decision 044). */
export const GIFT_CARD_ORDER_TEXT = {
  keyReused: {
    code: 'msg.giftcard.keyReused',
    text: 'Questa richiesta è già stata inviata con dati diversi: ricarica la pagina per inviarne una nuova.',
  },
  notFound: { code: 'msg.giftcard.notFound', text: 'Richiesta di gift card non trovata.' },
  stateNotAllowed: {
    code: 'msg.giftcard.stateNotAllowed',
    text: 'La richiesta non può passare a questo stato: ricevuta → confermata → consegnata, oppure annullata prima della consegna.',
  },
  deliveryInfoRequired: {
    code: 'msg.giftcard.deliveryInfoRequired',
    text: 'Scrivi le informazioni sulla consegna (da 3 a 500 caratteri): le inviamo per e-mail al referente.',
  },
} as const satisfies MessageTable;

export const GIFT_CARD_ORDER_INFO_TEXT = {
  received: (number: string) =>
    `Richiesta ${number} inviata: riceverai le informazioni sulla consegna entro 48 ore.`,
  moved: (number: string, state: string) => `Richiesta ${number}: ${state}.`,
} as const;

/** Requests per client address in the throttle's window (decision 026): anyone may send one. */
export const GIFT_CARD_ORDER_LIMITS = { perWindowPerAddress: 10 } as const;
