import type { Db } from '../../db/client';
import type { Result } from '../../lib/result';

/**
 * The wallet as the purchase sees it (the loyalty module's WalletService, wired in app.ts; decision 039):
 * sets the part of an order paid with the customer's wallet inside the purchase's transaction, giving back
 * what the order held before. A failure (the balance does not cover it) writes nothing and rolls back.
 */
export interface OrderWalletPort {
  payOrder(userId: number, orderId: number, cents: number, tx: Db): Promise<Result<{ cents: number }>>;
  /** the part (above 0) of an order this transaction has just inserted: nothing held before to give back */
  payNewOrder(userId: number, orderId: number, cents: number, tx: Db): Promise<Result<{ cents: number }>>;
}
