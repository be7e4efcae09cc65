/**
 * The delivery constants of the shared contracts (spec section 9), repeated here so that the header's
 * indicator and the dialogs import only types from `@spesa/shared/contracts/delivery` and zod stays out of
 * their chunks. delivery-constants.test.ts checks they equal the contract's values.
 */
export const SERVICE = { drive: 1, home: 2, homeWork: 3, locker: 10000, lockerCold: 10002 } as const;
export const HOME_SERVICES: readonly number[] = [SERVICE.home, SERVICE.homeWork];
export const LOCKER_SERVICES: readonly number[] = [SERVICE.locker, SERVICE.lockerCold];
/** the Drive tab's radius choices, metres (10 km, 30 km) */
export const RADIUS_OPTIONS = [10_000, 30_000] as const;
export const DEFAULT_RADIUS = 10_000;
export const ADDRESS_CLASS_ELDERLY = 1;
/** legal ids giving the elderly service (spec sections 3 and 5) */
export const ELDERLY_LEGAL_IDS: readonly number[] = [2, 3];
/** 7: locked for payment, no change of address (spec section 4) */
export const CART_STATUS_LOCKED = 7;
export const ADDRESS_PROVIDER = 'spesa';
/** day periods: 1 morning, 2 afternoon, 3 evening, 4-5 company windows */
export const DAY_PERIOD = { morning: 1, afternoon: 2, evening: 3 } as const;
/** spec section 9: dialogs are at most 530 px wide */
export const DELIVERY_DIALOG_MAX_WIDTH = 530;
