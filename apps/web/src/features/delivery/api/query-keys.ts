/**
 * Delivery and cart queries belong to the signed-in customer: they live under ['account'], so signing out
 * or a session expiry removes them with the rest of the account data (use-session-reset.ts).
 */
export const deliveryKeys = {
  all: ['account', 'delivery'] as const,
  serviceList: (serviceId: number, near?: { latitude: number; longitude: number; distance: number }) =>
    ['account', 'delivery', 'service-list', serviceId, near ?? null] as const,
  addresses: () => ['account', 'delivery', 'addresses'] as const,
  address: (addressId: number) => ['account', 'delivery', 'address', addressId] as const,
  timeslots: () => ['account', 'delivery', 'timeslots'] as const,
  fee: () => ['account', 'delivery', 'fee'] as const,
  preview: (addressId: number) => ['account', 'delivery', 'preview', addressId] as const,
};

/** Public geography: the same for everybody, kept after signing out. */
export const geoKeys = {
  provinces: () => ['geo', 'provinces'] as const,
  cap: (postalcode: string) => ['geo', 'cap', postalcode] as const,
  storeMap: () => ['geo', 'store-map'] as const,
};
