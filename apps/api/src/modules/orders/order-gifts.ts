import type { GiftUseRow } from './order-rows';

/**
 * The gift certificates orders used, as the order answers show them (the loyalty module's
 * GiftCertificatesService, wired in app.ts; decision 040): the orders module does not read its tables.
 */
export interface OrderGiftsPort {
  /** the uses of these orders, by order then certificate */
  usesOf(orderIds: readonly number[]): Promise<GiftUseRow[]>;
}
