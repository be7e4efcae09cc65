import {
  ADDRESS_PROVIDER,
  addressCheckBodySchema,
  addressCheckDataSchema,
  addressDataSchema,
  addressFormSchema,
  addressIdQuerySchema,
  addressListDataSchema,
  addressListQuerySchema,
  addressSchema,
  deliveryServiceListDataSchema,
  deliveryServiceListQuerySchema,
  proximityListQuerySchema,
  proximityLocalizeQuerySchema,
  setAddressClassQuerySchema,
  storeIdQuerySchema,
} from '@spesa/shared/contracts/delivery';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS, userIdOf } from '../../plugins/access';
import { answer, apiResponse, emptyDataSchema } from '../../plugins/envelope';
import type { DeliveryService } from './delivery.service';

export interface AddressRoutesOptions {
  delivery: DeliveryService;
}

/** The signed-in customer, or null for a visitor (customer-or-anonymous routes). */
const maybeUserId = (request: FastifyRequest): number | null => request.session?.userId ?? null;

const tags = ['delivery'];

/**
 * Addresses, stores and lockers as the address selector uses them, the customer's addresses and the elderly
 * address (spec section 7 "Address, store, geography"). Paths and parameter names are the platform's. Reads
 * of pickup points are public; anything about a customer needs a session (HTTP 401 envelope otherwise).
 * What the cart is delivered with (store, address, slot, fee) is the cart module's (cart-delivery.routes.ts).
 */
const addressRoutes: FastifyPluginAsyncZod<AddressRoutesOptions> = async (app, { delivery }) => {
  const changing = { stateChanging: true } as const;
  const form = { fieldMessages: true } as const;
  const pickupPoints = ACCESS.customerOrAnonymous(
    'pickup points are public; a signed-in customer also gets their own addresses and favourite',
  );

  // ---------- public: pickup points, coverage ----------
  app.get(
    '/address/list',
    {
      config: { access: pickupPoints },
      schema: {
        tags,
        summary: 'Addresses of a type (address_type, default drive: the stores’ pickup points)',
        querystring: addressListQuerySchema,
        response: { 200: apiResponse(addressListDataSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        await delivery.addressList(maybeUserId(request), request.query.address_type ?? 'drive'),
      ),
  );

  app.get(
    '/address/view',
    {
      config: { access: pickupPoints },
      schema: {
        tags,
        summary: 'One address: a pickup point, or one of the signed-in customer’s',
        querystring: addressIdQuerySchema,
        response: { 200: apiResponse(addressSchema) },
      },
    },
    async (request) =>
      answer(request, await delivery.addressView(maybeUserId(request), request.query.address_id)),
  );

  app.get(
    '/address/delivery-service-list',
    {
      config: { access: pickupPoints },
      schema: {
        tags,
        summary: 'The services (tabs) and the addresses of one (near latitude/longitude within distance)',
        querystring: deliveryServiceListQuerySchema,
        response: { 200: apiResponse(deliveryServiceListDataSchema) },
      },
    },
    async (request) =>
      answer(request, await delivery.deliveryServiceList(maybeUserId(request), request.query)),
  );

  app.post(
    '/address/check',
    {
      config: {
        ...form,
        access: ACCESS.public('whether home delivery reaches an address: no customer data'),
      },
      schema: {
        tags,
        summary: 'Does home delivery reach this address? (status 0 = yes)',
        body: addressCheckBodySchema,
        response: { 200: apiResponse(addressCheckDataSchema) },
      },
    },
    async (request) => answer(request, await delivery.checkAddress(request.body)),
  );

  app.get(
    '/store-proximity/list',
    {
      config: { access: pickupPoints },
      schema: {
        tags,
        summary: 'Pickup points of the services (default Drive), favourite first, by distance or name',
        querystring: proximityListQuerySchema,
        response: { 200: apiResponse(addressListDataSchema) },
      },
    },
    async (request) => answer(request, await delivery.proximity(maybeUserId(request), request.query)),
  );

  app.get(
    '/store-proximity/localize',
    {
      config: { access: pickupPoints },
      schema: {
        tags,
        summary: 'Pickup points near latitude/longitude (distance default 10 km), nearest first',
        querystring: proximityLocalizeQuerySchema,
        response: { 200: apiResponse(addressListDataSchema) },
      },
    },
    async (request) => answer(request, await delivery.proximity(maybeUserId(request), request.query)),
  );

  // ---------- the customer's ----------

  app.get(
    '/user-address/delivery-service-list',
    {
      config: { access: ACCESS.customer },
      schema: {
        tags,
        summary: 'The services and the customer’s addresses or pickup points of one',
        querystring: deliveryServiceListQuerySchema,
        response: { 200: apiResponse(deliveryServiceListDataSchema) },
      },
    },
    async (request) => answer(request, await delivery.deliveryServiceList(userIdOf(request), request.query)),
  );

  app.get(
    '/user-address/list-store',
    {
      config: { access: ACCESS.customer },
      schema: {
        tags,
        summary: 'A store’s pickup point and its lockers',
        querystring: storeIdQuerySchema,
        response: { 200: apiResponse(addressListDataSchema) },
      },
    },
    async (request) => answer(request, await delivery.listStore(userIdOf(request), request.query.store_id)),
  );

  app.get(
    '/user-address/list',
    {
      config: { access: ACCESS.customer },
      schema: {
        tags,
        summary: 'The customer’s addresses (address_type home or work), or pickup points (drive, locker)',
        querystring: addressListQuerySchema,
        response: { 200: apiResponse(addressListDataSchema) },
      },
    },
    async (request) =>
      answer(request, await delivery.addressList(userIdOf(request), request.query.address_type ?? 'home')),
  );

  app.get(
    '/user-address/view',
    {
      config: { access: ACCESS.customer },
      schema: {
        tags,
        summary: 'One of the customer’s addresses or a pickup point',
        querystring: addressIdQuerySchema,
        response: { 200: apiResponse(addressSchema) },
      },
    },
    async (request) =>
      answer(request, await delivery.addressView(userIdOf(request), request.query.address_id)),
  );

  app.post(
    '/user-address/check',
    {
      config: { ...form, access: ACCESS.customer },
      schema: {
        tags,
        summary: 'Does home delivery reach this address? (status 0 = yes)',
        body: addressCheckBodySchema,
        response: { 200: apiResponse(addressCheckDataSchema) },
      },
    },
    async (request) => answer(request, await delivery.checkAddress(request.body)),
  );

  app.post(
    '/user-address/update',
    {
      config: { ...form, access: ACCESS.customer },
      schema: {
        tags,
        summary: 'Save a home address (new when addressId is absent); work addresses cannot be changed',
        body: addressFormSchema,
        response: { 200: apiResponse(addressDataSchema) },
      },
    },
    async (request) => answer(request, await delivery.saveAddress(userIdOf(request), request.body)),
  );

  app.get(
    '/user-address/delete',
    {
      config: { ...changing, access: ACCESS.customer },
      schema: {
        tags,
        summary: 'Delete a home address (never the one the cart delivers to)',
        querystring: addressIdQuerySchema,
        response: { 200: apiResponse(emptyDataSchema) },
      },
    },
    async (request) =>
      answer(request, await delivery.deleteAddress(userIdOf(request), request.query.address_id)),
  );

  app.post(
    `/${ADDRESS_PROVIDER}-address-form/save-new-address`,
    {
      config: { ...form, access: ACCESS.customer },
      schema: {
        tags,
        summary: 'Add a home address (the address form of the provider "spesa")',
        body: addressFormSchema,
        response: { 200: apiResponse(addressDataSchema) },
      },
    },
    async (request) =>
      answer(request, await delivery.saveAddress(userIdOf(request), request.body, { insertOnly: true })),
  );

  app.get(
    `/${ADDRESS_PROVIDER}-address-class-controller/set-address-class-id`,
    {
      config: { ...changing, access: ACCESS.customer },
      schema: {
        tags,
        summary: 'Mark (1) or unmark (0) the elderly address: legal id 2 or 3, non-work, only one',
        querystring: setAddressClassQuerySchema,
        response: { 200: apiResponse(addressDataSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        await delivery.setAddressClass(
          userIdOf(request),
          request.query.address_id,
          request.query.address_class_id,
        ),
      ),
  );
};

export default addressRoutes;
