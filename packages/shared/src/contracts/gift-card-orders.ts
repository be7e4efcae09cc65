import { z } from 'zod';
import { isFiscalCodeValid } from '../account/fiscal-code';
import { EMAIL_PATTERN, MESSAGES, PHONE_PATTERN } from '../account/validation-rules';
import { isVatNumberValid, normaliseVatNumber } from '../account/vat-number';
import {
  GIFT_CARD_DENOMINATIONS,
  GIFT_CARD_ORDER_STATES,
  GIFT_CARD_PROGRAMME,
  GIFT_CARD_PROVINCES,
  PROVINCE_NAMES,
} from '../loyalty/gift-card-partners';
import { ADMIN_GRANTS } from './admin';
import { endpoint } from './endpoint';
import { orderIdParam } from './order-shape';

/**
 * The gift-card partner programme (issue 21, decision 044): a company asks for the chain's gift cards in bulk
 * (POST /loyalty/gift-card-orders, anyone, throttled per address), customer service follows the requests in
 * the back office (/admin/gift-card-orders). Amounts on the wire are euros with two decimals (decision 002).
 * The loyalty module registers these.
 */
export const GIFT_CARD_ORDER_GRANTS = ADMIN_GRANTS.giftCardOrders;

export const GIFT_CARD_TEXT = {
  companyName: 'Indica la ragione sociale dell’azienda (da 2 a 120 caratteri).',
  vatNumber: 'Partita IVA non valida: controlla le 11 cifre.',
  fiscalCode:
    'Codice fiscale dell’azienda non valido: 11 cifre (come la partita IVA) o 16 caratteri, oppure lascialo vuoto.',
  sdiCode: 'Il codice destinatario (SDI) è di 7 lettere o cifre.',
  pec: 'Digitare un indirizzo PEC valido.',
  sdiOrPec: 'Per la fattura elettronica indica il codice destinatario (SDI) oppure la PEC.',
  contactName: 'Indica nome e cognome del referente (da 2 a 120 caratteri).',
  email: MESSAGES.email,
  phone: MESSAGES.phone,
  address1: 'Indica la via di consegna.',
  addressNumber: 'Indica il numero civico.',
  postalCode: 'Il CAP è di 5 cifre.',
  city: 'Indica il comune di consegna.',
  province: `Consegniamo le gift card solo nelle province di ${Object.values(PROVINCE_NAMES).join(', ')}.`,
  denomination: `Scegli un taglio tra ${GIFT_CARD_DENOMINATIONS.map((v) => `${v} €`).join(', ')}.`,
  duplicateDenomination: 'Ogni taglio va indicato una volta sola.',
  quantity: `Indica quante card di questo taglio, da 0 a ${GIFT_CARD_PROGRAMME.maxQuantityPerLine.toLocaleString('it-IT')}.`,
  noCards: 'Indica quante gift card ti servono: almeno una.',
  tooMuch: `Per ordini oltre ${(GIFT_CARD_PROGRAMME.maxGoodsCents / 100).toLocaleString('it-IT')} € contatta il servizio clienti.`,
  notes: 'Le note possono essere lunghe al massimo 500 caratteri.',
  privacy: 'Per inviare la richiesta devi aver letto l’informativa sulla privacy.',
  requestKey: 'Richiesta non valida: ricarica la pagina e riprova.',
} as const;

const text = (min: number, max: number, message: string) =>
  z.string({ error: message }).trim().min(min, { error: message }).max(max, { error: message });
const optional = (max: number, message: string, valid: (v: string) => boolean) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .refine((v) => v === '' || valid(v), { error: message })
    .default('');

/** A company's fiscal code: 11 digits with the partita IVA's check digit, or a person's 16 characters. */
const isCompanyFiscalCode = (v: string) =>
  /^\d{11}$/.test(v) ? isVatNumberValid(v) : v.length === 16 && isFiscalCodeValid(v);

export const giftCardLineSchema = z.object({
  /** euros, one of GIFT_CARD_DENOMINATIONS */
  value: z.coerce
    .number({ error: GIFT_CARD_TEXT.denomination })
    .refine((v) => (GIFT_CARD_DENOMINATIONS as readonly number[]).includes(v), {
      error: GIFT_CARD_TEXT.denomination,
    }),
  /** 0: none of this value (the form shows every value) */
  quantity: z.coerce
    .number({ error: GIFT_CARD_TEXT.quantity })
    .int({ error: GIFT_CARD_TEXT.quantity })
    .min(0, { error: GIFT_CARD_TEXT.quantity })
    .max(GIFT_CARD_PROGRAMME.maxQuantityPerLine, { error: GIFT_CARD_TEXT.quantity }),
});
export type GiftCardLineInput = z.input<typeof giftCardLineSchema>;

/** What the company fills in; the web form uses it as it is (its request key added when sending). */
export const giftCardRequestFormSchema = z
  .object({
    companyName: text(2, 120, GIFT_CARD_TEXT.companyName),
    vatNumber: z
      .string({ error: GIFT_CARD_TEXT.vatNumber })
      .max(20, { error: GIFT_CARD_TEXT.vatNumber })
      .transform(normaliseVatNumber)
      .refine(isVatNumberValid, { error: GIFT_CARD_TEXT.vatNumber }),
    fiscalCode: z
      .string({ error: GIFT_CARD_TEXT.fiscalCode })
      .trim()
      .toUpperCase()
      .max(16, { error: GIFT_CARD_TEXT.fiscalCode })
      .refine((v) => v === '' || isCompanyFiscalCode(v), { error: GIFT_CARD_TEXT.fiscalCode })
      .default(''),
    /** the SDI recipient code of the e-invoice ("codice destinatario"), 7 characters */
    sdiCode: z
      .string({ error: GIFT_CARD_TEXT.sdiCode })
      .trim()
      .toUpperCase()
      .max(7, { error: GIFT_CARD_TEXT.sdiCode })
      .refine((v) => v === '' || /^[A-Z0-9]{7}$/.test(v), { error: GIFT_CARD_TEXT.sdiCode })
      .default(''),
    pec: optional(254, GIFT_CARD_TEXT.pec, (v) => EMAIL_PATTERN.test(v)),
    contactName: text(2, 120, GIFT_CARD_TEXT.contactName),
    email: z
      .string({ error: GIFT_CARD_TEXT.email })
      .trim()
      .max(254, { error: GIFT_CARD_TEXT.email })
      .refine((v) => EMAIL_PATTERN.test(v), { error: GIFT_CARD_TEXT.email }),
    phone: z
      .string({ error: GIFT_CARD_TEXT.phone })
      .trim()
      .max(20, { error: GIFT_CARD_TEXT.phone })
      .refine((v) => PHONE_PATTERN.test(v), { error: GIFT_CARD_TEXT.phone }),
    address1: text(2, 120, GIFT_CARD_TEXT.address1),
    addressNumber: text(1, 10, GIFT_CARD_TEXT.addressNumber),
    postalCode: z
      .string({ error: GIFT_CARD_TEXT.postalCode })
      .trim()
      .regex(/^\d{5}$/, { error: GIFT_CARD_TEXT.postalCode }),
    city: text(2, 80, GIFT_CARD_TEXT.city),
    province: z
      .string({ error: GIFT_CARD_TEXT.province })
      .trim()
      .toUpperCase()
      .pipe(z.enum(GIFT_CARD_PROVINCES, { error: GIFT_CARD_TEXT.province })),
    lines: z
      .array(giftCardLineSchema, { error: GIFT_CARD_TEXT.noCards })
      .max(GIFT_CARD_DENOMINATIONS.length, {
        error: GIFT_CARD_TEXT.duplicateDenomination,
      }),
    notes: optional(500, GIFT_CARD_TEXT.notes, () => true),
    privacyAccepted: z.literal(true, { error: GIFT_CARD_TEXT.privacy }),
  })
  .superRefine((v, ctx) => {
    if (v.sdiCode === '' && v.pec === '')
      ctx.addIssue({ code: 'custom', path: ['sdiCode'], message: GIFT_CARD_TEXT.sdiOrPec });
    const values = v.lines.map((l) => l.value);
    if (new Set(values).size !== values.length)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: GIFT_CARD_TEXT.duplicateDenomination });
    const cards = v.lines.reduce((n, l) => n + l.quantity, 0);
    const goodsCents = v.lines.reduce((n, l) => n + l.value * 100 * l.quantity, 0);
    if (cards === 0) ctx.addIssue({ code: 'custom', path: ['lines'], message: GIFT_CARD_TEXT.noCards });
    else if (goodsCents > GIFT_CARD_PROGRAMME.maxGoodsCents)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: GIFT_CARD_TEXT.tooMuch });
  });
export type GiftCardRequestForm = z.input<typeof giftCardRequestFormSchema>;

/** The request sent: the form and a key the browser makes once per request (a double click sends one). */
export const giftCardRequestBodySchema = giftCardRequestFormSchema.and(
  z.object({
    requestKey: z
      .string({ error: GIFT_CARD_TEXT.requestKey })
      .regex(/^[A-Za-z0-9-]{16,64}$/, { error: GIFT_CARD_TEXT.requestKey }),
  }),
);
export type GiftCardRequestBody = z.output<typeof giftCardRequestBodySchema>;

const money = z.number();
export const giftCardReceiptSchema = z.object({
  requestNumber: z.string(),
  state: z.enum(GIFT_CARD_ORDER_STATES),
  companyName: z.string(),
  email: z.string(),
  lines: z.array(z.object({ value: z.number().int(), quantity: z.number().int(), total: money })),
  cards: z.number().int(),
  /** euros */
  goodsTotal: money,
  discount: money,
  invoiceTotal: money,
  discountPercent: z.number(),
  /** ISO date-times */
  receivedAt: z.string(),
  deliveryInfoBy: z.string(),
  /** YYYY-MM-DD, Italian day */
  expectedDeliveryDate: z.string(),
});
export type GiftCardReceipt = z.infer<typeof giftCardReceiptSchema>;

// ---------- the back office ----------
export const adminGiftCardOrderSchema = z.object({
  /** react-admin's record id */
  id: z.number().int(),
  requestNumber: z.string(),
  state: z.enum(GIFT_CARD_ORDER_STATES),
  /** still received 48 hours after the request */
  late: z.boolean(),
  companyName: z.string(),
  vatNumber: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  province: z.string(),
  cards: z.number().int(),
  goodsTotal: money,
  discount: money,
  invoiceTotal: money,
  receivedAt: z.string(),
  deliveryInfoBy: z.string(),
  expectedDeliveryDate: z.string(),
});
export type AdminGiftCardOrder = z.infer<typeof adminGiftCardOrderSchema>;
export const adminGiftCardOrderDetailSchema = adminGiftCardOrderSchema.extend({
  fiscalCode: z.string(),
  sdiCode: z.string(),
  pec: z.string(),
  address1: z.string(),
  addressNumber: z.string(),
  postalCode: z.string(),
  notes: z.string(),
  lines: giftCardReceiptSchema.shape.lines,
  /** what customer service last wrote (the delivery information sent, or why it was cancelled) */
  staffNote: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** the states the request may move to now */
  nextStates: z.array(z.enum(GIFT_CARD_ORDER_STATES)),
});
export type AdminGiftCardOrderDetail = z.infer<typeof adminGiftCardOrderDetailSchema>;

export const adminGiftCardOrderListQuerySchema = z.object({
  state: z.enum(GIFT_CARD_ORDER_STATES).optional(),
  /** only the late ones */
  late: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(25),
});
export type AdminGiftCardOrderListQuery = z.infer<typeof adminGiftCardOrderListQuerySchema>;

export const GIFT_CARD_STATE_TEXT = 'Scegli il nuovo stato: confermata, consegnata o annullata.';
export const GIFT_CARD_NOTE_TEXT = 'La nota può essere lunga al massimo 500 caratteri.';
export const adminGiftCardStateBodySchema = z.object({
  state: z.enum(['confirmed', 'delivered', 'cancelled'], { error: GIFT_CARD_STATE_TEXT }),
  /** confirmed: the delivery information e-mailed to the company (required); cancelled: why */
  note: z.string({ error: GIFT_CARD_NOTE_TEXT }).trim().max(500, { error: GIFT_CARD_NOTE_TEXT }).default(''),
});
export type AdminGiftCardStateBody = z.input<typeof adminGiftCardStateBodySchema>;

const orderParams = z.object({ id: orderIdParam });

// ---------- endpoints (the loyalty module registers them) ----------
export const giftCardOrderEndpoints = {
  send: endpoint({
    method: 'POST',
    path: '/loyalty/gift-card-orders',
    body: giftCardRequestBodySchema,
    response: giftCardReceiptSchema,
  }),
} as const;

export const adminGiftCardOrderEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/gift-card-orders',
    query: adminGiftCardOrderListQuerySchema,
    response: z.object({ data: z.array(adminGiftCardOrderSchema), total: z.number().int() }),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/admin/gift-card-orders/:id',
    params: orderParams,
    response: z.object({ data: adminGiftCardOrderDetailSchema }),
  }),
  move: endpoint({
    method: 'POST',
    path: '/admin/gift-card-orders/:id/state',
    params: orderParams,
    body: adminGiftCardStateBodySchema,
    response: z.object({ data: adminGiftCardOrderDetailSchema }),
  }),
} as const;
