import { z } from 'zod';
import { endpoint } from './endpoint';
import { pageSchema } from './orders';

/**
 * The wallet (issue 21, decision 037): a customer's credits with the chain, as a ledger of movements in
 * integer cents (each with its cause: a goodwill credit by customer service, a refund of goods not picked, an
 * invite reward, a payment of an order), its balance never below zero. The loyalty module registers these.
 * Amounts on the wire are euros with two decimals, as everywhere else in the platform.
 */
export const WALLET_CAUSES = ['goodwill', 'refund', 'invite', 'order_payment', 'order_refund'] as const;
export type WalletCause = (typeof WALLET_CAUSES)[number];
export const WALLET_PAGE_SIZE = 20;
const pageNumber = (max: number) =>
  z
    .union([z.number(), z.string().trim().max(10).regex(/^\d+$/).transform(Number)])
    .pipe(z.number().int().min(1).max(max));

export const walletMovementSchema = z.object({
  movementId: z.number().int(),
  /** euros: positive a credit, negative a spend */
  amount: z.number(),
  /** the balance after this movement, euros */
  balance: z.number(),
  cause: z.enum(WALLET_CAUSES),
  /** what the customer reads: the cause in Italian, with the staff's reason for a goodwill credit */
  description: z.string(),
  orderId: z.number().int().nullable(),
  /** ISO date-time */
  date: z.string(),
});
export type WalletMovement = z.infer<typeof walletMovementSchema>;

// ---------- GET /wallet/view ----------
export const walletViewQuerySchema = z.object({
  page: pageNumber(100_000).optional(),
});
export const walletViewSchema = z.object({
  /** euros */
  balance: z.number(),
  /** newest first */
  movements: z.array(walletMovementSchema),
  page: pageSchema,
});
export type WalletView = z.infer<typeof walletViewSchema>;

// ---------- endpoints (the loyalty module registers them) ----------
export const loyaltyEndpoints = {
  walletView: endpoint({
    method: 'GET',
    path: '/wallet/view',
    query: walletViewQuerySchema,
    response: walletViewSchema,
  }),
} as const;
