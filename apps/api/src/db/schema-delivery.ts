import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema-account';

/**
 * Delivery: services, geography (provinces, comuni and their CAPs from the bundled data),
 * warehouses (the default catalogue, Drive stores, lockers), home-delivery zones by CAP with their fees,
 * addresses (pickup points of stores and lockers and the customers' home and work addresses share one id
 * space, as the platform's `addressId`), time-slot templates and their bookable per-day slots, and the
 * delivery part of the cart. Money is integer cents; coordinates are WGS84 degrees (float8).
 */

export const deliveryServices = pgTable('delivery_services', {
  deliveryServiceId: integer('delivery_service_id').primaryKey(),
  name: text('name').notNull(),
  descr: text('descr').notNull(),
  cssClass: text('css_class').notNull(),
  iconSource: text('icon_source').notNull(),
  showTab: boolean('show_tab').notNull(),
  priority: smallint('priority').notNull(),
  /** fee of pickup services (Drive, lockers); home delivery takes its zone's fee */
  feeCents: integer('fee_cents').notNull().default(0),
});

export const provinces = pgTable('provinces', {
  /** ISTAT code of the province / metropolitan city */
  provinceId: integer('province_id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  countryId: integer('country_id').notNull(),
  homeDelivery: boolean('home_delivery').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
});

export const comuni = pgTable(
  'comuni',
  {
    istat: text('istat').primaryKey(),
    name: text('name').notNull(),
    /** lower case without accents or punctuation: the key of the place search (prefix) */
    searchName: text('search_name').notNull(),
    province: text('province').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    isProvinceCapital: boolean('is_province_capital').notNull(),
  },
  (t) => [
    index('comuni_geo_idx').on(t.latitude, t.longitude),
    index('comuni_search_idx').using('btree', sql`${t.searchName} text_pattern_ops`),
  ],
);

export const comuneCaps = pgTable(
  'comune_caps',
  {
    postalCode: text('postal_code').notNull(),
    istat: text('istat')
      .notNull()
      .references(() => comuni.istat),
  },
  (t) => [primaryKey({ columns: [t.postalCode, t.istat] }), index('comune_caps_istat_idx').on(t.istat)],
);

/** The default catalogue (id 1, 'Catalogo Globale'), the Drive stores and the lockers. */
export const warehouses = pgTable(
  'warehouses',
  {
    warehouseId: integer('warehouse_id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    /** catalogue | store | locker */
    warehouseType: text('warehouse_type').notNull(),
    /** a locker's store (it prepares the orders the locker holds) */
    parentWarehouseId: integer('parent_warehouse_id'),
    phone: text('phone').notNull().default(''),
    /** serviceHours.default of the wire notes: [{ beginWeekDay 1 = Sunday, beginHour, endHour }] */
    serviceHours: jsonb('service_hours').notNull().default([]),
    active: boolean('active').notNull().default(true),
    /** the last change in the back office (a stale edit is refused) */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('warehouses_parent_idx').on(t.parentWarehouseId)],
);

export const warehouseServices = pgTable(
  'warehouse_services',
  {
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.warehouseId),
    deliveryServiceId: integer('delivery_service_id')
      .notNull()
      .references(() => deliveryServices.deliveryServiceId),
  },
  (t) => [primaryKey({ columns: [t.warehouseId, t.deliveryServiceId] })],
);

/** Home-delivery zones: CAPs of a province, the store preparing them, the fee (elderly: discounted). */
export const deliveryZones = pgTable('delivery_zones', {
  zoneId: integer('zone_id').primaryKey(),
  name: text('name').notNull(),
  province: text('province').notNull(),
  warehouseId: integer('warehouse_id')
    .notNull()
    .references(() => warehouses.warehouseId),
  feeCents: integer('fee_cents').notNull(),
  elderlyFeeCents: integer('elderly_fee_cents').notNull(),
  active: boolean('active').notNull().default(true),
});

export const deliveryZoneCaps = pgTable(
  'delivery_zone_caps',
  {
    postalCode: text('postal_code').primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => deliveryZones.zoneId),
  },
  (t) => [index('delivery_zone_caps_zone_idx').on(t.zoneId)],
);

/**
 * Every Address: the pickup point of a store or locker (user_id null, warehouse_id set) or a customer's
 * home (type 2) or work (type 3) address. Customers' addresses are soft-deleted (orders will point at them).
 */
export const addresses = pgTable(
  'addresses',
  {
    addressId: serial('address_id').primaryKey(),
    userId: integer('user_id').references(() => users.userId, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id').references(() => warehouses.warehouseId),
    addressTypeId: smallint('address_type_id').notNull(),
    deliveryServiceId: integer('delivery_service_id')
      .notNull()
      .references(() => deliveryServices.deliveryServiceId),
    zoneId: integer('zone_id').references(() => deliveryZones.zoneId),
    addressName: text('address_name').notNull(),
    receiverName: text('receiver_name').notNull().default(''),
    address1: text('address1').notNull(),
    addressNumber: text('address_number').notNull().default(''),
    city: text('city').notNull(),
    province: text('province').notNull(),
    postalCode: text('postal_code').notNull(),
    countryId: integer('country_id').notNull().default(1),
    otherInfo: text('other_info').notNull().default(''),
    floor: text('floor').notNull().default(''),
    elevator: boolean('elevator').notNull().default(false),
    stair: text('stair').notNull().default(''),
    apartment: text('apartment').notNull().default(''),
    phone: text('phone').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** 1 = the elderly service's address */
    addressClassId: smallint('address_class_id'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('addresses_user_idx')
      .on(t.userId)
      .where(sql`${t.deletedAt} IS NULL`),
    uniqueIndex('addresses_warehouse_uq')
      .on(t.warehouseId)
      .where(sql`${t.userId} IS NULL`),
    /** proximity: bounding-box prefilter on the pickup points' coordinates */
    index('addresses_pickup_geo_idx')
      .on(t.latitude, t.longitude)
      .where(sql`${t.userId} IS NULL`),
    /** one elderly address per customer */
    uniqueIndex('addresses_elderly_uq')
      .on(t.userId)
      .where(sql`${t.addressClassId} = 1 AND ${t.deletedAt} IS NULL`),
    check(
      'addresses_owner_ck',
      sql`(${t.userId} IS NULL AND ${t.warehouseId} IS NOT NULL) OR ${t.userId} IS NOT NULL`,
    ),
  ],
);

/** Time-of-day templates: the platform's timeslotId is the same window on every day. */
export const timeslots = pgTable('timeslots', {
  timeslotId: integer('timeslot_id').primaryKey(),
  /** drive | home | locker | work: which calendars use it */
  calendarKind: text('calendar_kind').notNull(),
  beginTime: text('begin_time').notNull(),
  endTime: text('end_time').notNull(),
  deliveryDayPeriodId: smallint('delivery_day_period_id').notNull(),
  capacity: integer('capacity').notNull(),
  /** ISO weekdays (1 = Monday ... 7 = Sunday) on which the window exists */
  weekDays: integer('week_days').array().notNull(),
  /** minutes of preparation needed before the window starts */
  leadMinutes: integer('lead_minutes').notNull(),
  /** orders for this window close at this time of the previous day ("HH:MM"), when set */
  cutoffPrevDay: text('cutoff_prev_day'),
  /** the last change in the back office (a stale edit is refused) */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The bookable slots: one row per calendar (`w<warehouseId>` for a store or locker, `z<zoneId>` for a
 * home-delivery zone), day and window, generated on demand. `booked` only moves through a guarded UPDATE.
 */
export const deliverySlots = pgTable(
  'delivery_slots',
  {
    slotId: serial('slot_id').primaryKey(),
    calendar: text('calendar').notNull(),
    slotDate: date('slot_date').notNull(),
    timeslotId: integer('timeslot_id')
      .notNull()
      .references(() => timeslots.timeslotId),
    capacity: integer('capacity').notNull(),
    booked: integer('booked').notNull().default(0),
    /** below 1: closed by the chain (the client cannot choose it) */
    active: smallint('active').notNull().default(1),
  },
  (t) => [
    uniqueIndex('delivery_slots_uq').on(t.calendar, t.slotDate, t.timeslotId),
    check('delivery_slots_booked_ck', sql`${t.booked} >= 0 AND ${t.booked} <= ${t.capacity}`),
  ],
);

/**
 * Shop at work ("Spesa al lavoro", decision 042): the companies' sites the chain delivers to in the company
 * day periods (4 and 5). A customer subscribes with the site's code and receives a work address there.
 */
export const workSites = pgTable(
  'work_sites',
  {
    workSiteId: serial('work_site_id').primaryKey(),
    companyName: text('company_name').notNull(),
    /** what the company gives its employees; compared upper case */
    subscriptionCode: text('subscription_code').notNull(),
    address1: text('address1').notNull(),
    addressNumber: text('address_number').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    province: text('province').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('work_sites_code_uq').on(sql`upper(${t.subscriptionCode})`)],
);

/** A customer's subscription to a work site and the work address it gave them (one per site). */
export const workSubscriptions = pgTable(
  'work_subscriptions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    workSiteId: integer('work_site_id')
      .notNull()
      .references(() => workSites.workSiteId),
    addressId: integer('address_id')
      .notNull()
      .references(() => addresses.addressId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.workSiteId] })],
);
