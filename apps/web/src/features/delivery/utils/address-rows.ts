import type { Address } from '@spesa/shared/contracts/delivery';
import { ADDRESS_CLASS_ELDERLY, ELDERLY_LEGAL_IDS } from '@spesa/shared/delivery/constants';

const km = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 });

/** metres → "3,2" (km) */
export const formatDistance = (metres: number) => km.format(metres / 1000);

export const isElderlyAddress = (a: Pick<Address, 'addressClass'>) =>
  a.addressClass.some((c) => c.addressClassId === ADDRESS_CLASS_ELDERLY);

/** The elderly service needs legal id 2 or 3 on the user (spec sections 3 and 5). */
export const isElderlyEntitled = (legals: readonly { legalId: number }[] | undefined) =>
  (legals ?? []).some((l) => ELDERLY_LEGAL_IDS.includes(l.legalId));

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The selector's text search: by name, street or city, case-insensitive (accents too). */
export function filterAddresses<T extends Pick<Address, 'addressName' | 'address1' | 'city'>>(
  addresses: readonly T[],
  text: string,
): T[] {
  const q = fold(text.trim());
  if (!q) return [...addresses];
  return addresses.filter((a) => [a.addressName, a.address1, a.city].some((f) => fold(f).includes(q)));
}
