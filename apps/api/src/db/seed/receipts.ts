import { sql } from 'drizzle-orm';
import { ReceiptsRepository } from '../../modules/receipts/receipts.repository';
import { CHAIN_VAT_NUMBER, hashTillSecret, vatSummary } from '../../modules/receipts/receipts.service';
import { queryRows } from '../rows';
import { createRng } from './random';
import type { Db } from './db';

/**
 * The demo till systems (README, "Receipts"): one per store, each with a known secret so that a newcomer can
 * send a receipt with curl. Only with the demo accounts (a production store system gets a secret of its own).
 */
export const DEMO_TILL_SYSTEMS = [
  { systemId: 'CASSE-13', warehouseId: 13, secret: 'demo-casse-13-segreto' },
  { systemId: 'CASSE-14', warehouseId: 14, secret: 'demo-casse-14-segreto' },
  { systemId: 'CASSE-15', warehouseId: 15, secret: 'demo-casse-15-segreto' },
] as const;

/** months of in-store receipts seeded for each demo customer with a card */
const DEMO_MONTHS = 4;

/**
 * Demo receipts (issue 22, decision 046), only with the demo accounts and only once: for each demo customer
 * with a loyalty card, two purchases a week for four months in the demo stores (products of the catalogue with
 * their VAT rate); Mario Rossi has the digital receipt service on since two months ago (his receipts since
 * then are digital) and three tax-free refunds. Written through the receipts module's repository.
 */
export async function ensureReceiptData(opts: { demoAccounts: boolean; now?: Date }, db: Db): Promise<void> {
  if (!opts.demoAccounts) return;
  const repo = new ReceiptsRepository(db);
  const [seeded] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM receipt_till_systems WHERE system_id = ${DEMO_TILL_SYSTEMS[0].systemId}`,
  );
  if ((seeded?.n ?? 0) > 0) return;
  const now = opts.now ?? new Date();
  const customers = await queryRows<{ userId: number; email: string; cardNumber: string }>(
    db,
    sql`SELECT user_id AS "userId", email, card_number AS "cardNumber" FROM users
        WHERE email LIKE '%@spesa.demo' AND card_number IS NOT NULL ORDER BY user_id`,
  );
  const products = await queryRows<{ id: number; name: string; cents: number; rate: number }>(
    db,
    sql`SELECT product_id::int AS id, name, price_cents::int AS cents, iva_pct::float8 AS rate FROM products
        WHERE active AND price_cents BETWEEN 50 AND 2000 ORDER BY product_id LIMIT 400`,
  );
  const stores = await queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT warehouse_id::int AS id, name FROM warehouses
        WHERE warehouse_id IN (${sql.join(
          DEMO_TILL_SYSTEMS.map((s) => sql`${s.warehouseId}`),
          sql`, `,
        )})`,
  );
  if (products.length === 0 || stores.length === 0) return;
  const rng = createRng('receipts-demo');
  await db.transaction(async (tx) => {
    for (const s of DEMO_TILL_SYSTEMS)
      await repo.upsertTillSystem(s.systemId, s.warehouseId, hashTillSecret(s.secret), tx);
    for (const c of customers) {
      const mario = c.email === 'mario.rossi@spesa.demo';
      const digitalSince = new Date(now.getTime() - 60 * 86_400_000);
      if (mario) await repo.setSettings(c.userId, true, 'digital', tx);
      const days = DEMO_MONTHS * 30;
      let doc = 1;
      for (let d = days; d >= 1; d -= rng.int(2, 5)) {
        const store = rng.pick(stores);
        const system = DEMO_TILL_SYSTEMS.find((s) => s.warehouseId === store.id) ?? DEMO_TILL_SYSTEMS[0];
        const issuedAt = new Date(now.getTime() - d * 86_400_000);
        issuedAt.setUTCHours(rng.int(8, 18), rng.int(0, 59), rng.int(0, 59), 0);
        const lines = Array.from({ length: rng.int(3, 12) }, () => {
          const p = rng.pick(products);
          const quantity = rng.chance(0.25) ? 2 : 1;
          return {
            description: p.name.slice(0, 120),
            productId: p.id,
            quantity,
            unitPriceCents: p.cents,
            amountCents: p.cents * quantity,
            vatRate: p.rate,
          };
        });
        const total = lines.reduce((t, l) => t + l.amountCents, 0);
        await repo.insert(
          {
            source: 'store',
            systemId: system.systemId,
            tillCode: String(rng.int(1, 6)),
            documentNumber: `${String(c.userId).padStart(4, '0')}-${String(doc++).padStart(4, '0')}`,
            issuedAt,
            warehouseId: store.id,
            storeName: store.name,
            storeVatNumber: CHAIN_VAT_NUMBER,
            storeAddress: '',
            cardNumber: c.cardNumber,
            userId: c.userId,
            orderId: null,
            totalCents: total,
            vatCents: vatSummary(lines).reduce((t, v) => t + v.tax, 0),
            paymentMethod: rng.pick(['cash', 'card', 'card', 'card']),
            digital: mario && issuedAt >= digitalSince,
            lines,
          },
          tx,
        );
      }
      if (mario)
        for (const [i, r] of [
          { days: 20, cents: 1840, status: 'pending' as const },
          { days: 75, cents: 3260, status: 'approved' as const },
          { days: 140, cents: 990, status: 'approved' as const },
        ].entries())
          await repo.insertTaxfree(
            c.userId,
            {
              status: r.status,
              invoiceNumber: `TF-2026-${String(c.userId).padStart(3, '0')}${i + 1}`,
              issuedOn: new Date(now.getTime() - r.days * 86_400_000).toISOString().slice(0, 10),
              amountCents: r.cents,
              pointOfSale: stores[i % stores.length]?.name ?? 'Spesa',
            },
            tx,
          );
    }
  });
}
