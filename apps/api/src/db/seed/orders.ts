import { sql } from 'drizzle-orm';
import { hashPassword } from '../../modules/account/secrets';
import { giftCertificates, packagingTypes, staffMembers, users } from '../schema';
import { DEMO_PASSWORD } from './accounts';
import type { Db } from './db';

/**
 * Checkout reference data and demo data (decision 017). Idempotent like the other seeds: existing rows are
 * left alone (ON CONFLICT DO NOTHING), so it runs at every start.
 * - Shopping bags (packaging types): always, they are reference data.
 * - Demo gift codes and the staff demo account: only with demo accounts (never in production).
 */
export const PACKAGING_TYPES = [
  {
    packagingTypeId: 1,
    code: 'BIODEGRADABILI',
    name: 'Sacchetti biodegradabili',
    descr: 'Sacchetti compostabili, riutilizzabili per la raccolta dell’umido.',
    priceCents: 10,
    itemsPerBag: 10,
    mediaIcon: 'leaf-fluttering-in-wind',
    priority: 1,
    isDefault: true,
  },
  {
    packagingTypeId: 2,
    code: 'CARTA',
    name: 'Borse in carta',
    descr: 'Borse di carta riciclata con manici rinforzati.',
    priceCents: 25,
    itemsPerBag: 12,
    mediaIcon: 'shopping-bags',
    priority: 2,
    isDefault: false,
  },
  {
    packagingTypeId: 3,
    code: 'NESSUNA',
    name: 'Nessuna busta',
    descr: 'Porto le mie borse: la spesa viene consegnata in cassette da svuotare al momento.',
    priceCents: 0,
    itemsPerBag: 10,
    mediaIcon: 'recycling-symbol',
    priority: 3,
    isDefault: false,
  },
] as const;

/** Demo gift codes (README "Demo gift codes"). */
export const DEMO_GIFT_CODES = [
  {
    code: 'BENVENUTO10',
    name: 'Benvenuto: 10% di sconto',
    descr: 'Il 10% di sconto sulla spesa (spese di consegna escluse), una volta per cliente.',
    kind: 'percent',
    value: 1000,
    minSpendCents: 0,
    validFrom: '2020-01-01',
    validTo: '2099-12-31',
    oncePerUser: true,
  },
  {
    code: 'SPESA5',
    name: '5 € di sconto',
    descr: '5 € di sconto con una spesa di almeno 30 €.',
    kind: 'amount',
    value: 500,
    minSpendCents: 3000,
    validFrom: '2020-01-01',
    validTo: '2099-12-31',
    oncePerUser: false,
  },
  {
    code: 'ESTATE2023',
    name: 'Estate 2023',
    descr: 'Il 15% di sconto, valido dal 3 al 31 luglio 2023.',
    kind: 'percent',
    value: 1500,
    minSpendCents: 0,
    validFrom: '2023-07-03',
    validTo: '2023-07-31',
    oncePerUser: true,
  },
] as const;

export const STAFF_DEMO_EMAIL = 'operatore@spesa.demo';

export async function ensureOrderData(opts: { demoAccounts: boolean }, db: Db): Promise<void> {
  await db
    .insert(packagingTypes)
    .values(PACKAGING_TYPES.map((p) => ({ ...p })))
    .onConflictDoNothing();
  if (!opts.demoAccounts) return;
  for (const g of DEMO_GIFT_CODES)
    await db.execute(
      sql`INSERT INTO ${giftCertificates} (code, name, descr, kind, value, min_spend_cents, valid_from, valid_to,
            once_per_user)
          VALUES (${g.code}, ${g.name}, ${g.descr}, ${g.kind}, ${g.value}, ${g.minSpendCents}, ${g.validFrom},
            ${g.validTo}, ${g.oncePerUser})
          ON CONFLICT DO NOTHING`,
    );
  for (const member of DEMO_STAFF) await seedStaffMember(member, db);
}

/**
 * The demo staff, one per back-office role (decision 030), all with the demo password; each enrols an
 * authenticator app at their first sign-in to /admin. The store manager and the picker work for the Drive
 * of Milano Città Studi (warehouse 13).
 */
export const DEMO_STAFF = [
  { email: STAFF_DEMO_EMAIL, firstName: 'Luca', lastName: 'Operatore', role: 'supervisor', warehouseIds: [] },
  {
    email: 'admin@spesa.demo',
    firstName: 'Anna',
    lastName: 'Amministratrice',
    role: 'administrator',
    warehouseIds: [],
  },
  {
    email: 'catalogo@spesa.demo',
    firstName: 'Carlo',
    lastName: 'Catalogo',
    role: 'catalogue_manager',
    warehouseIds: [],
  },
  {
    email: 'negozio@spesa.demo',
    firstName: 'Nadia',
    lastName: 'Negozio',
    role: 'store_manager',
    warehouseIds: [13],
  },
  {
    email: 'picker@spesa.demo',
    firstName: 'Piero',
    lastName: 'Preparatore',
    role: 'picker',
    warehouseIds: [13],
  },
  {
    email: 'clienti@spesa.demo',
    firstName: 'Sara',
    lastName: 'Servizio',
    role: 'customer_service',
    warehouseIds: [],
  },
] as const satisfies ReadonlyArray<{
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  warehouseIds: readonly number[];
}>;

async function seedStaffMember(m: (typeof DEMO_STAFF)[number], db: Db): Promise<void> {
  const [existing] = await db
    .select({ userId: users.userId })
    .from(users)
    .where(sql`lower(${users.email}) = ${m.email}`);
  let userId = existing?.userId;
  if (userId === undefined) {
    const [row] = await db
      .insert(users)
      .values({
        login: m.email,
        email: m.email,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        profileConfirmed: true,
        firstName: m.firstName,
        lastName: m.lastName,
        passwordChangedAt: sql`now() - interval '1 day'`,
      })
      .onConflictDoNothing()
      .returning({ userId: users.userId });
    userId = row?.userId;
  }
  if (userId !== undefined)
    await db
      .insert(staffMembers)
      .values({ userId, role: m.role, warehouseIds: [...m.warehouseIds] })
      .onConflictDoNothing();
}
