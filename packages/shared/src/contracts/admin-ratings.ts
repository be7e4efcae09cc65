import { z } from 'zod';
import { ADMIN_GRANTS } from './admin';
import { endpoint } from './endpoint';
import { orderIdParam } from './order-shape';
import { VOTE_STATUSES } from './ratings';

/**
 * Moderation of product votes in the back office (decisions 030 and 036), under /ebsn/api/admin/votes: the
 * votes with a title or a comment wait for customer service, who approve them (they count in the product's
 * stars from then on) or reject them with a reason the customer reads. The ratings module registers these.
 * The list shows the customer's first name only (no e-mail); every decision is in the audit log. The roles are
 * `ADMIN_GRANTS.votes` (contracts/admin.ts), which the admin app reads too.
 */
export const RATINGS_GRANTS = ADMIN_GRANTS.votes;

export const REJECTION_REASON_MIN = 3;
export const REJECTION_REASON_MAX = 500;
export const REJECTION_REASON_TEXT = `Scrivi il motivo del rifiuto (da ${REJECTION_REASON_MIN} a ${REJECTION_REASON_MAX} caratteri).`;

// ---------- GET /admin/votes ----------
export const adminVoteListQuerySchema = z.object({
  /** default pending, oldest first (the queue); the others newest first */
  status: z.enum(VOTE_STATUSES).default('pending'),
  productId: orderIdParam.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminVoteListQuery = z.infer<typeof adminVoteListQuerySchema>;

export const adminVoteSchema = z.object({
  /** the vote's id (react-admin's record id) */
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  /** the customer's first name only */
  customerFirstName: z.string(),
  rating: z.number(),
  /** plain text, shown as text */
  title: z.string(),
  comment: z.string(),
  status: z.enum(VOTE_STATUSES),
  rejectionReason: z.string().nullable(),
  /** ISO date-times */
  createdAt: z.string(),
  approvalDate: z.string().nullable(),
});
export type AdminVote = z.infer<typeof adminVoteSchema>;
export const adminVoteListDataSchema = z.object({ data: z.array(adminVoteSchema), total: z.number().int() });
export const adminVoteDataSchema = z.object({ data: adminVoteSchema });

const voteParams = z.object({ id: orderIdParam });

// ---------- POST /admin/votes/:id/reject ----------
export const adminVoteRejectBodySchema = z.object({
  reason: z
    .string({ error: REJECTION_REASON_TEXT })
    .trim()
    .min(REJECTION_REASON_MIN, { error: REJECTION_REASON_TEXT })
    .max(REJECTION_REASON_MAX, { error: REJECTION_REASON_TEXT }),
});

// ---------- endpoints (the ratings module registers them) ----------
export const adminRatingsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/votes',
    query: adminVoteListQuerySchema,
    response: adminVoteListDataSchema,
  }),
  approve: endpoint({
    method: 'POST',
    path: '/admin/votes/:id/approve',
    params: voteParams,
    response: adminVoteDataSchema,
  }),
  reject: endpoint({
    method: 'POST',
    path: '/admin/votes/:id/reject',
    params: voteParams,
    body: adminVoteRejectBodySchema,
    response: adminVoteDataSchema,
  }),
} as const;
