import type { OrderListQuery } from '@spesa/shared/contracts/orders';

/** Order queries live under ['account']: signing out removes them with the rest of the customer's data. */
export const orderKeys = {
  all: ['account', 'orders'] as const,
  list: (query: OrderListQuery) => ['account', 'orders', 'list', query] as const,
  detail: (orderId: number) => ['account', 'orders', 'detail', orderId] as const,
  byToken: (orderId: number, accessToken: string) =>
    ['account', 'orders', 'token', orderId, accessToken] as const,
};
