import { z } from 'zod';
import { ADMIN_GRANTS } from './admin';
import { endpoint } from './endpoint';

/**
 * What visitors and customers sent through the shop's forms, in the back office (decision 051), under
 * /ebsn/api/admin/form-submissions: customer service reads the tickets (contact, work with us, complaints, card
 * data) with their answers and opens their files (`GET /admin/form-submissions/:id/files/:uploadId`, the bytes,
 * never public). Read only; kept for the retention period. The forms module registers these.
 */
export const FORM_SUBMISSIONS_GRANTS = ADMIN_GRANTS.formSubmissions;

const id = z.coerce.number().int().min(1).max(2_147_483_647);

export const adminSubmissionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(25),
  formId: id.optional(),
});
export const adminSubmissionSchema = z.object({
  id: z.number().int(),
  /** "T21-000042": the ticket the sender was told */
  ticket: z.string(),
  formId: z.number().int(),
  formTitle: z.string(),
  /** the signed-in customer who sent it, or null for a visitor */
  userId: z.number().int().nullable(),
  files: z.number().int(),
  /** ISO 8601 (UTC) */
  createdAt: z.string(),
  deleteAfter: z.string(),
});
export type AdminSubmission = z.infer<typeof adminSubmissionSchema>;
export const adminSubmissionListDataSchema = z.object({
  data: z.array(adminSubmissionSchema),
  total: z.number().int(),
});
export const adminSubmissionFileSchema = z.object({
  uploadId: z.number().int(),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});
export const adminSubmissionDetailSchema = adminSubmissionSchema.extend({
  answers: z.array(z.object({ key: z.string(), label: z.string(), value: z.string() })),
  attachments: z.array(adminSubmissionFileSchema),
});
export type AdminSubmissionDetail = z.infer<typeof adminSubmissionDetailSchema>;
export const adminSubmissionDataSchema = z.object({ data: adminSubmissionDetailSchema });
export const adminSubmissionFileParamsSchema = z.object({ id, uploadId: id });

export const adminFormsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/form-submissions',
    query: adminSubmissionListQuerySchema,
    response: adminSubmissionListDataSchema,
  }),
  one: endpoint({
    method: 'GET',
    path: '/admin/form-submissions/:id',
    params: z.object({ id }),
    response: adminSubmissionDataSchema,
  }),
} as const;
