import { describe, expect, it } from 'vitest';
import {
  ADDRESS_CLASS_ELDERLY as CONTRACT_ELDERLY,
  ADDRESS_PROVIDER as CONTRACT_PROVIDER,
  CART_STATUS,
  DAY_PERIOD as CONTRACT_DAY_PERIOD,
  DELIVERY_SERVICE,
  HOME_DELIVERY_SERVICE_IDS,
  LOCKER_SERVICE_IDS,
  PROXIMITY_DEFAULT_METRES,
  RADIUS_OPTIONS_METRES,
} from '@spesa/shared/contracts/delivery';
import {
  ADDRESS_CLASS_ELDERLY,
  ADDRESS_PROVIDER,
  CART_STATUS_LOCKED,
  DAY_PERIOD,
  DEFAULT_RADIUS,
  HOME_SERVICES,
  LOCKER_SERVICES,
  RADIUS_OPTIONS,
  SERVICE,
} from './delivery-constants';

describe('delivery constants of the web app', () => {
  it('equal the shared contract', () => {
    expect(SERVICE).toEqual(DELIVERY_SERVICE);
    expect(HOME_SERVICES).toEqual(HOME_DELIVERY_SERVICE_IDS);
    expect(LOCKER_SERVICES).toEqual(LOCKER_SERVICE_IDS);
    expect(RADIUS_OPTIONS).toEqual(RADIUS_OPTIONS_METRES);
    expect(DEFAULT_RADIUS).toBe(PROXIMITY_DEFAULT_METRES);
    expect(ADDRESS_CLASS_ELDERLY).toBe(CONTRACT_ELDERLY);
    expect(ADDRESS_PROVIDER).toBe(CONTRACT_PROVIDER);
    expect(CART_STATUS_LOCKED).toBe(CART_STATUS.locked);
    expect(DAY_PERIOD).toMatchObject({
      morning: CONTRACT_DAY_PERIOD.morning,
      afternoon: CONTRACT_DAY_PERIOD.afternoon,
      evening: CONTRACT_DAY_PERIOD.evening,
    });
  });
});
