import { z } from 'zod';
import { personFiscalFormSchema } from './account';
import { endpoint } from './endpoint';
import { orderInvoiceSchema } from './order-shape';

/**
 * Electronic invoices (issue 51, decision 087): the customer's invoice and credit notes of an order, their
 * courtesy copy (PDF) and XML, and the back office's list, resend and the accountant's export.
 */

const id = (message: string) =>
  z.coerce.number({ message }).int({ message }).min(1, { message }).max(2_147_483_647, { message });
const orderId = id('Indica un ordine valido.');
const documentId = id('Indica un documento valido.');

export const INVOICE_KINDS = ['TD01', 'TD04'] as const;
/** replaced: rejected by the SDI (so never issued) and re-issued corrected (decision 094) */
export const SDI_STATES = ['ready', 'sent', 'delivered', 'rejected', 'replaced'] as const;
/** the states as the staff and the customer read them */
export const SDI_STATE_LABEL: Record<(typeof SDI_STATES)[number], string> = {
  ready: 'Da inviare',
  sent: 'Inviato allo SDI',
  delivered: 'Consegnato',
  rejected: 'Scartato dallo SDI',
  replaced: 'Scartato e sostituito',
};

export const invoiceDocumentSchema = z.object({
  documentId: z.number().int(),
  /** TD01 invoice, TD04 credit note */
  kind: z.enum(INVOICE_KINDS),
  /** "Fattura" | "Nota di credito" */
  kindLabel: z.string(),
  number: z.string(),
  /** YYYY-MM-DD */
  issuedOn: z.string(),
  orderId: z.number().int(),
  /** the invoice a credit note refers to */
  relatedNumber: z.string().nullable(),
  customerName: z.string(),
  /** euro, VAT included */
  total: z.number(),
  vat: z.number(),
  sdiState: z.enum(SDI_STATES),
  sdiStateLabel: z.string(),
});
export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;

export const orderDocumentsQuerySchema = z.object({ order_id: orderId });
export const documentQuerySchema = z.object({ document_id: documentId });
export const orderDocumentsDataSchema = z.object({ documents: z.array(invoiceDocumentSchema) });

// ---------- back office ----------
const isoDay = z
  .string({ message: 'Indica un giorno (AAAA-MM-GG).' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Indica un giorno (AAAA-MM-GG).' })
  .refine((v) => new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    message: 'Indica un giorno esistente (AAAA-MM-GG).',
  });
export const INVOICE_EXPORT_MAX_DAYS = 366;

export const adminDocumentListQuerySchema = z.object({
  from: isoDay.optional(),
  to: isoDay.optional(),
  kind: z.enum(INVOICE_KINDS, { message: 'Tipo di documento non valido (TD01 o TD04).' }).optional(),
  sdiState: z.enum(SDI_STATES, { message: 'Stato non valido.' }).optional(),
  orderId: orderId.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
});
export const adminDocumentSchema = invoiceDocumentSchema.extend({
  id: z.number().int(),
  sdiId: z.string().nullable(),
  sdiErrors: z.array(z.object({ code: z.string(), description: z.string() })),
  sendAttempts: z.number().int(),
  /** ISO instant of the last state change */
  stateAt: z.string(),
});
export type AdminInvoiceDocument = z.infer<typeof adminDocumentSchema>;
export const adminDocumentListDataSchema = z.object({
  data: z.array(adminDocumentSchema),
  total: z.number().int(),
});
export const adminDocumentParamsSchema = z.object({ id: documentId });
export const adminDocumentDataSchema = z.object({ data: adminDocumentSchema });

/**
 * A document the SDI rejected, as the staff correct it (decision 094): the SDI's codes and what they point
 * at, the order's invoice data to correct, and whether the corrected file keeps the rejected one's number
 * and date (within 5 days of the rejection) or takes the next number, dated the day it is issued.
 */
export const invoiceCorrectionSchema = z.object({
  documentId: z.number().int(),
  number: z.string(),
  sdiErrors: z.array(z.object({ code: z.string(), description: z.string() })),
  hints: z.array(z.string()),
  /** YYYY-MM-DD: the last day the corrected file keeps the same number and date */
  sameNumberUntil: z.string(),
  sameNumber: z.boolean(),
  /** the invoice data the order holds (as the customer entered them) */
  invoice: orderInvoiceSchema.nullable(),
});
export type InvoiceCorrection = z.infer<typeof invoiceCorrectionSchema>;
export const invoiceCorrectionDataSchema = z.object({ data: invoiceCorrectionSchema });
/** the corrected invoice data, under the rules of the invoice data form (spec section 5) */
export const invoiceReissueBodySchema = z.object({ invoice: personFiscalFormSchema });

/** the accountant's export: all documents issued between two days (at most a year) */
export const invoiceExportQuerySchema = z
  .object({ from: isoDay, to: isoDay })
  .refine((q) => q.from <= q.to, { message: 'Il primo giorno viene dopo l’ultimo.', path: ['to'] })
  .refine(
    (q) =>
      (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 <
      INVOICE_EXPORT_MAX_DAYS,
    { message: `Il periodo può essere al massimo di ${INVOICE_EXPORT_MAX_DAYS} giorni.`, path: ['to'] },
  );

/** the intermediary's notice of the SDI's outcome of a file */
export const sdiNotificationBodySchema = z.object({
  id: z.string().trim().min(1).max(100),
  outcome: z.enum(['delivered', 'rejected']),
  errors: z
    .array(z.object({ code: z.string().max(20), description: z.string().max(500) }))
    .max(50)
    .default([]),
});

export const invoicesEndpoints = {
  ofOrder: endpoint({
    method: 'GET',
    path: '/invoices/order',
    query: orderDocumentsQuerySchema,
    response: orderDocumentsDataSchema,
  }),
  sdiNotification: endpoint({
    method: 'POST',
    path: '/invoices/sdi/notifications',
    body: sdiNotificationBodySchema,
    response: z.object({ recorded: z.boolean() }),
  }),
};

export const adminInvoicesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/invoices',
    query: adminDocumentListQuerySchema,
    response: adminDocumentListDataSchema,
  }),
  resend: endpoint({
    method: 'POST',
    path: '/admin/invoices/:id/resend',
    params: adminDocumentParamsSchema,
    response: adminDocumentDataSchema,
  }),
  correction: endpoint({
    method: 'GET',
    path: '/admin/invoices/:id/correction',
    params: adminDocumentParamsSchema,
    response: invoiceCorrectionDataSchema,
  }),
  reissue: endpoint({
    method: 'POST',
    path: '/admin/invoices/:id/reissue',
    params: adminDocumentParamsSchema,
    body: invoiceReissueBodySchema,
    response: adminDocumentDataSchema,
  }),
};
