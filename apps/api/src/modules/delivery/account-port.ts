import type { AccountRepository } from '../account/account.repository';

/**
 * What delivery needs from the account domain: the customer's legal entitlements (elderly service, legal
 * id 2 or 3) and the two default addresses kept on the user (favourite store, default delivery address).
 * Delivery never touches the users table: it goes through the account repository's methods.
 */
export interface DeliveryCustomer {
  firstName: string;
  lastName: string;
  legalIds: number[];
  defaultStoreAddressId: number | null;
  defaultDeliveryAddressId: number | null;
}

export interface DeliveryAccountPort {
  customer(userId: number): Promise<DeliveryCustomer | null>;
  setDefaults(
    userId: number,
    patch: { defaultStoreAddressId?: number | null; defaultDeliveryAddressId?: number | null },
  ): Promise<void>;
}

export function accountPortOf(accounts: AccountRepository): DeliveryAccountPort {
  return {
    customer: async (userId) => {
      const u = await accounts.findUserById(userId);
      return u
        ? {
            firstName: u.firstName,
            lastName: u.lastName,
            legalIds: u.legalIds,
            defaultStoreAddressId: u.defaultStoreAddressId,
            defaultDeliveryAddressId: u.defaultDeliveryAddressId,
          }
        : null;
    },
    setDefaults: async (userId, patch) => {
      await accounts.updateUser(userId, patch);
    },
  };
}
