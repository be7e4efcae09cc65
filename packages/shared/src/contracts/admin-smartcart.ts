import { z } from 'zod';
import { ADMIN_GRANTS } from './admin';
import { endpoint } from './endpoint';
import { RESCAN_OUTCOMES, SMART_CART_STATUSES } from './smartcart';

/**
 * Self-scanning in the back office (decision 057), under /ebsn/api/admin/self-scanning: the stores with their
 * self-scanning state, the share of ended sessions flagged for a re-scan at the till, and the sessions of the
 * day; a store switched on or off and its share changed (audited); the printable poster with the store's
 * entrance code. A store manager sees and changes their own stores only. The smartcart module registers these.
 */
export const SELF_SCANNING_GRANTS = ADMIN_GRANTS.selfScanning;

const id = z.coerce.number().int().min(1).max(2_147_483_647);

/** The day's sessions of a store, counted by what happened to them (Europe/Rome day of their start). */
export const selfScanningDaySchema = z.object({
  started: z.number().int(),
  /** ended by the customer (till code shown), whether paid yet or not */
  ended: z.number().int(),
  /** paid at the till (the receipt written) */
  closed: z.number().int(),
  cancelled: z.number().int(),
  /** flagged for a re-scan check at the till */
  flagged: z.number().int(),
  rescanPassed: z.number().int(),
  rescanDiscrepancies: z.number().int(),
  /** flagged sessions whose check the till has not reported yet */
  rescanPending: z.number().int(),
});
export type SelfScanningDay = z.infer<typeof selfScanningDaySchema>;

export const adminSelfScanningStoreSchema = z.object({
  /** react-admin's record id: the store's (warehouse) id */
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  enabled: z.boolean(),
  /** percent (0-100) of ended sessions flagged for a re-scan */
  rescanPercent: z.number().int(),
  /** the share is the chain's default (no store setting) */
  rescanPercentDefault: z.boolean(),
  /** the code printed at the store's entrance, read by the phone to choose the store */
  entranceCode: z.string(),
  /** the last change of the settings (null: never set); an edit sends it back */
  updatedAt: z.string().nullable(),
  /** the Europe/Rome day counted */
  date: z.string(),
  today: selfScanningDaySchema,
});
export type AdminSelfScanningStore = z.infer<typeof adminSelfScanningStoreSchema>;

export const adminSelfScanningSessionSchema = z.object({
  sessionId: z.number().int(),
  status: z.enum(SMART_CART_STATUSES),
  lines: z.number().int(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  rescan: z.boolean(),
  rescanOutcome: z.enum(RESCAN_OUTCOMES).nullable(),
  rescanDiscrepancies: z.number().int().nullable(),
  rescanAdjustedCents: z.number().int().nullable(),
  rescanTill: z.string().nullable(),
  rescanAt: z.string().nullable(),
});
export type AdminSelfScanningSession = z.infer<typeof adminSelfScanningSessionSchema>;

export const adminSelfScanningListSchema = z.object({
  data: z.array(adminSelfScanningStoreSchema),
  total: z.number().int(),
});
export const adminSelfScanningDetailSchema = z.object({
  data: adminSelfScanningStoreSchema.extend({ sessions: z.array(adminSelfScanningSessionSchema) }),
});
export type AdminSelfScanningDetail = z.infer<typeof adminSelfScanningDetailSchema>['data'];

export const RESCAN_PERCENT_TEXT = 'Indica una percentuale intera da 0 a 100.';

/** A change of a store's settings: what changed, and the `updatedAt` the editor read (null: never set). */
export const adminSelfScanningUpdateSchema = z
  .object({
    enabled: z.boolean({ message: 'Indica se il self-scanning è attivo.' }).optional(),
    rescanPercent: z
      .number({ message: RESCAN_PERCENT_TEXT })
      .int({ message: RESCAN_PERCENT_TEXT })
      .min(0, { message: RESCAN_PERCENT_TEXT })
      .max(100, { message: RESCAN_PERCENT_TEXT })
      .optional(),
    updatedAt: z.string().min(10).max(40).nullable(),
  })
  .strict();
export type AdminSelfScanningUpdate = z.infer<typeof adminSelfScanningUpdateSchema>;

export const adminSelfScanningEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/self-scanning',
    response: adminSelfScanningListSchema,
  }),
  one: endpoint({
    method: 'GET',
    path: '/admin/self-scanning/:id',
    params: z.object({ id }),
    response: adminSelfScanningDetailSchema,
  }),
  update: endpoint({
    method: 'POST',
    path: '/admin/self-scanning/:id',
    params: z.object({ id }),
    body: adminSelfScanningUpdateSchema,
    response: adminSelfScanningDetailSchema,
  }),
} as const;

/** The poster's address (a PDF, outside the envelope): the admin app links to it. */
export const selfScanningPosterPath = (storeId: number) =>
  `/ebsn/api/admin/self-scanning/${storeId}/poster.pdf`;
export const selfScanningPosterParamsSchema = z.object({ id });
