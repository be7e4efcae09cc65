import type { StaffRole } from '@spesa/shared/contracts/admin';
import { randomToken, sha256 } from '../src/modules/account/secrets';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { OrderStatusId } from '@spesa/shared/orders/order-status';
import { queryRows } from '../src/db/rows';
import type {
  PaymentProvider,
  ProviderActionResult,
  VerifiedNotification,
} from '../src/modules/payment/payment-provider';
import type { PickedProduct } from './cart-fixtures';
import type { TestApp } from './helper';

/**
 * Orders placed straight into the foundation's tables (decision 018), so the orders tests do not depend on
 * checkout/buy. Each order books its own slot of a private test calendar (no capacity taken from the demo
 * stores). With `announce`, the first status goes through the app's OrderStatusService, as checkout does
 * (the confirmation e-mail and its token link are sent).
 */
export interface FixtureLine {
  product: Pick<PickedProduct, 'productId' | 'name' | 'priceCents'>;
  /** base unit: pieces, or kg for Sfuso */
  quantity: number;
  variableWeight?: boolean;
  acceptAlternatives?: boolean;
  /** more line infos (e.g. preferred_substitute), as the cart's line carried them */
  infos?: Record<string, string>;
}

export interface PlacedOrder {
  orderId: number;
  totalCents: number;
  preauthCents: number;
  itemIds: number[];
}

export async function placeOrder(
  t: TestApp,
  o: {
    userId: number;
    lines: FixtureLine[];
    status?: OrderStatusId;
    /** default 12 (online by card: an authorisation of the pre-authorised amount is recorded) */
    paymentTypeId?: number;
    /** default 1 (Drive pickup) */
    deliveryServiceId?: number;
    deliveryFeeCents?: number;
    slotDate?: string;
    /** provider of the authorisation (default 'fake') */
    provider?: string;
    announce?: boolean;
    extraEmail?: string;
  },
): Promise<PlacedOrder> {
  const db = t.db;
  const [wh] = await queryRows<{ warehouseId: number; name: string }>(
    db,
    sql`SELECT warehouse_id AS "warehouseId", name FROM warehouses WHERE warehouse_type = 'store' ORDER BY warehouse_id LIMIT 1`,
  );
  const [ts] = await queryRows<{ timeslotId: number; beginTime: string; endTime: string; period: number }>(
    db,
    sql`SELECT timeslot_id AS "timeslotId", begin_time AS "beginTime", end_time AS "endTime",
          delivery_day_period_id::int AS period FROM timeslots ORDER BY timeslot_id LIMIT 1`,
  );
  if (!wh || !ts) throw new Error('placeOrder: no seeded store or time window');
  const slotDate = o.slotDate ?? '2030-01-15';
  const [slot] = await queryRows<{ slotId: number }>(
    db,
    sql`INSERT INTO delivery_slots (calendar, slot_date, timeslot_id, capacity)
        VALUES ('test-orders', ${slotDate}::date, ${ts.timeslotId}, 100000)
        ON CONFLICT (calendar, slot_date, timeslot_id) DO UPDATE SET capacity = delivery_slots.capacity
        RETURNING slot_id AS "slotId"`,
  );
  if (!slot) throw new Error('placeOrder: no slot');
  const lineCents = o.lines.map((l) => Math.round(l.quantity * l.product.priceCents));
  const itemsCents = lineCents.reduce((a, b) => a + b, 0);
  const variableCents = o.lines.reduce((a, l, i) => a + (l.variableWeight ? (lineCents[i] ?? 0) : 0), 0);
  const fee = o.deliveryFeeCents ?? 0;
  const totalCents = itemsCents + fee;
  const preauthCents = totalCents + Math.round(variableCents * 0.25);
  const paymentTypeId = o.paymentTypeId ?? 12;
  const status = o.status ?? 3;
  const deliveryServiceId = o.deliveryServiceId ?? 1;
  const address = {
    addressId: 1,
    deliveryServiceId,
    zoneId: null,
    autoAssigned: false,
    addressName: wh.name,
    address1: 'Via Test',
    addressNumber: '1',
    city: 'Como',
    province: 'CO',
    postalcode: '22100',
    addressTypeId: 2,
    addressType: 'drive',
    addressClass: [],
  };
  const infos = o.extraEmail ? { extraEmail: o.extraEmail } : {};
  const [order] = await queryRows<{ orderId: number }>(
    db,
    sql`INSERT INTO orders (user_id, source_cart_id, order_status_id, delivery_service_id, store_id, warehouse_id,
          shipping_address_id, shipping_address, slot_id, slot_date, timeslot_id, begin_time, end_time,
          delivery_day_period_id, payment_type_id, items_cents, items_standard_cents, variable_weight_cents,
          delivery_fee_cents, total_cents, preauth_cents, infos)
        VALUES (${o.userId}, ${1_000_000_000 + Math.floor(Math.random() * 1_000_000_000)}, ${status},
          ${deliveryServiceId}, ${wh.warehouseId}, ${wh.warehouseId}, 1, ${JSON.stringify(address)}::jsonb,
          ${slot.slotId}, ${slotDate}::date, ${ts.timeslotId}, ${ts.beginTime}, ${ts.endTime}, ${ts.period},
          ${paymentTypeId}, ${itemsCents}, ${itemsCents}, ${variableCents}, ${fee}, ${totalCents}, ${preauthCents},
          ${JSON.stringify(infos)}::jsonb)
        RETURNING order_id AS "orderId"`,
  );
  if (!order) throw new Error('placeOrder: insert failed');
  const itemIds: number[] = [];
  for (const [i, l] of o.lines.entries()) {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO order_items (order_id, position, product_id, cod_int, name, short_descr, description,
            selling_type, unit_base, media_url, sector_id, quantity, unit_price_cents, unit_price_standard_cents,
            line_total_cents, line_standard_cents, variable_weight, accept_alternatives, infos)
          VALUES (${order.orderId}, ${i + 1}, ${l.product.productId}, ${`T${l.product.productId}`}, ${l.product.name},
            'Marca', 'g 500', ${l.variableWeight ? 'Sfuso' : 'Pezzo'}, ${l.variableWeight ? 'kg' : 'pz'}, '/m/x.png', 1,
            ${l.quantity}, ${l.product.priceCents}, ${l.product.priceCents}, ${lineCents[i] ?? 0}, ${lineCents[i] ?? 0},
            ${l.variableWeight ?? false}, ${l.acceptAlternatives ?? false},
            ${JSON.stringify({ ...(l.acceptAlternatives ? { accept_alternatives: 'true' } : {}), ...l.infos })}::jsonb)
          RETURNING order_item_id AS id`,
    );
    if (row) itemIds.push(row.id);
  }
  const online = [1, 12, 24].includes(paymentTypeId);
  await db.execute(
    sql`INSERT INTO payment_authorizations (order_id, attempt, provider, provider_ref, payment_type_id, amount_cents, status)
        VALUES (${order.orderId}, 1, ${online ? (o.provider ?? 'fake') : 'none'}, ${randomUUID()}, ${paymentTypeId},
          ${online ? preauthCents : 0}, ${online ? 'authorized' : 'not_required'})`,
  );
  if (o.announce)
    await t.app.orderStatus.recordInitial(
      { orderId: order.orderId, status, actor: 'customer', actorUserId: o.userId },
      db,
    );
  else
    await db.execute(
      sql`INSERT INTO order_status_history (order_id, from_status_id, to_status_id, actor)
          VALUES (${order.orderId}, NULL, ${status}, 'customer')`,
    );
  return { orderId: order.orderId, totalCents, preauthCents, itemIds };
}

/** A payment provider double: records captures; `declineCapture` makes the next ones fail. */
export class FakeProvider implements PaymentProvider {
  readonly name = 'fake';
  /** opens no sessions: only captures of authorisations the tests give it */
  readonly paymentTypeIds = [];
  readonly captures: Array<{ providerRef: string; amountCents: number }> = [];
  declineCapture = false;
  async startSession() {
    return { providerRef: randomUUID(), redirectUrl: 'https://pay.example/x' };
  }
  async resumeSession(): Promise<{ providerRef: string; redirectUrl: string } | null> {
    return null;
  }
  async capture(providerRef: string, amountCents: number): Promise<ProviderActionResult> {
    if (this.declineCapture) return { ok: false, reason: 'declined' };
    this.captures.push({ providerRef, amountCents });
    return { ok: true, amountCents };
  }
  async void(): Promise<ProviderActionResult> {
    return { ok: true, amountCents: 0 };
  }
  async refund(_ref: string, amountCents: number): Promise<ProviderActionResult> {
    return { ok: true, amountCents };
  }
  async lookup(): Promise<VerifiedNotification | null> {
    return null;
  }
  async verifyReturn(): Promise<VerifiedNotification | null> {
    return null;
  }
  async verifyWebhook(): Promise<VerifiedNotification | null> {
    return null;
  }
}

/**
 * Makes a customer a staff member (a picker unless told) signed in to the back office, and answers the
 * session token (callAs's `via: 'staff'`; it never expires, whatever the test app's clock). Pass a fresh customer: the tests of a file share its database.
 * The sign-in itself (password and one-time code) is tested in backoffice.routes.test.ts.
 */
export async function makeStaff(
  t: TestApp,
  userId: number,
  warehouseIds: number[] = [],
  role: StaffRole = 'picker',
): Promise<string> {
  await t.db.execute(
    sql`INSERT INTO staff_members (user_id, role, warehouse_ids)
        VALUES (${userId}, ${role}, ${`{${warehouseIds.join(',')}}`}::integer[])`,
  );
  const token = randomToken();
  await t.db.execute(
    sql`INSERT INTO staff_sessions (token_hash, user_id, idle_expires_at, absolute_expires_at)
        VALUES (${sha256(token)}, ${userId}, '2999-01-01'::timestamptz, '2999-01-01'::timestamptz)`,
  );
  return token;
}
