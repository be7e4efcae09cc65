import { z } from 'zod';
import { INVITE_CODE_PATTERN } from '../loyalty/invite';
import { endpoint } from './endpoint';

/**
 * Invite a friend (issue 21, decision 045): the customer's own code and link, the friends who joined with it
 * and the vouchers earned; a new customer joins with a friend's code. The loyalty module registers these.
 */
export const INVITE_CODE_TEXT =
  'Scrivi il codice invito come te l’ha mandato il tuo amico (es. AMICO-ABC234).';

/** what became of one friend who joined with the customer's code (no name: the friend's data stay theirs) */
export const INVITE_FRIEND_STATES = ['waiting', 'rewarded', 'no_reward'] as const;
export type InviteFriendState = (typeof INVITE_FRIEND_STATES)[number];

export const inviteFriendSchema = z.object({
  /** ISO date-time the friend joined */
  joinedAt: z.string(),
  /** waiting: no delivered order yet; rewarded: the voucher was issued; no_reward: none is due */
  state: z.enum(INVITE_FRIEND_STATES),
  /** why no voucher is due (Italian), null otherwise */
  note: z.string().nullable(),
});

export const inviteViewSchema = z.object({
  /** the customer's own code, e.g. AMICO-ABC234 */
  code: z.string(),
  /** the shop's path of the link to send (the shop adds its address) */
  path: z.string(),
  /** new friends can join today */
  open: z.boolean(),
  /** YYYY-MM-DD: the last day a friend can join */
  endsOn: z.string(),
  discountPercent: z.number().int(),
  maxVouchers: z.number().int(),
  vouchersEarned: z.number().int(),
  /** newest first */
  friends: z.array(inviteFriendSchema),
  /** whether this customer may still join with a friend's code (never joined, no order yet) */
  canJoin: z.boolean(),
  /** the code this customer joined with, null: none */
  joinedWith: z.string().nullable(),
});
export type InviteView = z.infer<typeof inviteViewSchema>;

// ---------- POST /loyalty/invite/join ----------
export const inviteJoinBodySchema = z.object({
  code: z
    .string({ error: INVITE_CODE_TEXT })
    .trim()
    .toUpperCase()
    .refine((c) => INVITE_CODE_PATTERN.test(c), { error: INVITE_CODE_TEXT }),
});
export type InviteJoinBody = z.input<typeof inviteJoinBodySchema>;

export const inviteEndpoints = {
  view: endpoint({ method: 'GET', path: '/loyalty/invite', response: inviteViewSchema }),
  join: endpoint({
    method: 'POST',
    path: '/loyalty/invite/join',
    body: inviteJoinBodySchema,
    response: inviteViewSchema,
  }),
} as const;
