import { z } from 'zod';
import { formFieldSchema, formSettingsSchema } from '../forms/form-fields';
import { endpoint } from './endpoint';

/**
 * The content system's forms (issue 23, decision 051), served by the forms module at the spec's own paths,
 * outside /ebsn/api (spec section 7): the form with a fresh nonce, and the WordPress `admin-ajax.php` call
 * whose multipart body carries either the submission (`nf_ajax_submit`) or a file (`nf_fu_upload`).
 */
export const GET_MAIL_PARS_PATH = '/p/wp-json/ebsn/v1/get_mail_pars';
export const ADMIN_AJAX_PATH = '/p/wp-admin/admin-ajax.php';

export const getMailParsQuerySchema = z.object({
  form_id: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const mailParsSchema = z.object({
  form_id: z.number().int(),
  /** single use, for this view of the form: sent back with the uploads and the submission */
  nonce: z.string(),
  /** ISO date-time after which the nonce is refused */
  nonce_expires: z.string(),
  settings: formSettingsSchema,
  /** `$` defaults and `$ordersList` options already filled with the signed-in customer's data */
  fields: z.array(formFieldSchema),
});
export type MailPars = z.infer<typeof mailParsSchema>;

/** One stored file of `nf_fu_upload`: its token goes into the submission's value of the field. */
export const uploadedFileSchema = z.object({ token: z.string(), name: z.string(), size: z.number().int() });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const ADMIN_AJAX_ACTIONS = ['nf_ajax_submit', 'nf_fu_upload'] as const;

export const adminAjaxAnswerSchema = z.object({
  action: z.enum(ADMIN_AJAX_ACTIONS),
  /** nf_ajax_submit: the ticket's number and the form's success message */
  submission: z
    .object({ ticket: z.string(), ticket_type: z.number().int(), success_msg: z.string() })
    .nullable(),
  /** nf_fu_upload: the files stored */
  files: z.array(uploadedFileSchema),
});
export type AdminAjaxAnswer = z.infer<typeof adminAjaxAnswerSchema>;

/**
 * The signed-in customer's own requests sent through the forms (tickets), newest first: what the help page
 * lists. A ticket is kept for the retention period (180 days) and is open while it is kept: the chain answers
 * by mail or phone, and closing a ticket is not a step of the forms yet (decision 070).
 */
export const MY_TICKETS_PATH = '/p/wp-json/ebsn/v1/my_tickets';
export const MY_TICKETS_LIMIT = 50;
export const myTicketSchema = z.object({
  /** "T18-000042", the number the customer was told */
  ticket: z.string(),
  ticket_type: z.number().int(),
  /** the form's title: "Contattaci", "Reclamo su un ordine"… */
  form_title: z.string(),
  /** ISO 8601 (UTC) */
  created_at: z.string(),
});
export type MyTicket = z.infer<typeof myTicketSchema>;
export const myTicketsSchema = z.object({ tickets: z.array(myTicketSchema) });

export const formsEndpoints = {
  mailPars: endpoint({
    method: 'GET',
    path: GET_MAIL_PARS_PATH,
    query: getMailParsQuerySchema,
    response: mailParsSchema,
  }),
  /** multipart/form-data: `action`, then `security` + `formData` or `form_id` + `field_id` + `nonce` + `files` */
  adminAjax: endpoint({ method: 'POST', path: ADMIN_AJAX_PATH, response: adminAjaxAnswerSchema }),
  myTickets: endpoint({ method: 'GET', path: MY_TICKETS_PATH, response: myTicketsSchema }),
} as const;
