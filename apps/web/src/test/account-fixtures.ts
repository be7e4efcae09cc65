import type { RegistrationDisclaimer, UserDetail } from '@spesa/shared/contracts/account';

export function makeUserDetail(overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    userId: 7,
    login: 'mario.rossi@example.it',
    email: 'mario.rossi@example.it',
    profileConfirmed: true,
    userType: { userTypeId: 2 },
    betaTester: false,
    companyId: null,
    hasFavorites: false,
    giftCertificatesReceived: 0,
    profile: { level: 1 },
    legals: [],
    crmUserSegments: [],
    defaultStoreAddressId: null,
    defaultDeliveryAddressId: null,
    mfaEnabled: false,
    fidelityCard: null,
    person: {
      firstName: 'Mario',
      lastName: 'Rossi',
      fiscalCode: 'RSSMRA80A01F205X',
      birthDate: '1980-01-01',
      birthCountry: 'Italia',
      birthPlace: 'Milano',
      gender: 'M',
      italianCitizen: true,
      personInfos: [],
    },
    contact: { email: 'mario.rossi@example.it', homePhone: '', mobilePhone: '3331234567' },
    contactPreferences: { email: true, sms: false, push: false, whatsapp: false },
    consents: { marketing: false, profiling: false },
    domicile: {
      address1: 'Via Roma',
      addressNumber: '1',
      postalCode: '20121',
      city: 'Milano',
      province: 'MI',
      countryId: 1,
    },
    registrationDate: '2026-01-01',
    ...overrides,
  };
}

export const registrationDisclaimers: RegistrationDisclaimer[] = [
  {
    registrationDisclaimerId: 1,
    registrationModuleTypeId: 2,
    code: 'PRIVACY',
    title: "Ho letto l'informativa sulla privacy",
    descr: '',
    required: true,
    priority: 1,
  },
  {
    registrationDisclaimerId: 2,
    registrationModuleTypeId: 2,
    code: 'MARKETING',
    title: 'Voglio ricevere offerte',
    descr: '',
    required: false,
    priority: 2,
  },
];
