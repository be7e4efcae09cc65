import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * "E-mail non recapitate" (decision 101, session 51): the shop's mails sent through SMTP that did not leave,
 * and their resend, under /ebsn/api/admin/mails. Staff signed in to the back office, of the roles of
 * ADMIN_GRANTS.mails (the resend: its `write` roles). The list never carries a mail's body (reset links,
 * codes). Instants are UTC ISO 8601.
 */

/**
 * Which mails a list shows: `unsent` the SMTP server refused or could not be reached (an error is recorded),
 * `waiting` written and not tried yet (no error), `sent` delivered to the SMTP server.
 */
export const MAIL_STATES = ['unsent', 'waiting', 'sent'] as const;
export type MailState = (typeof MAIL_STATES)[number];
export const MAIL_STATE_LABEL: Record<MailState, string> = {
  unsent: 'Non recapitate',
  waiting: 'In attesa',
  sent: 'Inviate',
};

export const ADMIN_MAIL_TEXT = {
  state: 'Stato non valido: scegli tra non recapitate, in attesa e inviate.',
  to: 'Indica un indirizzo e-mail (al massimo 254 caratteri).',
  id: 'Indica un’e-mail valida.',
} as const;

export const adminMailListQuerySchema = z.object({
  state: z.enum(MAIL_STATES, { message: ADMIN_MAIL_TEXT.state }).default('unsent'),
  /** the recipient's address, whole (case-insensitive) */
  to: z
    .string({ message: ADMIN_MAIL_TEXT.to })
    .trim()
    .min(1, { message: ADMIN_MAIL_TEXT.to })
    .max(254, {
      message: ADMIN_MAIL_TEXT.to,
    })
    .optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminMailListQuery = z.infer<typeof adminMailListQuerySchema>;

/** One outbox mail as the staff see it: who, what, when, why it did not leave; never its body. */
export const adminMailSchema = z.object({
  /** mail_outbox.mail_id */
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  /** the kind of mail (order-confirmation, password-reset, invoice-issued…) */
  template: z.string(),
  state: z.enum(MAIL_STATES),
  createdAt: z.string(),
  /** when the SMTP server accepted it, or null */
  sentAt: z.string().nullable(),
  /** the SMTP server's last refusal or the connection's failure, or null */
  error: z.string().nullable(),
  /** a delivery job is waiting for it (a retry, or a resend): sending it again is refused meanwhile */
  queued: z.boolean(),
  /** the waiting job's attempts so far (null: no job waiting) */
  attempts: z.number().int().nullable(),
  /** when the waiting job tries next (null: no job waiting) */
  nextTryAt: z.string().nullable(),
});
export type AdminMail = z.infer<typeof adminMailSchema>;
export const adminMailListDataSchema = z.object({
  data: z.array(adminMailSchema),
  total: z.number().int(),
});
export const adminMailParamsSchema = z.object({
  id: z.coerce
    .number({ message: ADMIN_MAIL_TEXT.id })
    .int({ message: ADMIN_MAIL_TEXT.id })
    .min(1, { message: ADMIN_MAIL_TEXT.id })
    .max(2_147_483_647, { message: ADMIN_MAIL_TEXT.id }),
});
export const adminMailDataSchema = z.object({ data: adminMailSchema });

export const adminMailsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/mails',
    query: adminMailListQuerySchema,
    response: adminMailListDataSchema,
  }),
  resend: endpoint({
    method: 'POST',
    path: '/admin/mails/:id/resend',
    params: adminMailParamsSchema,
    response: adminMailDataSchema,
  }),
};
