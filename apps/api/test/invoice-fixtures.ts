import { sql } from 'drizzle-orm';
import type { OrderInvoice } from '@spesa/shared/contracts/orders';
import { testProduct } from './checkout-fixtures';
import type { TestApp } from './helper';
import { placeOrder } from './order-fixtures';
import { queryRows } from '../src/db/rows';
import { Abort, type Result } from '../src/lib/result';

/** A company's invoice data that validates (partita IVA with its check digit, SDI code). */
export const COMPANY_INVOICE: OrderInvoice = {
  personTypeId: 2,
  companyName: 'Trattoria Da Gino S.r.l.',
  fiscalCode: '',
  vatCode: '00743110157',
  pec: '',
  sdiCode: 'ABC1234',
  ipaCode: '',
  cig: '',
  determinationNumber: '',
  determinationDate: '',
  contactPerson: '',
  address1: 'Corso Italia',
  addressNumber: '10',
  postalCode: '20122',
  city: 'Milano',
  province: 'MI',
};

/** A product of the test's own at a price and VAT rate. */
export async function productAt(
  t: TestApp,
  priceCents: number,
  vatRate: number,
  sellingType: 'Pezzo' | 'Sfuso' = 'Pezzo',
) {
  const p = await testProduct(t.db, { stock: 1000, priceCents, sellingType });
  await t.db.execute(sql`UPDATE products SET iva_pct = ${vatRate} WHERE product_id = ${p.productId}`);
  return p;
}

/**
 * An order out for delivery that asked for an invoice, its lines picked: `delivered` gives each line's delivered
 * quantity and total (a lighter weight, a missing piece), `substitute` puts another product on a line.
 */
export async function invoicedOrder(
  t: TestApp,
  o: {
    userId: number;
    lines: Array<{
      product: { productId: number; name: string; priceCents: number };
      quantity: number;
      variableWeight?: boolean;
    }>;
    delivered?: Array<{
      quantity: number;
      totalCents: number;
      realWeight?: number;
      substitute?: { productId: number; name: string };
    }>;
    invoice?: OrderInvoice | null;
    deliveryFeeCents?: number;
    packagingCents?: number;
    giftDiscountCents?: number;
    walletCents?: number;
    status?: 6 | 7;
  },
) {
  const placed = await placeOrder(t, {
    userId: o.userId,
    lines: o.lines,
    status: o.status ?? 7,
    deliveryFeeCents: o.deliveryFeeCents ?? 0,
  });
  const invoice = o.invoice === undefined ? COMPANY_INVOICE : o.invoice;
  await t.db.execute(
    sql`UPDATE orders SET infos = ${JSON.stringify(invoice ? { invoice } : {})}::jsonb,
          packaging_cents = ${o.packagingCents ?? 0}, gift_discount_cents = ${o.giftDiscountCents ?? 0},
          wallet_cents = ${o.walletCents ?? 0}
        WHERE order_id = ${placed.orderId}`,
  );
  const items = await queryRows<{ id: number; quantity: number; total: number }>(
    t.db,
    sql`SELECT order_item_id AS id, quantity::float8 AS quantity, line_total_cents AS total FROM order_items
        WHERE order_id = ${placed.orderId} ORDER BY position`,
  );
  for (const [i, item] of items.entries()) {
    const d = o.delivered?.[i];
    await t.db.execute(
      sql`UPDATE order_items SET delivered_quantity = ${d?.quantity ?? item.quantity},
            delivered_total_cents = ${d?.totalCents ?? item.total}, real_weight = ${d?.realWeight ?? null},
            substitute_product_id = ${d?.substitute?.productId ?? null}, substitute_name = ${d?.substitute?.name ?? null},
            picked_at = now()
          WHERE order_item_id = ${item.id}`,
    );
  }
  return placed;
}

/** Moves an order (as staff) on the app's status service, in a transaction of its own. */
export async function moveOrder(
  t: TestApp,
  orderId: number,
  from: number,
  to: 6 | 8 | 9,
): Promise<Result<unknown>> {
  try {
    return await t.db.transaction(async (tx) =>
      t.app.orderStatus.transition({ orderId, from, to, actor: 'staff' }, tx),
    );
  } catch (err) {
    // a listener's refusal rolls the change back (decision 074): the caller answers it
    if (err instanceof Abort) return err.failure;
    throw err;
  }
}

export interface StoredDocument {
  documentId: number;
  kind: string;
  number: number;
  numberText: string;
  orderId: number;
  totalCents: number;
  vatCents: number;
  xml: string;
  sdiState: string;
  relatedDocumentId: number | null;
}

export const documentsOf = (t: TestApp, where = sql`TRUE`) =>
  queryRows<StoredDocument>(
    t.db,
    sql`SELECT document_id AS "documentId", kind, number, number_text AS "numberText", order_id AS "orderId",
          total_cents AS "totalCents", vat_cents AS "vatCents", xml, sdi_state AS "sdiState",
          related_document_id AS "relatedDocumentId"
        FROM invoice_documents WHERE ${where} ORDER BY document_id`,
  );
