import type { UserDetail } from '@spesa/shared/contracts/account';
import type { RootUser } from '@spesa/shared/contracts/envelope';
import type { SessionUser } from '../../plugins/session';
import type { UserRow } from './account.repository';
import { wireInstant } from '../../db/wire-time';

/** Wire shapes of a user row: never the password hash nor any token. */

const fidelityCardOf = (u: Pick<UserRow, 'cardNumber'>, cardType: string | null) =>
  u.cardNumber
    ? { cardNumber: u.cardNumber, cardType: cardType === 'premium' ? 'premium' : 'fidelity' }
    : null;

/** The envelope's root user from the user's columns the session reads (a whole user row has them too). */
export function toRootUser(u: SessionUser, cardType: string | null = null): RootUser {
  return {
    userId: u.userId,
    login: u.login,
    profileConfirmed: u.profileConfirmed,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    userType: { userTypeId: u.userTypeId },
    legals: u.legalIds.map((legalId) => ({ legalId })),
    betaTester: u.betaTester,
    fidelityCard: fidelityCardOf(u, cardType),
  };
}

export function toUserDetail(
  u: UserRow,
  personInfos: Array<{ personInfoTypeId: number; value: string }>,
  cardType: string | null,
  giftCertificatesReceived: number,
): UserDetail {
  return {
    userId: u.userId,
    login: u.login,
    email: u.email,
    profileConfirmed: u.profileConfirmed,
    userType: { userTypeId: u.userTypeId },
    betaTester: u.betaTester,
    companyId: u.companyId,
    hasFavorites: false,
    giftCertificatesReceived,
    profile: { level: u.profileLevel },
    legals: u.legalIds.map((legalId) => ({ legalId })),
    crmUserSegments: u.crmSegmentIds.map((crmSegmentId) => ({ crmSegment: { crmSegmentId } })),
    defaultStoreAddressId: u.defaultStoreAddressId,
    defaultDeliveryAddressId: u.defaultDeliveryAddressId,
    mfaEnabled: u.mfaEnabled,
    fidelityCard: fidelityCardOf(u, cardType) as UserDetail['fidelityCard'],
    person: {
      firstName: u.firstName,
      lastName: u.lastName,
      fiscalCode: u.fiscalCode,
      birthDate: u.birthDate,
      birthCountry: u.birthCountry,
      birthPlace: u.birthPlace,
      gender: u.gender === 'M' || u.gender === 'F' ? u.gender : null,
      italianCitizen: u.italianCitizen,
      personInfos,
    },
    contact: { email: u.email, homePhone: u.homePhone, mobilePhone: u.mobilePhone },
    contactPreferences: {
      email: u.contactEmail,
      sms: u.contactSms,
      push: u.contactPush,
      whatsapp: u.contactWhatsapp,
    },
    consents: { marketing: u.marketingConsent, profiling: u.profilingConsent },
    domicile: {
      address1: u.address1,
      addressNumber: u.addressNumber,
      postalCode: u.postalCode,
      city: u.city,
      province: u.province,
      countryId: u.countryId,
    },
    registrationDate: wireInstant(u.createdAt, 'milliseconds'),
  };
}
