import { useMutation } from '@tanstack/react-query';
import type { OrderPaymentData } from '@spesa/shared/contracts/checkout';
import { callApi } from '../../../lib/http';

export interface BuyVars {
  paymentTypeId: number;
  /** the part paid with the wallet, cents (0: none) */
  walletCents: number;
  /** one per purchase attempt: a repeated click or a lost answer does not create a second order */
  idempotencyKey: string;
}

/**
 * POST /checkout/buy: creates the order from the prepared cart. Online types answer the provider's hosted
 * page (`paymentUrl`); the others answer the order with no page to visit.
 */
export function buy(vars: BuyVars): Promise<OrderPaymentData> {
  return callApi(
    'POST /checkout/buy',
    {
      body: {
        payment_type_id: vars.paymentTypeId,
        payment_data: JSON.stringify({
          return_path: '/checkout/completed',
          ...(vars.walletCents > 0 ? { wallet_amount: vars.walletCents / 100 } : {}),
        }),
        idempotency_key: vars.idempotencyKey,
      },
    },
    { quiet: true },
  );
}

// the cart is not stored here: the page leaves (provider page or completed page), which reads it again
export const useBuy = () => useMutation({ mutationFn: buy });

/** A fresh idempotency key (the contract's pattern: 8-100 of A-Z a-z 0-9 _ . : -). */
export function newIdempotencyKey(): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `buy-${random}`;
}
