import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { orderInstant } from './order-rows';

export interface ParkingRow {
  orderId: number;
  distance: number;
  reservationInfo: string;
  updatedAt: string;
  /** true: this write made the row (false: it updated it) */
  created: boolean;
}

export interface ArrivalRow {
  orderId: number;
  orderStatusId: number;
  customerName: string;
  warehouseId: number;
  warehouseName: string;
  beginTime: string;
  endTime: string;
  distance: number;
  reservationInfo: string;
  updatedAt: string;
  total: number;
}

const ISO = orderInstant;

/** SQL of parking at pickup (decision 049): the table `parking_reservations`, one row per order. */
export class ParkingRepository {
  constructor(private readonly db: Db) {}

  /** Writes the order's reservation, or updates the one it has (a repeat). */
  async upsert(p: {
    orderId: number;
    distance: number;
    reservationInfo: string;
    warehouseId: number;
    slotDate: string;
    at: Date;
  }): Promise<ParkingRow> {
    const [row] = await queryRows<ParkingRow>(
      this.db,
      sql`INSERT INTO parking_reservations (order_id, distance, reservation_info, warehouse_id, slot_date,
            created_at, updated_at)
          VALUES (${p.orderId}, ${p.distance}, ${p.reservationInfo}, ${p.warehouseId}, ${p.slotDate}::date,
            ${p.at.toISOString()}::timestamptz, ${p.at.toISOString()}::timestamptz)
          ON CONFLICT (order_id) DO UPDATE SET distance = excluded.distance,
            reservation_info = excluded.reservation_info, updated_at = excluded.updated_at
          RETURNING order_id AS "orderId", distance::float8 AS distance, reservation_info AS "reservationInfo",
            ${ISO('updated_at')} AS "updatedAt", (xmax = 0) AS created`,
    );
    if (!row) throw new Error('parking reservation not written');
    return row;
  }

  /** The order's reservation (null: none). */
  async find(orderId: number): Promise<Omit<ParkingRow, 'created'> | null> {
    const [row] = await queryRows<Omit<ParkingRow, 'created'>>(
      this.db,
      sql`SELECT order_id AS "orderId", distance::float8 AS distance, reservation_info AS "reservationInfo",
            ${ISO('updated_at')} AS "updatedAt"
          FROM parking_reservations WHERE order_id = ${orderId}`,
    );
    return row ?? null;
  }

  /** A day's reservations of these stores (empty: all), latest first, one page with the count of all. */
  async arrivals(f: { date: string; warehouseIds: readonly number[] }, limit: number, offset: number) {
    const parts: SQL[] = [sql`p.slot_date = ${f.date}::date`];
    if (f.warehouseIds.length > 0)
      parts.push(
        sql`p.warehouse_id IN (${sql.join(
          f.warehouseIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    const where = sql.join(parts, sql` AND `);
    const rows = await queryRows<ArrivalRow>(
      this.db,
      sql`SELECT p.order_id AS "orderId", o.order_status_id::int AS "orderStatusId",
            trim(COALESCE(u.first_name, '') || ' ' || COALESCE(u.last_name, '')) AS "customerName",
            p.warehouse_id AS "warehouseId", COALESCE(w.name, '') AS "warehouseName",
            o.begin_time AS "beginTime", o.end_time AS "endTime", p.distance::float8 AS distance,
            p.reservation_info AS "reservationInfo", ${ISO('p.updated_at')} AS "updatedAt",
            count(*) OVER ()::int AS total
          FROM parking_reservations p
            JOIN orders o ON o.order_id = p.order_id
            LEFT JOIN users u ON u.user_id = o.user_id
            LEFT JOIN warehouses w ON w.warehouse_id = p.warehouse_id
          WHERE ${where}
          ORDER BY p.updated_at DESC, p.order_id
          LIMIT ${limit} OFFSET ${offset}`,
    );
    if (rows.length === 0 && offset > 0) {
      const [n] = await queryRows<{ n: number }>(
        this.db,
        sql`SELECT count(*)::int AS n FROM parking_reservations p WHERE ${where}`,
      );
      return { rows, total: n?.n ?? 0 };
    }
    return { rows, total: rows[0]?.total ?? 0 };
  }
}
