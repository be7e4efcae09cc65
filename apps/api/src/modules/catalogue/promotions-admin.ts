import type { AdminPromotion, PromotionAudience } from '@spesa/shared/contracts/admin';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { incrementCatalogueVersion } from './catalogue.repository';
import type { PriceHistory } from './price-history';

/** The longest price cut the back office makes at once. */
export const MAX_PROMOTION_DAYS = 90;

export type PromotionSort = 'id' | 'validFrom' | 'validTo' | 'price';
const SORT_COLUMN: Record<PromotionSort, string> = {
  id: 'pp.promo_id',
  validFrom: 'pp.valid_from',
  validTo: 'pp.valid_to',
  price: 'pp.promo_price_cents',
};

/** Over, or ended before it began (a cut ended before its first day has its last day before it). */
const ended = (today: string) => sql`(pp.valid_to < ${today}::date OR pp.valid_to < pp.valid_from)`;

const columns = (
  today: string,
) => sql`pp.promo_id AS id, pp.product_id AS "productId", p.name AS "productName",
  p.cod_int AS "codInt", pp.promo_type AS "promoType", p.price_cents / 100.0::float8 AS "listPrice",
  pp.promo_price_cents / 100.0::float8 AS price, pp.prior_price_cents / 100.0::float8 AS "priorPrice",
  to_char(pp.valid_from, 'YYYY-MM-DD') AS "validFrom", to_char(pp.valid_to, 'YYYY-MM-DD') AS "validTo",
  pp.header, pp.body, pp.audience, pp.crm_segment_id AS "crmSegmentId",
  CASE WHEN ${ended(today)} THEN 'ended' WHEN pp.valid_from > ${today}::date THEN 'scheduled'
    ELSE 'current' END AS status`;

/** How a promotion reads in the shop, by audience (decision 032). */
const PROMOTION_LOOK: Record<
  PromotionAudience,
  { typeId: number; type: string; header: string; bodySuffix: string; bubble: string; cssClass: string }
> = {
  all: {
    typeId: 2,
    type: 'TAGLIO_PREZZO',
    header: 'TAGLIO PREZZO',
    bodySuffix: '',
    bubble: 'Prezzo tagliato',
    cssClass: 'promo-taglio',
  },
  card: {
    typeId: 5,
    type: 'CARTA_FEDELTA',
    header: 'CARTA FEDELTÀ',
    bodySuffix: ' con la carta fedeltà',
    bubble: 'Con la carta',
    cssClass: 'promo-carta',
  },
  segment: {
    typeId: 6,
    type: 'OFFERTA_PERSONALE',
    header: 'PER TE',
    bodySuffix: ' riservato a te',
    bubble: 'Offerta per te',
    cssClass: 'promo-personale',
  },
};

/** Why a price cut is refused (the back office words each). */
export type PromotionRefusal =
  | 'productNotFound'
  | 'notAReduction'
  | 'notBelowPriorPrice'
  | 'startsInThePast'
  | 'tooLong'
  | 'overlaps'
  | 'promotionNotFound'
  | 'alreadyEnded';

export type PromotionWrite =
  | { ok: true; before: AdminPromotion | null; after: AdminPromotion }
  | { ok: false; reason: PromotionRefusal; priorPriceCents?: number | null };

const dayAfter = (day: string, n: number) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T12:00:00Z`) - Date.parse(`${a}T12:00:00Z`)) / 86_400_000);

/**
 * Promotions as the back office makes them (decision 031), in the catalogue module: a price cut of one
 * product over some days. Its prior price (the lowest of the 30 days before it, Omnibus) is fixed when it is
 * made; a cut that continues one ending the day before keeps that one's prior price (a progressive
 * reduction). A cut not below its prior price is refused: it would announce a reduction that is not one.
 * Every change is in the price history and moves the catalogue version (every process serves it within a
 * second), in the caller's transaction.
 */
export class PromotionsAdmin {
  constructor(
    private readonly db: Db,
    private readonly history: PriceHistory,
  ) {}

  async list(
    f: { productId?: number | undefined; status?: AdminPromotion['status'] | undefined },
    today: string,
    sort: { by: PromotionSort; desc: boolean },
    limit: number,
    offset: number,
  ): Promise<{ rows: AdminPromotion[]; total: number }> {
    const parts: SQL[] = [sql`TRUE`];
    if (f.productId !== undefined) parts.push(sql`pp.product_id = ${f.productId}`);
    if (f.status === 'ended') parts.push(ended(today));
    if (f.status === 'scheduled') parts.push(sql`pp.valid_from > ${today}::date AND NOT ${ended(today)}`);
    if (f.status === 'current')
      parts.push(sql`pp.valid_from <= ${today}::date AND pp.valid_to >= ${today}::date`);
    const where = sql.join(parts, sql` AND `);
    const [count] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM product_promos pp WHERE ${where}`,
    );
    const rows = await queryRows<AdminPromotion>(
      this.db,
      sql`SELECT ${columns(today)} FROM product_promos pp JOIN products p ON p.product_id = pp.product_id
          WHERE ${where}
          ORDER BY ${sql.raw(SORT_COLUMN[sort.by])} ${sql.raw(sort.desc ? 'DESC' : 'ASC')}, pp.promo_id
          LIMIT ${limit} OFFSET ${offset}`,
    );
    return { rows, total: count?.n ?? 0 };
  }

  async find(promoId: number, today: string, db: Db = this.db): Promise<AdminPromotion | null> {
    const [row] = await queryRows<AdminPromotion>(
      db,
      sql`SELECT ${columns(today)} FROM product_promos pp JOIN products p ON p.product_id = pp.product_id
          WHERE pp.promo_id = ${promoId}`,
    );
    return row ?? null;
  }

  /**
   * The prior price of a cut starting `start`: the one of a promotion ending the day before (a progressive
   * reduction goes on), else the lowest price of the 30 days before.
   */
  async priorPrice(
    productId: number,
    start: string,
    db: Db,
  ): Promise<{ cents: number | null; continues: boolean }> {
    const [running] = await queryRows<{ cents: number | null }>(
      db,
      sql`SELECT prior_price_cents AS cents FROM product_promos
          WHERE product_id = ${productId} AND valid_to = ${start}::date - 1 AND valid_from < ${start}::date
          ORDER BY prior_price_cents NULLS LAST LIMIT 1`,
    );
    if (running && running.cents !== null) return { cents: running.cents, continues: true };
    return { cents: await this.history.lowestBefore(productId, start, db), continues: false };
  }

  /** The product's list price now, or null when it does not exist. */
  async listPriceCents(productId: number, lock = false, db: Db): Promise<number | null> {
    const [row] = await queryRows<{ cents: number }>(
      db,
      sql`SELECT price_cents AS cents FROM products WHERE product_id = ${productId} ${lock ? sql`FOR UPDATE` : sql``}`,
    );
    return row?.cents ?? null;
  }

  /** A price cut ("Prezzo tagliato") of one product from `from` to `to`, made by staff member `by`. */
  async create(
    input: {
      productId: number;
      priceCents: number;
      from: string;
      to: string;
      audience: PromotionAudience;
      segmentId: number | null;
    },
    today: string,
    by: number,
    tx: Db,
  ): Promise<PromotionWrite> {
    // the product's row lock serialises two cuts of the same product (no overlap slips between them)
    const listCents = await this.listPriceCents(input.productId, true, tx);
    if (listCents === null) return { ok: false, reason: 'productNotFound' };
    if (input.from < today) return { ok: false, reason: 'startsInThePast' };
    if (daysBetween(input.from, input.to) + 1 > MAX_PROMOTION_DAYS) return { ok: false, reason: 'tooLong' };
    if (input.priceCents >= listCents) return { ok: false, reason: 'notAReduction' };
    const [overlap] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT promo_id AS id FROM product_promos
          WHERE product_id = ${input.productId} AND valid_from <= ${input.to}::date AND valid_to >= ${input.from}::date
          LIMIT 1`,
    );
    if (overlap) return { ok: false, reason: 'overlaps' };
    const prior = await this.priorPrice(input.productId, input.from, tx);
    if (prior.cents !== null && input.priceCents >= prior.cents)
      return { ok: false, reason: 'notBelowPriorPrice', priorPriceCents: prior.cents };
    const reference = prior.cents ?? listCents;
    const perc = Math.round((1 - input.priceCents / reference) * 10_000) / 100;
    const euro = (cents: number) =>
      (cents / 100).toLocaleString('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const look = PROMOTION_LOOK[input.audience];
    const cut = `-${euro(reference - input.priceCents)} €`;
    const [made] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO product_promos (product_id, promo_type_id, promo_type, promo_price_cents, discount_perc,
            valid_from, valid_to, header, body, footer, bubble, css_class, selectable, prior_price_cents,
            audience, crm_segment_id)
          VALUES (${input.productId}, ${look.typeId}, ${look.type}, ${input.priceCents}, ${perc.toFixed(2)}::numeric,
            ${input.from}::date, ${input.to}::date, ${look.header}, ${`${cut}${look.bodySuffix}`},
            ${`fino al ${input.to.slice(8, 10)}/${input.to.slice(5, 7)}`}, ${look.bubble}, ${look.cssClass}, false,
            ${prior.cents}, ${input.audience}, ${input.audience === 'segment' ? input.segmentId : null})
          RETURNING promo_id AS id`,
    );
    if (!made) throw new Error('the promotion was not inserted');
    // a segment's personal offer is not a price the public was offered: the history (Omnibus) leaves it out
    if (input.audience !== 'segment')
      await this.history.recordPromo(
        {
          productId: input.productId,
          promoId: made.id,
          priceCents: input.priceCents,
          from: input.from,
          to: input.to,
          by,
        },
        tx,
      );
    await incrementCatalogueVersion(tx);
    const after = await this.find(made.id, today, tx);
    if (!after) throw new Error('the promotion vanished inside its transaction');
    return { ok: true, before: null, after };
  }

  /**
   * Ends a promotion now: one not started yet never runs (and leaves the history); a running one stops being
   * applied (its last day becomes yesterday) while the history keeps today, when its price was applied.
   */
  async end(promoId: number, today: string, tx: Db): Promise<PromotionWrite> {
    const [locked] = await queryRows<{ productId: number }>(
      tx,
      sql`SELECT product_id AS "productId" FROM product_promos WHERE promo_id = ${promoId} FOR UPDATE`,
    );
    if (!locked) return { ok: false, reason: 'promotionNotFound' };
    const before = await this.find(promoId, today, tx);
    if (!before) return { ok: false, reason: 'promotionNotFound' };
    if (before.status === 'ended') return { ok: false, reason: 'alreadyEnded' };
    const lastDay = dayAfter(today, -1);
    if (before.status === 'scheduled') {
      // never applied: it leaves the history, and a last day before its first marks it ended
      await tx.execute(sql`UPDATE product_promos SET valid_to = valid_from - 1 WHERE promo_id = ${promoId}`);
      await this.history.endPromo(promoId, dayAfter(before.validFrom, -1), tx);
    } else {
      await tx.execute(
        sql`UPDATE product_promos SET valid_to = ${lastDay}::date WHERE promo_id = ${promoId}`,
      );
      await this.history.endPromo(promoId, today, tx);
    }
    await incrementCatalogueVersion(tx);
    const after = await this.find(promoId, today, tx);
    if (!after) throw new Error('the promotion vanished inside its transaction');
    return { ok: true, before, after };
  }
}
