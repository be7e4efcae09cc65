import { z } from 'zod';
import { ADMIN_GRANTS } from './admin';
import { endpoint } from './endpoint';
import { PHYSICAL_CARD_STATES } from '../loyalty/premium';
import { userGiftCertificateSchema } from './gift-certificates';
import { cardViewSchema, walletViewQuerySchema, walletViewSchema } from './loyalty';
import { orderIdParam } from './order-shape';

/**
 * A customer's wallet in the back office (issue 21, decision 037), under /ebsn/api/admin/customers/:id:
 * customer service reads it and grants a goodwill credit with a reason the customer reads; every credit is in
 * the audit log. The roles are the customers' (`ADMIN_GRANTS.customers`). The loyalty module registers these.
 */
export const WALLET_GRANTS = ADMIN_GRANTS.customers;
/** the most one goodwill credit may be, in euros (a bigger one is a refund through the order) */
export const GOODWILL_MAX_EUROS = 500;
export const GOODWILL_REASON_MIN = 3;
export const GOODWILL_REASON_MAX = 300;
export const GOODWILL_AMOUNT_TEXT = `Indica un importo in euro, con al massimo due decimali, tra 0,01 e ${GOODWILL_MAX_EUROS} €.`;
export const GOODWILL_ORDER_TEXT = 'Indica il numero di un ordine del cliente, o lascialo vuoto.';
export const GOODWILL_REASON_TEXT = `Scrivi il motivo dell'accredito (da ${GOODWILL_REASON_MIN} a ${GOODWILL_REASON_MAX} caratteri): il cliente lo legge.`;

// ---------- POST /admin/customers/:id/wallet-credit ----------
const cents = (euros: number) => Math.round(euros * 100);
export const goodwillCreditBodySchema = z.object({
  amount: z
    .number({ error: GOODWILL_AMOUNT_TEXT })
    .min(0.01, { error: GOODWILL_AMOUNT_TEXT })
    .max(GOODWILL_MAX_EUROS, { error: GOODWILL_AMOUNT_TEXT })
    .refine((v) => Math.abs(v * 100 - cents(v)) < 1e-6, { error: GOODWILL_AMOUNT_TEXT }),
  reason: z
    .string({ error: GOODWILL_REASON_TEXT })
    .trim()
    .min(GOODWILL_REASON_MIN, { error: GOODWILL_REASON_TEXT })
    .max(GOODWILL_REASON_MAX, { error: GOODWILL_REASON_TEXT }),
  /**
   * the customer's order the credit is for (a complaint): an invoiced order gets a credit note for it
   * (decision 094); absent: a credit tied to no order
   */
  orderId: z
    .number({ error: GOODWILL_ORDER_TEXT })
    .int({ error: GOODWILL_ORDER_TEXT })
    .min(1, { error: GOODWILL_ORDER_TEXT })
    .max(2_147_483_647, { error: GOODWILL_ORDER_TEXT })
    .optional(),
});
export type GoodwillCreditBody = z.infer<typeof goodwillCreditBodySchema>;
export const adminWalletSchema = walletViewSchema.extend({ userId: z.number().int() });
export const adminWalletDataSchema = z.object({ data: adminWalletSchema });
export type AdminWalletData = z.infer<typeof adminWalletDataSchema>;
const customerParams = z.object({ id: orderIdParam });

// ---------- a customer's loyalty card and premium state (decision 038) ----------
export const EXCLUSION_REASON_MIN = 3;
export const EXCLUSION_REASON_MAX = 300;
export const EXCLUSION_REASON_TEXT = `Scrivi il motivo (da ${EXCLUSION_REASON_MIN} a ${EXCLUSION_REASON_MAX} caratteri): resta nel registro del back office.`;
export const EXCLUSION_FLAG_TEXT = 'Indica se escludere il cliente (sì o no).';
export const CARD_STATE_TEXT = 'Scegli lo stato della carta: spedita o consegnata.';

export const adminCardSchema = cardViewSchema.extend({
  userId: z.number().int(),
  exclusion: z
    .object({
      reason: z.string(),
      /** ISO date-time */
      since: z.string(),
      staffName: z.string().nullable(),
    })
    .nullable(),
  /** the premium card's 20 % product the customer chose (decision 043); null: none chosen */
  premiumProduct: z
    .object({
      productId: z.number().int(),
      /** the product's name as the catalogue sells it today; null: no longer sold */
      name: z.string().nullable(),
      /** YYYY-MM-DD, the Italian day it was chosen */
      chosenOn: z.string(),
    })
    .nullable(),
});
export const adminCardDataSchema = z.object({ data: adminCardSchema });
export type AdminCardData = z.infer<typeof adminCardDataSchema>;

// ---------- POST /admin/customers/:id/premium-exclusion ----------
export const premiumExclusionBodySchema = z.object({
  excluded: z.boolean({ error: EXCLUSION_FLAG_TEXT }),
  reason: z
    .string({ error: EXCLUSION_REASON_TEXT })
    .trim()
    .min(EXCLUSION_REASON_MIN, { error: EXCLUSION_REASON_TEXT })
    .max(EXCLUSION_REASON_MAX, { error: EXCLUSION_REASON_TEXT }),
});
export type PremiumExclusionBody = z.infer<typeof premiumExclusionBodySchema>;

// ---------- POST /admin/customers/:id/premium-card-state ----------
export const premiumCardStateBodySchema = z.object({
  state: z.enum(PHYSICAL_CARD_STATES.filter((s) => s !== 'requested') as ['shipped', 'delivered'], {
    error: CARD_STATE_TEXT,
  }),
});
export type PremiumCardStateBody = z.infer<typeof premiumCardStateBodySchema>;
// ---------- a customer's gift certificates (decision 040) ----------
/** the most one certificate granted by hand may be worth, in euros */
export const GRANT_MAX_EUROS = 100;
export const GRANT_MIN_SPEND_MAX_EUROS = 1000;
export const GRANT_VALID_DAYS_MAX = 365;
export const GRANT_VALID_DAYS_DEFAULT = 90;
export const GRANT_AMOUNT_TEXT = `Indica il valore del buono in euro, con al massimo due decimali, tra 0,01 e ${GRANT_MAX_EUROS} €.`;
export const GRANT_MIN_SPEND_TEXT = `Indica la spesa minima in euro, con al massimo due decimali, tra 0 e ${GRANT_MIN_SPEND_MAX_EUROS} €.`;
export const GRANT_VALID_DAYS_TEXT = `Indica per quanti giorni vale il buono, da 1 a ${GRANT_VALID_DAYS_MAX}.`;
export const GRANT_REASON_TEXT = `Scrivi il motivo del buono (da ${GOODWILL_REASON_MIN} a ${GOODWILL_REASON_MAX} caratteri): il cliente lo legge.`;
const wholeCents = (v: number) => Math.abs(v * 100 - cents(v)) < 1e-6;
export const grantGiftBodySchema = z.object({
  amount: z
    .number({ error: GRANT_AMOUNT_TEXT })
    .min(0.01, { error: GRANT_AMOUNT_TEXT })
    .max(GRANT_MAX_EUROS, { error: GRANT_AMOUNT_TEXT })
    .refine(wholeCents, { error: GRANT_AMOUNT_TEXT }),
  minSpend: z
    .number({ error: GRANT_MIN_SPEND_TEXT })
    .min(0, { error: GRANT_MIN_SPEND_TEXT })
    .max(GRANT_MIN_SPEND_MAX_EUROS, { error: GRANT_MIN_SPEND_TEXT })
    .refine(wholeCents, { error: GRANT_MIN_SPEND_TEXT })
    .default(0),
  validDays: z
    .number({ error: GRANT_VALID_DAYS_TEXT })
    .int({ error: GRANT_VALID_DAYS_TEXT })
    .min(1, { error: GRANT_VALID_DAYS_TEXT })
    .max(GRANT_VALID_DAYS_MAX, { error: GRANT_VALID_DAYS_TEXT })
    .default(GRANT_VALID_DAYS_DEFAULT),
  reason: z
    .string({ error: GRANT_REASON_TEXT })
    .trim()
    .min(GOODWILL_REASON_MIN, { error: GRANT_REASON_TEXT })
    .max(GOODWILL_REASON_MAX, { error: GRANT_REASON_TEXT }),
});
export type GrantGiftBody = z.input<typeof grantGiftBodySchema>;
export const adminGiftCertificatesDataSchema = z.object({
  data: z.object({ userId: z.number().int(), userGiftCertificates: z.array(userGiftCertificateSchema) }),
});
export type AdminGiftCertificatesData = z.infer<typeof adminGiftCertificatesDataSchema>;

// ---------- endpoints (the loyalty module registers them) ----------
export const adminLoyaltyEndpoints = {
  loyaltyCard: endpoint({
    method: 'GET',
    path: '/admin/customers/:id/loyalty-card',
    params: customerParams,
    response: adminCardDataSchema,
  }),
  premiumExclusion: endpoint({
    method: 'POST',
    path: '/admin/customers/:id/premium-exclusion',
    params: customerParams,
    body: premiumExclusionBodySchema,
    response: adminCardDataSchema,
  }),
  premiumCardState: endpoint({
    method: 'POST',
    path: '/admin/customers/:id/premium-card-state',
    params: customerParams,
    body: premiumCardStateBodySchema,
    response: adminCardDataSchema,
  }),
  wallet: endpoint({
    method: 'GET',
    path: '/admin/customers/:id/wallet',
    params: customerParams,
    query: walletViewQuerySchema,
    response: adminWalletDataSchema,
  }),
  goodwillCredit: endpoint({
    method: 'POST',
    path: '/admin/customers/:id/wallet-credit',
    params: customerParams,
    body: goodwillCreditBodySchema,
    response: adminWalletDataSchema,
  }),
  giftCertificates: endpoint({
    method: 'GET',
    path: '/admin/customers/:id/gift-certificates',
    params: customerParams,
    response: adminGiftCertificatesDataSchema,
  }),
  grantGiftCertificate: endpoint({
    method: 'POST',
    path: '/admin/customers/:id/gift-certificates',
    params: customerParams,
    body: grantGiftBodySchema,
    response: adminGiftCertificatesDataSchema,
  }),
} as const;
