import { z } from 'zod';
import { CARD_TYPES, checkCardNumber } from '../loyalty/card-number';
import { PHYSICAL_CARD_STATES, PREMIUM_CHANNELS } from '../loyalty/premium';
import { productSchema } from './catalogue';
import { endpoint } from './endpoint';
import { pageSchema } from './orders';

/**
 * The wallet (issue 21, decision 037): a customer's credits with the chain, as a ledger of movements in
 * integer cents (each with its cause: a goodwill credit by customer service, a refund of goods not picked, an
 * invite reward, a payment of an order), its balance never below zero. The loyalty module registers these.
 * Amounts on the wire are euros with two decimals, as everywhere else in the platform.
 */
export const WALLET_CAUSES = ['goodwill', 'refund', 'invite', 'order_payment', 'order_refund'] as const;
export type WalletCause = (typeof WALLET_CAUSES)[number];
export const WALLET_PAGE_SIZE = 20;
const pageNumber = (max: number) =>
  z
    .union([z.number(), z.string().trim().max(10).regex(/^\d+$/).transform(Number)])
    .pipe(z.number().int().min(1).max(max));

export const walletMovementSchema = z.object({
  movementId: z.number().int(),
  /** euros: positive a credit, negative a spend */
  amount: z.number(),
  /** the balance after this movement, euros */
  balance: z.number(),
  cause: z.enum(WALLET_CAUSES),
  /** what the customer reads: the cause in Italian, with the staff's reason for a goodwill credit */
  description: z.string(),
  orderId: z.number().int().nullable(),
  /** ISO date-time */
  date: z.string(),
});
export type WalletMovement = z.infer<typeof walletMovementSchema>;

// ---------- GET /wallet/view ----------
export const walletViewQuerySchema = z.object({
  page: pageNumber(100_000).optional(),
});
export const walletViewSchema = z.object({
  /** euros */
  balance: z.number(),
  /** newest first */
  movements: z.array(walletMovementSchema),
  page: pageSchema,
});
export type WalletView = z.infer<typeof walletViewSchema>;

// ---------- the loyalty card and the premium card (decision 038) ----------
export const CARD_NUMBER_TEXT = 'Scrivi le 13 cifre del numero stampato sotto il codice a barre della carta.';
export const CARD_NUMBER_NOT_OURS_TEXT =
  'Questo numero non è di una carta fedeltà Spesa: controlla le cifre, le nostre carte iniziano con 26 o 27.';
export const CARD_LAST_NAME_TEXT = 'Scrivi il cognome dell’intestatario della carta.';

export const loyaltyCardSchema = z.object({
  /** 13 digits (EAN-13) */
  cardNumber: z.string(),
  /** the type the chain records; the number's prefix tells the same (card-number.ts) */
  cardType: z.enum(CARD_TYPES),
  /** the last valid day (YYYY-MM-DD), null: no expiry */
  validTo: z.string().nullable(),
  /** valid today: card prices apply */
  valid: z.boolean(),
  /** ISO date-time */
  issuedAt: z.string(),
});
export type LoyaltyCard = z.infer<typeof loyaltyCardSchema>;

export const premiumRequestSchema = z.object({
  channel: z.enum(PREMIUM_CHANNELS),
  /** a physical card's way to the customer; null for a digital card */
  state: z.enum(PHYSICAL_CARD_STATES).nullable(),
  /** ISO date-times */
  requestedAt: z.string(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** the last day the physical card is due by post (YYYY-MM-DD); null for a digital card */
  dueBy: z.string().nullable(),
});
export type PremiumRequest = z.infer<typeof premiumRequestSchema>;

export const premiumStateSchema = z.object({
  /** premium today: a valid premium card and not excluded */
  active: z.boolean(),
  /** the chain has excluded the customer from the premium programme (customer service tells why) */
  excluded: z.boolean(),
  /** may ask to become premium now (a valid fidelity card, not excluded, not premium yet) */
  canRequest: z.boolean(),
  request: premiumRequestSchema.nullable(),
});
export type PremiumState = z.infer<typeof premiumStateSchema>;

export const cardViewSchema = z.object({
  card: loyaltyCardSchema.nullable(),
  premium: premiumStateSchema,
});
export type CardView = z.infer<typeof cardViewSchema>;

// ---------- POST /loyalty/card/link ----------
export const cardNumberSchema = z
  .string({ error: CARD_NUMBER_TEXT })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{13}$/, { error: CARD_NUMBER_TEXT }))
  .superRefine((v, ctx) => {
    const check = checkCardNumber(v);
    if (!check.ok)
      ctx.addIssue({
        code: 'custom',
        message: check.problem === 'notOurs' ? CARD_NUMBER_NOT_OURS_TEXT : CARD_NUMBER_TEXT,
      });
  });
export const cardLinkBodySchema = z.object({
  cardNumber: cardNumberSchema,
  lastName: z
    .string({ error: CARD_LAST_NAME_TEXT })
    .trim()
    .min(1, { error: CARD_LAST_NAME_TEXT })
    .max(80, { error: CARD_LAST_NAME_TEXT }),
});
export type CardLinkBody = z.input<typeof cardLinkBodySchema>;

// ---------- POST /loyalty/premium/request ----------
export const PREMIUM_CHANNEL_TEXT = 'Scegli la carta digitale o la carta fisica.';
export const premiumRequestBodySchema = z.object({
  channel: z.enum(PREMIUM_CHANNELS, { error: PREMIUM_CHANNEL_TEXT }),
});
export type PremiumRequestBody = z.input<typeof premiumRequestBodySchema>;

// ---------- GET /loyalty/premium/area (premium customers only) ----------
export const premiumAreaSchema = z.object({
  cardNumber: z.string(),
  /** the home deliveries still free of charge, of PREMIUM_PERKS.freeDeliveries */
  freeDeliveriesLeft: z.number().int().min(0),
  /** the 20 % product perk runs today */
  productDiscountOn: z.boolean(),
  /** YYYY-MM-DD */
  productDiscountUntil: z.string(),
  /** euros */
  birthdayCakeMin: z.number(),
  birthdayCakeMax: z.number(),
});
export type PremiumArea = z.infer<typeof premiumAreaSchema>;

// ---------- GET / POST /loyalty/premium/product (premium customers only; decision 043) ----------
export const PREMIUM_PRODUCT_ID_TEXT = 'Scegli un prodotto del catalogo.';
export const premiumProductBodySchema = z.object({
  productId: z
    .number({ error: PREMIUM_PRODUCT_ID_TEXT })
    .int({ error: PREMIUM_PRODUCT_ID_TEXT })
    .min(1, { error: PREMIUM_PRODUCT_ID_TEXT })
    .max(2_147_483_647, { error: PREMIUM_PRODUCT_ID_TEXT }),
});
export type PremiumProductBody = z.input<typeof premiumProductBodySchema>;
export const premiumProductSchema = z.object({
  /** the 20 % perk runs today */
  discountOn: z.boolean(),
  percent: z.number().int(),
  /** the last day of the perk's current period, YYYY-MM-DD; null: the chain no longer runs it */
  discountUntil: z.string().nullable(),
  /** the chosen product as the catalogue shows it; null: none chosen (or no longer sold) */
  product: productSchema.nullable(),
  /** YYYY-MM-DD, the Italian day it was chosen; null: none chosen */
  chosenOn: z.string().nullable(),
  /** the product may be chosen or changed now (once per calendar month) */
  canChange: z.boolean(),
  /** YYYY-MM-DD, the first day it may be changed when it cannot now; null otherwise */
  changeableFrom: z.string().nullable(),
});
export type PremiumProduct = z.infer<typeof premiumProductSchema>;

// ---------- endpoints (the loyalty module registers them) ----------
export const loyaltyEndpoints = {
  cardView: endpoint({ method: 'GET', path: '/loyalty/card', response: cardViewSchema }),
  cardLink: endpoint({
    method: 'POST',
    path: '/loyalty/card/link',
    body: cardLinkBodySchema,
    response: cardViewSchema,
  }),
  premiumRequest: endpoint({
    method: 'POST',
    path: '/loyalty/premium/request',
    body: premiumRequestBodySchema,
    response: cardViewSchema,
  }),
  premiumArea: endpoint({ method: 'GET', path: '/loyalty/premium/area', response: premiumAreaSchema }),
  premiumProduct: endpoint({
    method: 'GET',
    path: '/loyalty/premium/product',
    response: premiumProductSchema,
  }),
  premiumProductChoose: endpoint({
    method: 'POST',
    path: '/loyalty/premium/product',
    body: premiumProductBodySchema,
    response: premiumProductSchema,
  }),
  walletView: endpoint({
    method: 'GET',
    path: '/wallet/view',
    query: walletViewQuerySchema,
    response: walletViewSchema,
  }),
} as const;
