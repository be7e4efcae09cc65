import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import {
  addresses,
  deliveryServices,
  deliveryZoneCaps,
  deliveryZones,
  provinces,
  warehouses,
} from '../../db/schema';
import { boundingBox, escapeLike } from './geo';

/**
 * SQL of the delivery domain: services, geography, warehouses with their pickup points, zones and the
 * customers' addresses. Every value reaches PostgreSQL as a parameter. Proximity: a bounding box on the
 * indexed latitude/longitude columns first, then the exact haversine distance on the few rows left.
 */
export type AddressRow = typeof addresses.$inferSelect;
export type NewAddress = typeof addresses.$inferInsert;
export type ZoneRow = typeof deliveryZones.$inferSelect;
export type DeliveryServiceRow = typeof deliveryServices.$inferSelect;

export interface WarehouseRow {
  warehouseId: number;
  name: string;
  slug: string;
  warehouseType: string;
  parentWarehouseId: number | null;
  phone: string;
  serviceHours: Array<{ beginWeekDay: number; beginHour: string; endHour: string }>;
  serviceIds: number[];
  addressId: number | null;
  addressName: string | null;
  address1: string | null;
  addressNumber: string | null;
  city: string | null;
  province: string | null;
  postalCode: string | null;
  latitude: number | null;
  longitude: number | null;
  /** metres, when a point was given */
  distance: number | null;
}

export interface CityRow {
  istat: string;
  name: string;
  province: string;
  latitude: number;
  longitude: number;
  postalCodes: string[];
  homeDelivery: boolean;
  distance: number | null;
}

export interface Near {
  latitude: number;
  longitude: number;
  metres: number;
}

export interface WarehouseFilter {
  ids?: readonly number[];
  types?: readonly string[];
  /** offering at least one of these services */
  serviceIds?: readonly number[];
  parentWarehouseId?: number;
  province?: string;
  /** case- and accent-insensitive part of the name, street or city */
  text?: string;
  near?: Near;
  orderBy?: 'distance' | 'name';
  limit?: number;
}

/** Great-circle distance in metres between a row's coordinates and a parameter point. */
const distanceSql = (lat: SQL, lng: SQL, p: { latitude: number; longitude: number }): SQL =>
  sql`(2 * 6371008.8 * asin(least(1, sqrt(power(sin(radians(${lat} - ${p.latitude}::float8) / 2), 2) + cos(radians(${p.latitude}::float8)) * cos(radians(${lat})) * power(sin(radians(${lng} - ${p.longitude}::float8) / 2), 2)))))`;

const inBox = (lat: SQL, lng: SQL, near: Near): SQL => {
  const b = boundingBox(near.latitude, near.longitude, near.metres);
  return sql`${lat} BETWEEN ${b.minLat}::float8 AND ${b.maxLat}::float8 AND ${lng} BETWEEN ${b.minLng}::float8 AND ${b.maxLng}::float8`;
};

const intList = (ids: readonly number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );

export class DeliveryRepository {
  constructor(readonly db: Db) {}

  // ---------- services ----------
  async listServices(): Promise<DeliveryServiceRow[]> {
    return this.db.select().from(deliveryServices).orderBy(asc(deliveryServices.priority));
  }

  // ---------- geography ----------
  async listProvinces(countryId: number, homeDeliveryOnly: boolean) {
    return this.db
      .select()
      .from(provinces)
      .where(
        and(
          eq(provinces.countryId, countryId),
          homeDeliveryOnly ? eq(provinces.homeDelivery, true) : undefined,
        ),
      )
      .orderBy(asc(provinces.name));
  }

  async isProvinceServed(code: string): Promise<boolean> {
    const rows = await this.db
      .select({ code: provinces.code })
      .from(provinces)
      .where(and(eq(provinces.code, code), eq(provinces.homeDelivery, true)))
      .limit(1);
    return rows.length > 0;
  }

  private citySelect(extra: { distance?: SQL } = {}): SQL {
    return sql`SELECT c.istat, c.name, c.province, c.latitude, c.longitude,
        (SELECT array_agg(cc.postal_code ORDER BY cc.postal_code) FROM comune_caps cc WHERE cc.istat = c.istat) AS "postalCodes",
        EXISTS (SELECT 1 FROM comune_caps cc JOIN delivery_zone_caps z ON z.postal_code = cc.postal_code
                JOIN delivery_zones dz ON dz.zone_id = z.zone_id AND dz.active
                WHERE cc.istat = c.istat) AS "homeDelivery",
        ${extra.distance ?? sql`NULL::float8`} AS distance
      FROM comuni c`;
  }

  /** Comuni that have this CAP. */
  async citiesByPostalCode(postalCode: string): Promise<CityRow[]> {
    return queryRows<CityRow>(
      this.db,
      sql`${this.citySelect()} WHERE c.istat IN (SELECT istat FROM comune_caps WHERE postal_code = ${postalCode})
          ORDER BY c.name`,
    );
  }

  /** Comuni whose search key starts with `key` (see geo.placeSearchKey), chief towns first. */
  async searchCities(key: string, limit: number): Promise<CityRow[]> {
    return queryRows<CityRow>(
      this.db,
      sql`${this.citySelect()} WHERE c.search_name LIKE ${`${escapeLike(key)}%`}
          ORDER BY (c.search_name = ${key}) DESC, c.is_province_capital DESC, c.name LIMIT ${limit}`,
    );
  }

  /** The comuni nearest to a point within `metres`, nearest first. */
  async nearestCities(near: Near, limit: number): Promise<CityRow[]> {
    const d = distanceSql(sql`c.latitude`, sql`c.longitude`, near);
    return queryRows<CityRow>(
      this.db,
      sql`SELECT * FROM (${this.citySelect({ distance: d })}
            WHERE ${inBox(sql`c.latitude`, sql`c.longitude`, near)}) x
          WHERE x.distance <= ${near.metres}::float8 ORDER BY x.distance LIMIT ${limit}`,
    );
  }

  async listCities(homeDeliveryOnly: boolean): Promise<CityRow[]> {
    const rows = await queryRows<CityRow>(this.db, sql`${this.citySelect()} ORDER BY c.province, c.name`);
    return homeDeliveryOnly ? rows.filter((r) => r.homeDelivery) : rows;
  }

  // ---------- zones ----------
  async zoneOfPostalCode(postalCode: string): Promise<ZoneRow | null> {
    const [row] = await this.db
      .select({ zone: deliveryZones })
      .from(deliveryZoneCaps)
      .innerJoin(deliveryZones, eq(deliveryZones.zoneId, deliveryZoneCaps.zoneId))
      .where(and(eq(deliveryZoneCaps.postalCode, postalCode), eq(deliveryZones.active, true)))
      .limit(1);
    return row?.zone ?? null;
  }

  async findZone(zoneId: number): Promise<ZoneRow | null> {
    const [row] = await this.db.select().from(deliveryZones).where(eq(deliveryZones.zoneId, zoneId)).limit(1);
    return row ?? null;
  }

  // ---------- warehouses and pickup points ----------
  async listWarehouses(f: WarehouseFilter): Promise<WarehouseRow[]> {
    const conditions: SQL[] = [sql`w.active`];
    if (f.ids) conditions.push(f.ids.length ? sql`w.warehouse_id IN (${intList(f.ids)})` : sql`false`);
    if (f.types)
      conditions.push(
        sql`w.warehouse_type IN (${sql.join(
          f.types.map((t) => sql`${t}`),
          sql`, `,
        )})`,
      );
    if (f.serviceIds?.length)
      conditions.push(
        sql`EXISTS (SELECT 1 FROM warehouse_services s WHERE s.warehouse_id = w.warehouse_id AND s.delivery_service_id IN (${intList(f.serviceIds)}))`,
      );
    if (f.parentWarehouseId !== undefined)
      conditions.push(sql`w.parent_warehouse_id = ${f.parentWarehouseId}`);
    if (f.province) conditions.push(sql`a.province = ${f.province}`);
    if (f.text) {
      const like = `%${escapeLike(f.text)}%`;
      conditions.push(
        sql`(lower(unaccent(w.name)) LIKE lower(unaccent(${like})) OR lower(unaccent(a.address1)) LIKE lower(unaccent(${like}))
             OR lower(unaccent(a.city)) LIKE lower(unaccent(${like})) OR a.province = upper(${f.text}) OR a.postal_code = ${f.text})`,
      );
    }
    if (f.near) conditions.push(inBox(sql`a.latitude`, sql`a.longitude`, f.near));
    const distance = f.near ? distanceSql(sql`a.latitude`, sql`a.longitude`, f.near) : sql`NULL::float8`;
    const inner = sql`SELECT w.warehouse_id AS "warehouseId", w.name, w.slug, w.warehouse_type AS "warehouseType",
        w.parent_warehouse_id AS "parentWarehouseId", w.phone, w.service_hours AS "serviceHours",
        COALESCE((SELECT array_agg(s.delivery_service_id ORDER BY s.delivery_service_id) FROM warehouse_services s
                  WHERE s.warehouse_id = w.warehouse_id), '{}'::int[]) AS "serviceIds",
        a.address_id AS "addressId", a.address_name AS "addressName", a.address1, a.address_number AS "addressNumber",
        a.city, a.province, a.postal_code AS "postalCode", a.latitude, a.longitude, ${distance} AS distance
      FROM warehouses w LEFT JOIN addresses a ON a.warehouse_id = w.warehouse_id AND a.user_id IS NULL
      WHERE ${sql.join(conditions, sql` AND `)}`;
    const order =
      f.near && f.orderBy !== 'name' ? sql`x.distance, x."warehouseId"` : sql`x.name, x."warehouseId"`;
    return queryRows<WarehouseRow>(
      this.db,
      sql`SELECT * FROM (${inner}) x ${f.near ? sql`WHERE x.distance <= ${f.near.metres}::float8` : sql``}
          ORDER BY ${order} LIMIT ${f.limit ?? 200}`,
    );
  }

  async findWarehouse(warehouseId: number): Promise<WarehouseRow | null> {
    const [row] = await this.listWarehouses({ ids: [warehouseId], limit: 1 });
    return row ?? null;
  }

  async warehouseNames(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: warehouses.warehouseId, name: warehouses.name })
      .from(warehouses)
      .where(inArray(warehouses.warehouseId, [...ids]));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  // ---------- addresses ----------
  /** Any address by id (a pickup point or a customer's, deleted ones excluded). */
  async findAddress(addressId: number): Promise<AddressRow | null> {
    const [row] = await this.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.addressId, addressId), isNull(addresses.deletedAt)))
      .limit(1);
    return row ?? null;
  }

  /** The pickup points (store or locker addresses) of these warehouses. */
  async pickupAddresses(warehouseIds: readonly number[]): Promise<AddressRow[]> {
    if (warehouseIds.length === 0) return [];
    return this.db
      .select()
      .from(addresses)
      .where(and(isNull(addresses.userId), inArray(addresses.warehouseId, [...warehouseIds])));
  }

  async listUserAddresses(userId: number, serviceIds?: readonly number[]): Promise<AddressRow[]> {
    return this.db
      .select()
      .from(addresses)
      .where(
        and(
          eq(addresses.userId, userId),
          isNull(addresses.deletedAt),
          serviceIds ? inArray(addresses.deliveryServiceId, [...serviceIds]) : undefined,
        ),
      )
      .orderBy(asc(addresses.addressId));
  }

  async countUserAddresses(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(addresses)
      .where(and(eq(addresses.userId, userId), isNull(addresses.deletedAt)));
    return Number(row?.n ?? 0);
  }

  /** An active work site by its subscription code (upper case compare). */
  async workSiteByCode(code: string, db: Db = this.db) {
    const [row] = await queryRows<{
      workSiteId: number;
      companyName: string;
      address1: string;
      addressNumber: string;
      postalCode: string;
      city: string;
      province: string;
    }>(
      db,
      sql`SELECT work_site_id AS "workSiteId", company_name AS "companyName", address1,
                 address_number AS "addressNumber", postal_code AS "postalCode", city, province
          FROM work_sites WHERE upper(subscription_code) = upper(${code}) AND active`,
    );
    return row ?? null;
  }

  /** The work address a customer's subscription to a site gave them, when subscribed. */
  async workSubscription(userId: number, workSiteId: number, db: Db = this.db): Promise<number | null> {
    const [row] = await queryRows<{ addressId: number }>(
      db,
      sql`SELECT address_id AS "addressId" FROM work_subscriptions
          WHERE user_id = ${userId} AND work_site_id = ${workSiteId}`,
    );
    return row?.addressId ?? null;
  }

  /** Records a subscription; false when the customer was subscribed meanwhile (nothing written). */
  async insertWorkSubscription(
    userId: number,
    workSiteId: number,
    addressId: number,
    db: Db,
  ): Promise<boolean> {
    const rows = await queryRows<{ userId: number }>(
      db,
      sql`INSERT INTO work_subscriptions (user_id, work_site_id, address_id)
          VALUES (${userId}, ${workSiteId}, ${addressId}) ON CONFLICT DO NOTHING RETURNING user_id AS "userId"`,
    );
    return rows.length > 0;
  }

  async insertAddress(values: NewAddress, db: Db = this.db): Promise<AddressRow> {
    const [row] = await db.insert(addresses).values(values).returning();
    if (!row) throw new Error('insertAddress: no row returned');
    return row;
  }

  /** Updates one of this customer's (not deleted) addresses; null when there is none with that id. */
  async updateUserAddress(
    userId: number,
    addressId: number,
    values: Partial<NewAddress>,
  ): Promise<AddressRow | null> {
    const [row] = await this.db
      .update(addresses)
      .set({ ...values, updatedAt: sql`now()` })
      .where(
        and(eq(addresses.addressId, addressId), eq(addresses.userId, userId), isNull(addresses.deletedAt)),
      )
      .returning();
    return row ?? null;
  }

  async softDeleteUserAddress(userId: number, addressId: number): Promise<boolean> {
    const rows = await this.db
      .update(addresses)
      .set({ deletedAt: sql`now()`, active: false, addressClassId: null })
      .where(
        and(eq(addresses.addressId, addressId), eq(addresses.userId, userId), isNull(addresses.deletedAt)),
      )
      .returning({ id: addresses.addressId });
    return rows.length > 0;
  }

  /**
   * Marks (1) or unmarks (null) the elderly address. The unique index allows one per customer: a
   * concurrent second mark fails there and answers false, so two requests can never both win.
   */
  async setAddressClass(userId: number, addressId: number, addressClassId: number | null): Promise<boolean> {
    try {
      const rows = await this.db
        .update(addresses)
        .set({ addressClassId, updatedAt: sql`now()` })
        .where(
          and(eq(addresses.addressId, addressId), eq(addresses.userId, userId), isNull(addresses.deletedAt)),
        )
        .returning({ id: addresses.addressId });
      return rows.length > 0;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /**
   * Account deletion: the customer's own addresses lose every personal detail and are soft-deleted (rows stay
   * for the orders that point at them).
   */
  async eraseCustomerAddresses(userId: number): Promise<void> {
    await this.db
      .update(addresses)
      .set({
        addressName: 'Indirizzo rimosso',
        receiverName: '',
        address1: '',
        addressNumber: '',
        otherInfo: '',
        floor: '',
        stair: '',
        apartment: '',
        phone: '',
        latitude: null,
        longitude: null,
        addressClassId: null,
        active: false,
        deletedAt: sql`coalesce(${addresses.deletedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(addresses.userId, userId));
  }
}

/** PostgreSQL unique_violation (23505), from either driver (drizzle may wrap it in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if (typeof e === 'object' && (e as { code?: unknown }).code === '23505') return true;
    e = typeof e === 'object' ? (e as { cause?: unknown }).cause : undefined;
  }
  return false;
}
