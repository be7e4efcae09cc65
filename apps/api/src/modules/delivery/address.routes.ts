import { deliveryEndpoints as api } from '@spesa/shared/contracts/delivery';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS, userIdOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
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
  app.route({
    ...contractRoute(api.addressList, {
      access: pickupPoints,
      tags,
      summary: 'Addresses of a type (address_type, default drive: the stores’ pickup points)',
    }),
    handler: async (request) =>
      answer(
        request,
        await delivery.addressList(maybeUserId(request), request.query.address_type ?? 'drive'),
      ),
  });

  app.route({
    ...contractRoute(api.addressView, {
      access: pickupPoints,
      tags,
      summary: 'One address: a pickup point, or one of the signed-in customer’s',
    }),
    handler: async (request) =>
      answer(request, await delivery.addressView(maybeUserId(request), request.query.address_id)),
  });

  app.route({
    ...contractRoute(api.addressDeliveryServiceList, {
      access: pickupPoints,
      tags,
      summary: 'The services (tabs) and the addresses of one (near latitude/longitude within distance)',
    }),
    handler: async (request) =>
      answer(request, await delivery.deliveryServiceList(maybeUserId(request), request.query)),
  });

  app.route({
    ...contractRoute(api.addressCheck, {
      access: ACCESS.public('whether home delivery reaches an address: no customer data'),
      config: form,
      tags,
      summary: 'Does home delivery reach this address? (status 0 = yes)',
    }),
    handler: async (request) => answer(request, await delivery.checkAddress(request.body)),
  });

  app.route({
    ...contractRoute(api.proximityList, {
      access: pickupPoints,
      tags,
      summary: 'Pickup points of the services (default Drive), favourite first, by distance or name',
    }),
    handler: async (request) =>
      answer(request, await delivery.proximity(maybeUserId(request), request.query)),
  });

  app.route({
    ...contractRoute(api.proximityLocalize, {
      access: pickupPoints,
      tags,
      summary: 'Pickup points near latitude/longitude (distance default 10 km), nearest first',
    }),
    handler: async (request) =>
      answer(request, await delivery.proximity(maybeUserId(request), request.query)),
  });

  // ---------- the customer's ----------

  app.route({
    ...contractRoute(api.userDeliveryServiceList, {
      access: ACCESS.customer,
      tags,
      summary: 'The services and the customer’s addresses or pickup points of one',
    }),
    handler: async (request) =>
      answer(request, await delivery.deliveryServiceList(userIdOf(request), request.query)),
  });

  app.route({
    ...contractRoute(api.userListStore, {
      access: ACCESS.customer,
      tags,
      summary: 'A store’s pickup point and its lockers',
    }),
    handler: async (request) =>
      answer(request, await delivery.listStore(userIdOf(request), request.query.store_id)),
  });

  app.route({
    ...contractRoute(api.userAddressList, {
      access: ACCESS.customer,
      tags,
      summary: 'The customer’s addresses (address_type home or work), or pickup points (drive, locker)',
    }),
    handler: async (request) =>
      answer(request, await delivery.addressList(userIdOf(request), request.query.address_type ?? 'home')),
  });

  app.route({
    ...contractRoute(api.userAddressView, {
      access: ACCESS.customer,
      tags,
      summary: 'One of the customer’s addresses or a pickup point',
    }),
    handler: async (request) =>
      answer(request, await delivery.addressView(userIdOf(request), request.query.address_id)),
  });

  app.route({
    ...contractRoute(api.userAddressCheck, {
      access: ACCESS.customer,
      config: form,
      tags,
      summary: 'Does home delivery reach this address? (status 0 = yes)',
    }),
    handler: async (request) => answer(request, await delivery.checkAddress(request.body)),
  });

  app.route({
    ...contractRoute(api.userAddressUpdate, {
      access: ACCESS.customer,
      config: form,
      tags,
      summary: 'Save a home address (new when addressId is absent); work addresses cannot be changed',
    }),
    handler: async (request) => answer(request, await delivery.saveAddress(userIdOf(request), request.body)),
  });

  // a company code is a secret of its employees: guessing is throttled per customer and per address
  const workThrottle = app.authThrottle(
    'shopatwork',
    (request) => (request.session ? { userId: request.session.userId } : null),
    { maxPerAccount: 10, maxPerAddress: 50 },
  );
  app.route({
    ...contractRoute(api.shopAtWorkSubscribe, {
      access: ACCESS.customer,
      config: changing,
      tags,
      summary: 'Shop at work: the company code gives a work address delivered in day periods 4 and 5',
    }),
    preHandler: workThrottle,
    handler: async (request) =>
      answer(request, await delivery.subscribeToWork(userIdOf(request), request.query.subscriptionCode)),
  });

  app.route({
    ...contractRoute(api.userAddressDelete, {
      access: ACCESS.customer,
      config: changing,
      tags,
      summary: 'Delete a home address (never the one the cart delivers to)',
    }),
    handler: async (request) =>
      answer(request, await delivery.deleteAddress(userIdOf(request), request.query.address_id)),
  });

  app.route({
    ...contractRoute(api.saveNewAddress, {
      access: ACCESS.customer,
      config: form,
      tags,
      summary: 'Add a home address (the address form of the provider "spesa")',
    }),
    handler: async (request) =>
      answer(request, await delivery.saveAddress(userIdOf(request), request.body, { insertOnly: true })),
  });

  app.route({
    ...contractRoute(api.setAddressClass, {
      access: ACCESS.customer,
      config: changing,
      tags,
      summary: 'Mark (1) or unmark (0) the elderly address: legal id 2 or 3, non-work, only one',
    }),
    handler: async (request) =>
      answer(
        request,
        await delivery.setAddressClass(
          userIdOf(request),
          request.query.address_id,
          request.query.address_class_id,
        ),
      ),
  });
};

export default addressRoutes;
