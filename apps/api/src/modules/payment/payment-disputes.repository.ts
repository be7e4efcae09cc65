import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentDisputes } from '../../db/schema';
import type { DisputeNotice } from './payment-provider';

/** The disputes providers reported (table payment_disputes, owner: payment), for the staff's list. */
export class PaymentDisputesRepository {
  /** One row per dispute; a later event updates its status (an older one, delivered late, changes nothing). */
  async record(
    d: DisputeNotice & {
      provider: string;
      providerRef: string | null;
      orderId: number | null;
      eventId: string;
    },
    tx: Db,
  ): Promise<void> {
    await tx
      .insert(paymentDisputes)
      .values({
        provider: d.provider,
        disputeRef: d.disputeRef,
        providerRef: d.providerRef,
        orderId: d.orderId,
        amountCents: d.amountCents,
        reason: d.reason,
        status: d.status,
        lastEventId: d.eventId,
        openedAt: d.reportedAt,
        updatedAt: d.reportedAt,
      })
      .onConflictDoUpdate({
        target: [paymentDisputes.provider, paymentDisputes.disputeRef],
        set: {
          status: d.status,
          amountCents: d.amountCents,
          reason: d.reason,
          lastEventId: d.eventId,
          updatedAt: d.reportedAt,
        },
        setWhere: sql`${paymentDisputes.updatedAt} <= ${d.reportedAt.toISOString()}::timestamptz`,
      });
  }
}
