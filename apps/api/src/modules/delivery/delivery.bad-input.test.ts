import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';

/**
 * Every delivery and cart endpoint, signed in, with hostile values in every parameter: the answer is always
 * the envelope (never a 500), with no SQL text nor stack in it.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_RATE_MAX_PER_ACCOUNT: 1000, AUTH_RATE_MAX_PER_ADDRESS: 1000 } });
  token = (await newCustomer(t, { tag: 'hostile', legalIds: [2] })).token;
});
afterAll(async () => {
  await t.close();
});

const HOSTILE = [
  'x'.repeat(5000),
  "1' OR '1'='1",
  '1; DROP TABLE addresses; --',
  '%',
  '_',
  '-1',
  '0',
  '1e400',
  'NaN',
  '2147483648',
  '\u0000',
  '😀',
  '../../etc/passwd',
];

const GETS: Record<string, string[]> = {
  '/address/list': ['address_type'],
  '/address/view': ['address_id'],
  '/address/delivery-service-list': [
    'delivery_service_id',
    'address_type',
    'latitude',
    'longitude',
    'distance',
  ],
  '/address/geo-service-coverage': ['latitude', 'longitude', 'postal_code'],
  '/geo/province-list': ['country_id', 'home_delivery_only'],
  '/geo/country-list': ['continent_id', 'home_delivery_only'],
  '/geo/homedelivery-list-simple': ['home_delivery_only'],
  '/geo/city-list': ['postal_code'],
  '/geo/place-search': ['q', 'limit'],
  '/geo/reverse-lookup': ['latitude', 'longitude'],
  '/warehouse-locator/search': [
    'text',
    'latitude',
    'longitude',
    'distance',
    'province',
    'parent_warehouse_id',
    'services',
  ],
  '/warehouse/find-by-coordinates': ['latitude', 'longitude', 'distance'],
  '/store-proximity/list': ['services', 'orderby'],
  '/store-proximity/localize': ['latitude', 'longitude', 'services', 'orderby', 'distance'],
  '/store-proximity/select': ['store_id'],
  '/store/view': ['store_id'],
  '/user-address/delivery-service-list': ['delivery_service_id', 'address_type', 'latitude', 'longitude'],
  '/user-address/list-store': ['store_id'],
  '/user-address/list': ['address_type'],
  '/user-address/preview': ['address_id', 'address_type', 'delivery_service_id'],
  '/user-address/view': ['address_id'],
  '/user-address/delete': ['address_id'],
  '/spesa-address-class-controller/set-address-class-id': ['address_id', 'address_class_id'],
  '/timeslot/list': ['show-closed', 'check-locker'],
  '/timeslot/select': ['sel_date', 'timeslot_id'],
};
const POSTS: Record<string, string[]> = {
  '/address/check': ['postalcode', 'city', 'province'],
  '/user-address/check': ['postalcode', 'city'],
  '/user-address/update': [
    'addressId',
    'addressName',
    'postalcode',
    'phone',
    'province',
    'latitude',
    'elevator',
  ],
  '/spesa-address-form/save-new-address': ['addressName', 'address1', 'city', 'floor'],
  '/user-address/select': [],
  '/store/select': [],
};
const VALID_FORM = {
  addressName: 'Casa',
  receiverName: 'Test',
  address1: 'Via Roma',
  addressNumber: '1',
  postalcode: '22100',
  city: 'Como',
  province: 'CO',
  phone: '3331234567',
};

function expectEnvelope(res: { statusCode: number; body: { response: { status: number } } }, label: string) {
  expect(res.statusCode, label).toBeLessThan(500);
  expect(typeof res.body.response.status, label).toBe('number');
  const text = JSON.stringify(res.body);
  expect(text, label).not.toMatch(/SELECT|INSERT|UPDATE |syntax error|at .*\.ts:\d+|stack/i);
}

describe('hostile query parameters', () => {
  it.each(Object.entries(GETS))('GET %s', async (path, params) => {
    for (const param of params)
      for (const value of HOSTILE) {
        const res = await callAs(
          t.app,
          token,
          'GET',
          `/ebsn/api${path}?${param}=${encodeURIComponent(value)}`,
        );
        expectEnvelope(res, `${path} ${param}=${value.slice(0, 20)}`);
      }
  });

  it.each(Object.entries(POSTS))('POST %s', async (path, fields) => {
    for (const value of HOSTILE) {
      const query = `?address_id=${encodeURIComponent(value)}&store_id=${encodeURIComponent(value)}`;
      expectEnvelope(
        await callAs(t.app, token, 'POST', `/ebsn/api${path}${query}`, { payload: {} }),
        `${path} query`,
      );
      for (const field of fields) {
        const res = await callAs(t.app, token, 'POST', `/ebsn/api${path}`, {
          payload: { ...VALID_FORM, [field]: value },
        });
        expectEnvelope(res, `${path} ${field}=${value.slice(0, 20)}`);
      }
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: `/ebsn/api${path}`,
      headers: { 'content-type': 'application/json' },
      cookies: { 'x-ebsn-account': token },
      payload: '{"postalcode": ',
    });
    expect(notJson.statusCode).toBe(400);
  });
});
