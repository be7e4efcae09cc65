import { describe, expect, it } from 'vitest';
import { filterAddresses, formatDistance, isElderlyAddress, isElderlyEntitled } from './address-rows';

const rows = [
  { addressName: 'Casa', address1: 'Via Vittorio Emanuele II', city: 'Como' },
  { addressName: 'Spesa Cantù', address1: 'Via Milano', city: 'Cantù' },
  { addressName: 'Ufficio', address1: 'Via Gustavo Fara', city: 'Milano' },
];

describe('address text search (name, street or city, case-insensitive)', () => {
  it.each([
    ['casa', ['Casa']],
    ['MILANO', ['Spesa Cantù', 'Ufficio']],
    ['fara', ['Ufficio']],
    ['cantu', ['Spesa Cantù']],
    ['  ', ['Casa', 'Spesa Cantù', 'Ufficio']],
    ['roma', []],
  ])('%s', (q, names) => {
    expect(filterAddresses(rows, q).map((r) => r.addressName)).toEqual(names);
  });
});

describe('elderly service', () => {
  it('is for legal id 2 or 3, on the address of class 1', () => {
    expect(isElderlyEntitled([{ legalId: 2 }])).toBe(true);
    expect(isElderlyEntitled([{ legalId: 3 }])).toBe(true);
    expect(isElderlyEntitled([{ legalId: 1 }])).toBe(false);
    expect(isElderlyEntitled(undefined)).toBe(false);
    const cls = {
      addressClassId: 1,
      name: 'Anziani',
      addressClassGroup: { addressClassGroupId: 1 },
      iconSource: '',
    };
    expect(isElderlyAddress({ addressClass: [cls] })).toBe(true);
    expect(isElderlyAddress({ addressClass: [] })).toBe(false);
  });
  it('writes distances in km, Italian style', () => {
    expect(formatDistance(3240)).toBe('3,2');
  });
});
