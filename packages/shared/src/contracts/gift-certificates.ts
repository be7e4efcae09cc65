import { z } from 'zod';
import { giftCertificateSchema } from './checkout';
import { endpoint } from './endpoint';

/**
 * The customer's gift certificates and advantages (issue 21, decision 040). A personal certificate ("buono")
 * belongs to one customer, is used once and has its own code: granted by customer service with a reason, as
 * an invite reward, or by a CRM campaign. An advantage ("vantaggio") is a code offered to the customers of a
 * CRM segment and/or from a profile level. Either is applied to the cart with POST /cart-giftcertificate/
 * add_code; the cart's orderAdjustments name it by `userGiftCertificateId`. The loyalty module registers these.
 */
export const GIFT_SOURCES = ['manual', 'invite', 'crm'] as const;
export type GiftSource = (typeof GIFT_SOURCES)[number];
export const GIFT_STATES = ['available', 'used', 'expired'] as const;
export type GiftState = (typeof GIFT_STATES)[number];

export const userGiftCertificateSchema = z.object({
  /** the certificate's id (the cart's orderAdjustments[].userGiftCertificateId) */
  userGiftCertificateId: z.number().int(),
  giftCertificate: giftCertificateSchema,
  /** personal: this customer's own; advantage: offered to a segment or a profile level */
  type: z.enum(['personal', 'advantage']),
  /** a personal certificate's origin (null: an advantage) */
  source: z.enum(GIFT_SOURCES).nullable(),
  /** customer service's reason for a certificate granted by hand */
  reason: z.string().nullable(),
  /** what the customer reads of its conditions */
  conditions: z.string(),
  /** YYYY-MM-DD */
  validFrom: z.string(),
  state: z.enum(GIFT_STATES),
  /** the order that used it (a used personal certificate) */
  orderId: z.number().int().nullable(),
  /** ISO date-time of that use */
  usedAt: z.string().nullable(),
});
export type UserGiftCertificate = z.infer<typeof userGiftCertificateSchema>;

export const userGiftCertificatesSchema = z.object({
  userGiftCertificates: z.array(userGiftCertificateSchema),
});
export type UserGiftCertificates = z.infer<typeof userGiftCertificatesSchema>;

const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');
export const manualAssignedQuerySchema = z.object({ show_history: queryBool.optional() });

// ---------- GET /{provider}-registration/refresh_user_promovar ----------
/** the providers of promotion variables (the chain's own loyalty programme) */
export const PROMOVAR_PROVIDERS = ['spesa'] as const;
/** minutes between two refreshes of one customer's promotion variables (spec section 9) */
export const PROMOVAR_COOLDOWN_MINUTES = 5;
export const promovarParamsSchema = z.object({ provider: z.enum(PROMOVAR_PROVIDERS) });
export const promovarSchema = z.object({
  profile: z.object({ level: z.number().int() }),
  crmUserSegments: z.array(z.object({ crmSegment: z.object({ crmSegmentId: z.number().int() }) })),
  /** delivered orders of the last 12 months: what the level is computed from */
  deliveredOrders: z.number().int(),
  /** personal certificates usable now (User.giftCertificatesReceived) */
  giftCertificatesReceived: z.number().int(),
  /** ISO date-time of the last recomputation */
  refreshedAt: z.string(),
  /** ISO date-time from which another refresh recomputes */
  nextRefreshAt: z.string(),
});
export type Promovar = z.infer<typeof promovarSchema>;

// ---------- endpoints (the loyalty module registers them) ----------
export const giftCertificateEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/giftcertificate/list',
    response: userGiftCertificatesSchema,
  }),
  listManualAssigned: endpoint({
    method: 'GET',
    path: '/giftcertificate/list-manual-assigned',
    query: manualAssignedQuerySchema,
    response: userGiftCertificatesSchema,
  }),
  refreshPromovar: endpoint({
    method: 'GET',
    path: '/:provider-registration/refresh_user_promovar',
    params: promovarParamsSchema,
    response: promovarSchema,
  }),
} as const;
