import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { haversineMetres, placeSearchKey } from '../../modules/delivery/geo';
import {
  addresses,
  comuneCaps,
  comuni,
  deliveryServices,
  deliveryZoneCaps,
  deliveryZones,
  provinces,
  timeslots,
  users,
  warehouses,
  warehouseServices,
} from '../schema';
import type { Db } from './db';

/**
 * Delivery reference data, always, idempotent (existing rows are left alone): the delivery
 * services, the 7 served provinces and their comuni with CAPs (data/demo, ISTAT via Garda Informatica),
 * the default catalogue 'Catalogo Globale', 18 Drive stores and 3 lockers in real towns, home-delivery
 * zones covering every CAP of the 7 provinces, and the time-slot templates.
 * With demo accounts on, a few addresses of the demo customers. Deterministic: no randomness at all.
 */

interface ComuneJson {
  istat: string;
  name: string;
  province: string;
  caps: string[];
  lat: number;
  lng: number;
  isProvinceCapital: boolean;
}
interface ProvinceJson {
  code: string;
  name: string;
  istat: string;
  lat: number;
  lng: number;
}

/** Served provinces in the spec's order (section 9). */
const PROVINCE_ORDER = ['CO', 'SO', 'LC', 'BG', 'MB', 'MI', 'BS'] as const;

export const DELIVERY_SERVICES = [
  {
    deliveryServiceId: 1,
    name: 'Ritiro in negozio',
    descr: 'Prepariamo la spesa e la ritiri al Drive del negozio che preferisci.',
    cssClass: 'drive',
    iconSource: '/media/icons/convenience-store.svg',
    showTab: true,
    priority: 1,
    feeCents: 0,
  },
  {
    deliveryServiceId: 2,
    name: 'Consegna a domicilio',
    descr: 'La spesa a casa tua, nella fascia oraria che scegli. Anche con il servizio anziani.',
    cssClass: 'home',
    iconSource: '/media/icons/house.svg',
    showTab: true,
    priority: 2,
    feeCents: 0,
  },
  {
    deliveryServiceId: 3,
    name: 'Consegna al lavoro',
    descr: 'La spesa consegnata in azienda, nelle fasce del pranzo o di fine giornata.',
    cssClass: 'work',
    iconSource: '/media/icons/office-building.svg',
    showTab: false,
    priority: 3,
    feeCents: 0,
  },
  {
    deliveryServiceId: 10000,
    name: 'Ritiro al Locker',
    descr: 'Ritira la spesa quando vuoi in un locker automatico vicino a te.',
    cssClass: 'locker',
    iconSource: '/media/icons/locked.svg',
    showTab: true,
    priority: 4,
    feeCents: 150,
  },
  {
    deliveryServiceId: 10002,
    name: 'Locker refrigerato',
    descr: 'Locker con scomparti refrigerati per freschi e surgelati.',
    cssClass: 'locker-cold',
    iconSource: '/media/icons/snowflake.svg',
    showTab: false,
    priority: 5,
    feeCents: 150,
  },
] as const;

export const CATALOGUE_WAREHOUSE_ID = 1;

/** Opening hours on the wire: beginWeekDay 1 = Sunday ... 7 = Saturday. */
const MON_SAT = [2, 3, 4, 5, 6, 7];
const hours = (opts: { sunday: boolean }) => [
  ...MON_SAT.map((d) => ({ beginWeekDay: d, beginHour: '08:30', endHour: '20:00' })),
  ...(opts.sunday ? [{ beginWeekDay: 1, beginHour: '09:00', endHour: '13:00' }] : []),
];
const LOCKER_HOURS = [1, 2, 3, 4, 5, 6, 7].map((d) => ({
  beginWeekDay: d,
  beginHour: '06:00',
  endHour: '23:00',
}));

interface PickupPointSeed {
  warehouseId: number;
  name: string;
  town: string;
  cap: string;
  address1: string;
  addressNumber: string;
  phone: string;
  lat: number;
  lng: number;
  sunday?: boolean;
  /** lockers: the store that fills them, and their service */
  parent?: number;
  service?: 10000 | 10002;
}

/** Drive stores (warehouse ids 2-19). Coordinates: near the comune's centre, on the named street. */
export const STORES: readonly PickupPointSeed[] = [
  {
    warehouseId: 2,
    name: 'Spesa Como Camerlata',
    town: 'Como',
    cap: '22100',
    address1: 'Viale Innocenzo XI',
    addressNumber: '70',
    phone: '031 526410',
    lat: 45.7935,
    lng: 9.0842,
    sunday: true,
  },
  {
    warehouseId: 3,
    name: 'Spesa Cantù',
    town: 'Cantù',
    cap: '22063',
    address1: 'Via Milano',
    addressNumber: '31',
    phone: '031 714228',
    lat: 45.7331,
    lng: 9.1302,
  },
  {
    warehouseId: 4,
    name: 'Spesa Erba',
    town: 'Erba',
    cap: '22036',
    address1: 'Via Alessandro Volta',
    addressNumber: '17',
    phone: '031 640915',
    lat: 45.8078,
    lng: 9.2185,
  },
  {
    warehouseId: 5,
    name: 'Spesa Sondrio',
    town: 'Sondrio',
    cap: '23100',
    address1: 'Via Nazario Sauro',
    addressNumber: '33',
    phone: '0342 512370',
    lat: 46.1684,
    lng: 9.8655,
  },
  {
    warehouseId: 6,
    name: 'Spesa Morbegno',
    town: 'Morbegno',
    cap: '23017',
    address1: 'Via Stelvio',
    addressNumber: '104',
    phone: '0342 613082',
    lat: 46.1352,
    lng: 9.5776,
  },
  {
    warehouseId: 7,
    name: 'Spesa Lecco',
    town: 'Lecco',
    cap: '23900',
    address1: 'Corso Carlo Alberto',
    addressNumber: '58',
    phone: '0341 287644',
    lat: 45.8601,
    lng: 9.3899,
    sunday: true,
  },
  {
    warehouseId: 8,
    name: 'Spesa Merate',
    town: 'Merate',
    cap: '23807',
    address1: 'Via Bergamo',
    addressNumber: '21',
    phone: '039 9904127',
    lat: 45.6968,
    lng: 9.4232,
  },
  {
    warehouseId: 9,
    name: 'Spesa Bergamo',
    town: 'Bergamo',
    cap: '24126',
    address1: 'Via Autostrada',
    addressNumber: '7',
    phone: '035 315209',
    lat: 45.6821,
    lng: 9.6604,
    sunday: true,
  },
  {
    warehouseId: 10,
    name: 'Spesa Treviglio',
    town: 'Treviglio',
    cap: '24047',
    address1: 'Viale Monte Grappa',
    addressNumber: '15',
    phone: '0363 419552',
    lat: 45.5258,
    lng: 9.5871,
  },
  {
    warehouseId: 11,
    name: 'Spesa Monza',
    town: 'Monza',
    cap: '20900',
    address1: 'Viale Lombardia',
    addressNumber: '214',
    phone: '039 2328810',
    lat: 45.5961,
    lng: 9.2941,
    sunday: true,
  },
  {
    warehouseId: 12,
    name: 'Spesa Seregno',
    town: 'Seregno',
    cap: '20831',
    address1: 'Via Cesare Battisti',
    addressNumber: '40',
    phone: '0362 228417',
    lat: 45.6528,
    lng: 9.2011,
  },
  {
    warehouseId: 13,
    name: 'Spesa Milano Città Studi',
    town: 'Milano',
    cap: '20133',
    address1: 'Viale Romagna',
    addressNumber: '44',
    phone: '02 70631142',
    lat: 45.4781,
    lng: 9.2262,
    sunday: true,
  },
  {
    warehouseId: 14,
    name: 'Spesa Milano Navigli',
    town: 'Milano',
    cap: '20143',
    address1: 'Viale Cassala',
    addressNumber: '22',
    phone: '02 89402217',
    lat: 45.4497,
    lng: 9.1697,
    sunday: true,
  },
  {
    warehouseId: 15,
    name: 'Spesa Sesto San Giovanni',
    town: 'Sesto San Giovanni',
    cap: '20099',
    address1: 'Viale Antonio Gramsci',
    addressNumber: '150',
    phone: '02 22475530',
    lat: 45.5391,
    lng: 9.2318,
  },
  {
    warehouseId: 16,
    name: 'Spesa Rho',
    town: 'Rho',
    cap: '20017',
    address1: 'Corso Europa',
    addressNumber: '180',
    phone: '02 93094418',
    lat: 45.5261,
    lng: 9.0468,
  },
  {
    warehouseId: 17,
    name: 'Spesa Legnano',
    town: 'Legnano',
    cap: '20025',
    address1: 'Corso Sempione',
    addressNumber: '230',
    phone: '0331 541207',
    lat: 45.5889,
    lng: 8.9263,
  },
  {
    warehouseId: 18,
    name: 'Spesa Brescia',
    town: 'Brescia',
    cap: '25123',
    address1: 'Via Triumplina',
    addressNumber: '42',
    phone: '030 2206619',
    lat: 45.5581,
    lng: 10.2263,
    sunday: true,
  },
  {
    warehouseId: 19,
    name: 'Spesa Desenzano del Garda',
    town: 'Desenzano del Garda',
    cap: '25015',
    address1: 'Viale Guglielmo Marconi',
    addressNumber: '58',
    phone: '030 9143308',
    lat: 45.4649,
    lng: 10.5338,
  },
];

/** Lockers (warehouse ids 51-53), filled by a store. */
export const LOCKERS: readonly PickupPointSeed[] = [
  {
    warehouseId: 51,
    name: 'Locker Milano Centrale',
    town: 'Milano',
    cap: '20124',
    address1: "Piazza Duca d'Aosta",
    addressNumber: '1',
    phone: '02 70631142',
    lat: 45.486,
    lng: 9.2045,
    parent: 13,
    service: 10000,
  },
  {
    warehouseId: 52,
    name: 'Locker Bergamo Stazione',
    town: 'Bergamo',
    cap: '24122',
    address1: 'Piazzale Guglielmo Marconi',
    addressNumber: '1',
    phone: '035 315209',
    lat: 45.6906,
    lng: 9.6752,
    parent: 9,
    service: 10000,
  },
  {
    warehouseId: 53,
    name: 'Locker refrigerato Brescia Freccia Rossa',
    town: 'Brescia',
    cap: '25126',
    address1: 'Viale Italia',
    addressNumber: '31',
    phone: '030 2206619',
    lat: 45.5336,
    lng: 10.2075,
    parent: 18,
    service: 10002,
  },
];

/** Zone fees in cents: near a store, and the rest of the province; the elderly service pays less. */
export const ZONE_FEES = {
  near: { feeCents: 390, elderlyFeeCents: 190 },
  far: { feeCents: 590, elderlyFeeCents: 290 },
} as const;
/** a comune whose centre is this close to a store of its province is in the "near" zone */
const NEAR_METRES = 12_000;

/** Time-slot templates: the windows, their capacity, lead time and cut-off. */
export const TIMESLOT_TEMPLATES = [
  // Drive (store pickup), Monday to Saturday, 3 hours of preparation
  ...[
    ['09:00', '10:00', 1],
    ['10:00', '11:00', 1],
    ['11:00', '12:00', 1],
    ['12:00', '13:00', 1],
    ['15:00', '16:00', 2],
    ['16:00', '17:00', 2],
    ['17:00', '18:00', 2],
    ['18:00', '19:00', 2],
    ['19:00', '20:00', 3],
  ].map(([b, e, p], i) => ({
    timeslotId: 1 + i,
    calendarKind: 'drive',
    beginTime: String(b),
    endTime: String(e),
    deliveryDayPeriodId: Number(p),
    capacity: 20,
    weekDays: [1, 2, 3, 4, 5, 6],
    leadMinutes: 180,
    cutoffPrevDay: null,
  })),
  // home delivery, Monday to Saturday, morning windows close at 21:00 of the day before
  ...[
    ['08:00', '10:00', 1],
    ['10:00', '12:00', 1],
    ['14:00', '16:00', 2],
    ['16:00', '18:00', 2],
    ['18:00', '20:00', 3],
    ['20:00', '22:00', 3],
  ].map(([b, e, p], i) => ({
    timeslotId: 21 + i,
    calendarKind: 'home',
    beginTime: String(b),
    endTime: String(e),
    deliveryDayPeriodId: Number(p),
    capacity: 12,
    weekDays: [1, 2, 3, 4, 5, 6],
    leadMinutes: 240,
    cutoffPrevDay: Number(p) === 1 ? '21:00' : null,
  })),
  // lockers, every day
  ...[
    ['10:00', '14:00', 1],
    ['14:00', '18:00', 2],
    ['18:00', '22:00', 3],
  ].map(([b, e, p], i) => ({
    timeslotId: 31 + i,
    calendarKind: 'locker',
    beginTime: String(b),
    endTime: String(e),
    deliveryDayPeriodId: Number(p),
    capacity: 24,
    weekDays: [1, 2, 3, 4, 5, 6, 7],
    leadMinutes: 180,
    cutoffPrevDay: null,
  })),
  // company delivery (work addresses), Monday to Friday, periods 4 and 5, ordered the day before
  ...[
    ['12:00', '14:00', 4],
    ['17:00', '19:00', 5],
  ].map(([b, e, p], i) => ({
    timeslotId: 41 + i,
    calendarKind: 'work',
    beginTime: String(b),
    endTime: String(e),
    deliveryDayPeriodId: Number(p),
    capacity: 30,
    weekDays: [1, 2, 3, 4, 5],
    leadMinutes: 720,
    cutoffPrevDay: '18:00',
  })),
];

/** Reserved ids of the pickup points' addresses (address id = warehouse id); customers' start at 1000. */
const FIRST_CUSTOMER_ADDRESS_ID = 1000;

export async function loadComuni(dataDir: string): Promise<ComuneJson[]> {
  return JSON.parse(await readFile(join(dataDir, 'comuni-lombardia.json'), 'utf8')) as ComuneJson[];
}

export async function ensureDeliveryData(
  opts: { dataDir: string; demoAccounts: boolean },
  db: Db,
): Promise<void> {
  const [comuniJson, provincesJson] = await Promise.all([
    loadComuni(opts.dataDir),
    readFile(join(opts.dataDir, 'province-lombardia.json'), 'utf8').then(
      (t) => JSON.parse(t) as ProvinceJson[],
    ),
  ]);
  const served = new Set<string>(PROVINCE_ORDER);
  const ourComuni = comuniJson.filter((c) => served.has(c.province));
  const byName = new Map(ourComuni.map((c) => [c.name, c]));

  await db.transaction(async (tx) => {
    await tx
      .insert(deliveryServices)
      .values([...DELIVERY_SERVICES])
      .onConflictDoNothing();
    await tx
      .insert(provinces)
      .values(
        provincesJson
          .filter((p) => served.has(p.code))
          .map((p) => ({
            provinceId: Number(p.istat),
            code: p.code,
            name: p.name,
            countryId: 1,
            homeDelivery: true,
            latitude: p.lat,
            longitude: p.lng,
          })),
      )
      .onConflictDoNothing();
    for (let i = 0; i < ourComuni.length; i += 400) {
      const chunk = ourComuni.slice(i, i + 400);
      await tx
        .insert(comuni)
        .values(
          chunk.map((c) => ({
            istat: c.istat,
            name: c.name,
            searchName: placeSearchKey(c.name),
            province: c.province,
            latitude: c.lat,
            longitude: c.lng,
            isProvinceCapital: c.isProvinceCapital,
          })),
        )
        .onConflictDoNothing();
      await tx
        .insert(comuneCaps)
        .values(chunk.flatMap((c) => c.caps.map((postalCode) => ({ postalCode, istat: c.istat }))))
        .onConflictDoNothing();
    }

    // ---- warehouses and their pickup points ----
    await tx
      .insert(warehouses)
      .values({
        warehouseId: CATALOGUE_WAREHOUSE_ID,
        name: 'Catalogo Globale',
        slug: 'catalogo-globale',
        warehouseType: 'catalogue',
      })
      .onConflictDoNothing();
    const points = [...STORES, ...LOCKERS];
    await tx
      .insert(warehouses)
      .values(
        points.map((p) => ({
          warehouseId: p.warehouseId,
          name: p.name,
          slug: slugOf(p.name),
          warehouseType: p.parent ? 'locker' : 'store',
          parentWarehouseId: p.parent ?? null,
          phone: p.phone,
          serviceHours: p.parent ? LOCKER_HOURS : hours({ sunday: p.sunday ?? false }),
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(addresses)
      .values(
        points.map((p) => {
          const comune = byName.get(p.town);
          if (!comune) throw new Error(`seed delivery: unknown town ${p.town}`);
          return {
            addressId: p.warehouseId,
            warehouseId: p.warehouseId,
            addressTypeId: p.parent ? 5 : 4,
            deliveryServiceId: p.service ?? 1,
            addressName: p.name,
            address1: p.address1,
            addressNumber: p.addressNumber,
            city: comune.name,
            province: comune.province,
            postalCode: p.cap,
            phone: p.phone,
            latitude: p.lat,
            longitude: p.lng,
          };
        }),
      )
      .onConflictDoNothing();
    await tx.execute(
      sql`SELECT setval(pg_get_serial_sequence('addresses', 'address_id'), GREATEST(${FIRST_CUSTOMER_ADDRESS_ID}, (SELECT max(address_id) FROM addresses)))`,
    );

    // ---- home-delivery zones: per province, "near a store" and "rest of the province" ----
    const zoneRows: Array<typeof deliveryZones.$inferInsert> = [];
    const capRows: Array<{ postalCode: string; zoneId: number }> = [];
    const seenCaps = new Set<string>();
    PROVINCE_ORDER.forEach((code, i) => {
      const stores = STORES.filter((s) => byName.get(s.town)?.province === code);
      const capital = ourComuni.find((c) => c.province === code && c.isProvinceCapital);
      if (!capital || stores.length === 0) throw new Error(`seed delivery: province ${code} has no store`);
      const main = [...stores].sort(
        (a, b) =>
          haversineMetres(a.lat, a.lng, capital.lat, capital.lng) -
          haversineMetres(b.lat, b.lng, capital.lat, capital.lng),
      )[0] as PickupPointSeed;
      const provinceName = capital.name;
      const nearId = (i + 1) * 10 + 1;
      const farId = (i + 1) * 10 + 2;
      zoneRows.push(
        {
          zoneId: nearId,
          name: `${provinceName} e dintorni`,
          province: code,
          warehouseId: main.warehouseId,
          ...ZONE_FEES.near,
        },
        {
          zoneId: farId,
          name: `Provincia di ${provinceName}`,
          province: code,
          warehouseId: main.warehouseId,
          ...ZONE_FEES.far,
        },
      );
      for (const c of ourComuni.filter((x) => x.province === code)) {
        const near = stores.some((s) => haversineMetres(s.lat, s.lng, c.lat, c.lng) <= NEAR_METRES);
        for (const cap of c.caps) {
          if (seenCaps.has(cap)) continue;
          seenCaps.add(cap);
          capRows.push({ postalCode: cap, zoneId: near ? nearId : farId });
        }
      }
    });
    await tx.insert(deliveryZones).values(zoneRows).onConflictDoNothing();
    await tx.insert(deliveryZoneCaps).values(capRows).onConflictDoNothing();

    const serviceRows = [
      ...STORES.map((s) => ({ warehouseId: s.warehouseId, deliveryServiceId: 1 })),
      ...[...new Set(zoneRows.map((z) => z.warehouseId))].flatMap((warehouseId) => [
        { warehouseId, deliveryServiceId: 2 },
        { warehouseId, deliveryServiceId: 3 },
      ]),
      ...LOCKERS.map((l) => ({ warehouseId: l.warehouseId, deliveryServiceId: l.service ?? 10000 })),
    ];
    await tx.insert(warehouseServices).values(serviceRows).onConflictDoNothing();
    await tx.insert(timeslots).values(TIMESLOT_TEMPLATES).onConflictDoNothing();
  });

  if (opts.demoAccounts) await ensureDemoAddresses(db);
}

function slugOf(name: string): string {
  return placeSearchKey(name).replace(/ /g, '-');
}

interface DemoAddress {
  email: string;
  addressName: string;
  addressTypeId: 2 | 3;
  deliveryServiceId: 2 | 3;
  address1: string;
  addressNumber: string;
  postalCode: string;
  city: string;
  province: string;
  receiverName: string;
  floor: string;
  elevator: boolean;
  otherInfo: string;
  phone: string;
  lat: number;
  lng: number;
  /** becomes the customer's default delivery address */
  isDefault: boolean;
}

/** Demo customers' addresses (README "Demo accounts"); only for customers who have none yet. */
const DEMO_ADDRESSES: readonly DemoAddress[] = [
  {
    email: 'mario.rossi@spesa.demo',
    addressName: 'Casa',
    addressTypeId: 2,
    deliveryServiceId: 2,
    address1: 'Via Dante',
    addressNumber: '12',
    postalCode: '20121',
    city: 'Milano',
    province: 'MI',
    receiverName: 'Mario Rossi',
    floor: '3',
    elevator: true,
    otherInfo: 'Citofono Rossi',
    phone: '3331234567',
    lat: 45.4657,
    lng: 9.1857,
    isDefault: true,
  },
  {
    email: 'mario.rossi@spesa.demo',
    addressName: 'Ufficio',
    addressTypeId: 3,
    deliveryServiceId: 3,
    address1: 'Via Gustavo Fara',
    addressNumber: '28',
    postalCode: '20124',
    city: 'Milano',
    province: 'MI',
    receiverName: 'Mario Rossi',
    floor: '0',
    elevator: true,
    otherInfo: 'Reception al piano terra',
    phone: '3331234567',
    lat: 45.4859,
    lng: 9.1983,
    isDefault: false,
  },
  {
    email: 'anna.verdi@spesa.demo',
    addressName: 'Casa',
    addressTypeId: 2,
    deliveryServiceId: 2,
    address1: 'Via Vittorio Emanuele II',
    addressNumber: '40',
    postalCode: '22100',
    city: 'Como',
    province: 'CO',
    receiverName: 'Anna Verdi',
    floor: '1',
    elevator: false,
    otherInfo: '',
    phone: '3471122334',
    lat: 45.8103,
    lng: 9.0838,
    isDefault: true,
  },
];

/** Mario's favourite store: the Drive of Milano Città Studi. */
const DEMO_FAVOURITE_STORE: Record<string, number> = { 'mario.rossi@spesa.demo': 13 };

async function ensureDemoAddresses(db: Db): Promise<void> {
  const emails = [...new Set(DEMO_ADDRESSES.map((a) => a.email))];
  const demoUsers = await db
    .select({ userId: users.userId, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  for (const u of demoUsers) {
    const existing = await db
      .select({ id: addresses.addressId })
      .from(addresses)
      .where(and(eq(addresses.userId, u.userId), isNull(addresses.deletedAt)))
      .limit(1);
    if (existing.length > 0) continue;
    let defaultDelivery: number | null = null;
    for (const a of DEMO_ADDRESSES.filter((x) => x.email === u.email)) {
      const [zone] = await db
        .select({ zoneId: deliveryZoneCaps.zoneId })
        .from(deliveryZoneCaps)
        .where(eq(deliveryZoneCaps.postalCode, a.postalCode));
      const [row] = await db
        .insert(addresses)
        .values({
          userId: u.userId,
          addressTypeId: a.addressTypeId,
          deliveryServiceId: a.deliveryServiceId,
          zoneId: zone?.zoneId ?? null,
          addressName: a.addressName,
          receiverName: a.receiverName,
          address1: a.address1,
          addressNumber: a.addressNumber,
          city: a.city,
          province: a.province,
          postalCode: a.postalCode,
          otherInfo: a.otherInfo,
          floor: a.floor,
          elevator: a.elevator,
          phone: a.phone,
          latitude: a.lat,
          longitude: a.lng,
        })
        .returning({ addressId: addresses.addressId });
      if (a.isDefault && row) defaultDelivery = row.addressId;
    }
    await db
      .update(users)
      .set({
        defaultDeliveryAddressId: defaultDelivery,
        defaultStoreAddressId: DEMO_FAVOURITE_STORE[u.email] ?? null,
      })
      .where(eq(users.userId, u.userId));
  }
}
