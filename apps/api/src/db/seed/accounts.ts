import { sql } from 'drizzle-orm';
import { hashPassword } from '../../modules/account/secrets';
import { loyaltyCards, personFiscals, registrationDisclaimers, users } from '../schema';
import type { Db } from './db';
import { makeCardNumber, type CardType } from '@spesa/shared/loyalty/card-number';

/**
 * Account reference data and the demo accounts of the README.
 * - Registration disclaimers (module type 2, store 5: spec section 9): always, they are reference data.
 * - Demo customers and spare loyalty cards: only when demo accounts are on (not in production), so a
 *   production database never holds a known password. Idempotent: existing rows are left alone.
 */
export const DEMO_PASSWORD = 'Spesa2026!';

/**
 * Loyalty cards use the chain's in-store EAN ranges, 26... for fidelity cards and 27... for premium cards
 * (decision 038); the 13th digit is the check digit.
 */
export function loyaltyCardNumber(n: number, type: CardType = 'fidelity'): string {
  return makeCardNumber(type, n);
}

export const DISCLAIMERS = [
  {
    registrationDisclaimerId: 1,
    code: 'privacy',
    title: 'Informativa sulla privacy',
    descr:
      'Ho letto e compreso l’informativa sul trattamento dei dati personali (art. 13 del Regolamento UE 2016/679).',
    required: true,
    priority: 1,
  },
  {
    registrationDisclaimerId: 2,
    code: 'terms',
    title: 'Condizioni generali di vendita',
    descr: 'Accetto le condizioni generali di vendita del servizio di spesa online.',
    required: true,
    priority: 2,
  },
  {
    registrationDisclaimerId: 3,
    code: 'marketing',
    title: 'Comunicazioni commerciali',
    descr: 'Acconsento a ricevere offerte, promozioni e novità via e-mail, SMS e notifiche.',
    required: false,
    priority: 3,
  },
  {
    registrationDisclaimerId: 4,
    code: 'profiling',
    title: 'Profilazione',
    descr: 'Acconsento all’analisi dei miei acquisti per ricevere offerte personalizzate.',
    required: false,
    priority: 4,
  },
] as const;

interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  fiscalCode: string;
  birthDate: string;
  birthPlace: string;
  gender: 'M' | 'F';
  card?: { n: number; type: 'fidelity' | 'premium' };
  userTypeId?: number;
  legalIds?: number[];
  companyId?: number;
  city: string;
  province: string;
  postalCode: string;
  address1: string;
  addressNumber: string;
  mobilePhone: string;
}

/** The accounts listed in the README (password DEMO_PASSWORD). Tax codes are computed, valid ones. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'mario.rossi@spesa.demo',
    firstName: 'Mario',
    lastName: 'Rossi',
    fiscalCode: 'RSSMRA85T10F205R',
    birthDate: '1985-12-10',
    birthPlace: 'Milano',
    gender: 'M',
    card: { n: 1, type: 'fidelity' },
    city: 'Milano',
    province: 'MI',
    postalCode: '20121',
    address1: 'Via Dante',
    addressNumber: '12',
    mobilePhone: '3331234567',
  },
  {
    email: 'giulia.bianchi@spesa.demo',
    firstName: 'Giulia',
    lastName: 'Bianchi',
    fiscalCode: 'BNCGLI90A41B157H',
    birthDate: '1990-01-01',
    birthPlace: 'Brescia',
    gender: 'F',
    card: { n: 2, type: 'premium' },
    city: 'Brescia',
    province: 'BS',
    postalCode: '25121',
    address1: 'Corso Zanardelli',
    addressNumber: '5',
    mobilePhone: '3387654321',
  },
  {
    email: 'anna.verdi@spesa.demo',
    firstName: 'Anna',
    lastName: 'Verdi',
    fiscalCode: 'VRDNNA42M52C933J',
    birthDate: '1942-08-12',
    birthPlace: 'Como',
    gender: 'F',
    card: { n: 3, type: 'fidelity' },
    legalIds: [2],
    city: 'Como',
    province: 'CO',
    postalCode: '22100',
    address1: 'Via Vittorio Emanuele II',
    addressNumber: '40',
    mobilePhone: '3471122334',
  },
  {
    email: 'master@spesa.demo',
    firstName: 'Paolo',
    lastName: 'Galli',
    fiscalCode: 'GLLPLA75C15A794V',
    birthDate: '1975-03-15',
    birthPlace: 'Bergamo',
    gender: 'M',
    userTypeId: 1,
    city: 'Bergamo',
    province: 'BG',
    postalCode: '24121',
    address1: 'Via XX Settembre',
    addressNumber: '3',
    mobilePhone: '3405566778',
  },
  {
    email: 'acquisti@brambilla.demo',
    firstName: 'Chiara',
    lastName: 'Brambilla',
    fiscalCode: 'BRMCHR80D45F704P',
    birthDate: '1980-04-05',
    birthPlace: 'Monza',
    gender: 'F',
    companyId: 1,
    city: 'Monza',
    province: 'MB',
    postalCode: '20900',
    address1: 'Via Italia',
    addressNumber: '22',
    mobilePhone: '3391231231',
  },
];

/** Spare cards for "register with card" in the demo: number and the holder's surname that must match. */
export const SPARE_CARDS = [
  { n: 101, holderLastName: 'Colombo', type: 'fidelity' },
  { n: 102, holderLastName: 'Ferrari', type: 'fidelity' },
  { n: 103, holderLastName: 'Ricci', type: 'premium' },
  // for linking a card in "La mia carta" (the loyalty-card journey takes one per attempt)
  { n: 104, holderLastName: 'Ferrari', type: 'fidelity' },
  { n: 105, holderLastName: 'Ferrari', type: 'fidelity' },
  { n: 106, holderLastName: 'Ferrari', type: 'fidelity' },
  { n: 107, holderLastName: 'Ferrari', type: 'fidelity' },
] as const;

export async function ensureAccountData(opts: { demoAccounts: boolean }, db: Db): Promise<number> {
  await db
    .insert(registrationDisclaimers)
    .values(DISCLAIMERS.map((d) => ({ ...d, registrationModuleTypeId: 2, storeId: 5 })))
    .onConflictDoNothing();
  if (!opts.demoAccounts) return 0;

  await db
    .insert(loyaltyCards)
    .values([
      ...DEMO_ACCOUNTS.filter((a) => a.card).map((a) => ({
        cardNumber: loyaltyCardNumber(a.card?.n ?? 0, a.card?.type),
        cardType: a.card?.type ?? 'fidelity',
        holderLastName: a.lastName,
      })),
      ...SPARE_CARDS.map((c) => ({
        cardNumber: loyaltyCardNumber(c.n, c.type),
        cardType: c.type,
        holderLastName: c.holderLastName,
      })),
    ])
    .onConflictDoNothing();

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let created = 0;
  for (const a of DEMO_ACCOUNTS) {
    const [row] = await db
      .insert(users)
      .values({
        login: a.email,
        email: a.email,
        passwordHash,
        profileConfirmed: true,
        userTypeId: a.userTypeId ?? 2,
        legalIds: a.legalIds ?? [],
        companyId: a.companyId ?? null,
        cardNumber: a.card ? loyaltyCardNumber(a.card.n, a.card.type) : null,
        firstName: a.firstName,
        lastName: a.lastName,
        fiscalCode: a.fiscalCode,
        birthDate: a.birthDate,
        birthPlace: a.birthPlace,
        birthCountry: 'Italia',
        gender: a.gender,
        mobilePhone: a.mobilePhone,
        address1: a.address1,
        addressNumber: a.addressNumber,
        postalCode: a.postalCode,
        city: a.city,
        province: a.province,
        passwordChangedAt: sql`now() - interval '1 day'`,
      })
      .onConflictDoNothing()
      .returning({ userId: users.userId });
    if (!row) continue;
    created++;
    if (a.companyId)
      await db.insert(personFiscals).values({
        userId: row.userId,
        personTypeId: 2,
        companyName: 'Ferramenta Brambilla S.r.l.',
        vatCode: '01234561080', // office code 108 (Monza e Brianza), check digit 0
        sdiCode: 'M5UXCR1',
        address1: a.address1,
        addressNumber: a.addressNumber,
        postalCode: a.postalCode,
        city: a.city,
        province: a.province,
        isDefault: true,
      });
  }
  return created;
}
