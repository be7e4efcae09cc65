/**
 * Delivery constants (spec section 9) without zod: the contracts in `contracts/delivery.ts` and
 * `contracts/account.ts` re-export them, and the web app imports them from here so that zod stays out of the
 * chunks that need only a number.
 */
export const DELIVERY_SERVICE = {
  /** store pickup ("Drive", ritiro in negozio) */
  drive: 1,
  /** home delivery; also the elderly service */
  home: 2,
  /** home delivery to a work address (company delivery, day periods 4-5) */
  homeWork: 3,
  locker: 10000,
  lockerCold: 10002,
} as const;
export const DELIVERY_SERVICE_IDS = [1, 2, 3, 10000, 10002] as const;
export const HOME_DELIVERY_SERVICE_IDS: readonly number[] = [2, 3];
export const LOCKER_SERVICE_IDS: readonly number[] = [10000, 10002];

/** Address class 1 = the elderly service's address (one per entitled customer). */
export const ADDRESS_CLASS_ELDERLY = 1;
/** Legal ids giving the elderly service (spec sections 3 and 5). */
export const ELDERLY_LEGAL_IDS: readonly number[] = [2, 3];
/** spec section 9: default proximity distance and the radius choices of the Drive tab */
export const PROXIMITY_DEFAULT_METRES = 10_000;
export const RADIUS_OPTIONS_METRES = [10_000, 30_000] as const;
export const PROXIMITY_MAX_METRES = 200_000;
/** spec section 9: 1 morning, 2 afternoon, 3 evening, 4 and 5 company delivery */
export const DAY_PERIOD = { morning: 1, afternoon: 2, evening: 3, company1: 4, company2: 5 } as const;
/** Cart statuses used so far: 0 open, 7 locked for payment (address change refused, spec section 4). */
export const CART_STATUS = { open: 0, locked: 7 } as const;
/** The provider segment of /{provider}-address-form and /{provider}-address-class-controller. */
export const ADDRESS_PROVIDER = 'spesa';
