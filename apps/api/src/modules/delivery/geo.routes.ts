import {
  deliveryEndpoints as api,
  PROXIMITY_DEFAULT_METRES,
  type StoreMapData,
} from '@spesa/shared/contracts/delivery';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { ok } from '../../lib/result';
import { answer } from '../../plugins/envelope';
import type { DeliveryService } from './delivery.service';

const tags = ['delivery'];

/**
 * Geography (served from the bundled comuni data, no outside service), the warehouse locator and the store
 * reads (spec section 7 "Address, store, geography"; wire notes "Stores"). Public: no customer data here.
 */
const geoRoutes: FastifyPluginAsyncZod<{ delivery: DeliveryService; storeMap: StoreMapData }> = async (
  app,
  { delivery, storeMap },
) => {
  const publicFacts = ACCESS.public('geography, coverage and stores are public facts, no customer data');

  app.route({
    ...contractRoute(api.storeMap, {
      access: ACCESS.public("the stores' map's tile source is the shop's configuration, no customer data"),
      tags,
      summary: "The stores' map's base map (MAP_TILES_URL and its attribution); none: a plain plot",
    }),
    handler: async (request) => answer(request, ok(storeMap)),
  });
  app.route({
    ...contractRoute(api.provinceList, {
      access: publicFacts,
      tags,
      summary: 'Provinces of a country (home_delivery_only: the served ones)',
    }),
    handler: async (request) =>
      answer(
        request,
        await delivery.provinceList(request.query.country_id, request.query.home_delivery_only),
      ),
  });

  app.route({
    ...contractRoute(api.countryList, {
      access: publicFacts,
      tags,
      summary: 'Countries: Italia (1, IT) and Svizzera (211, CH)',
    }),
    handler: async (request) => answer(request, delivery.countryList(request.query.home_delivery_only)),
  });

  app.route({
    ...contractRoute(api.homeDeliveryList, {
      access: publicFacts,
      tags,
      summary: 'Comuni with their CAPs (home_delivery_only, default true: those reached by home delivery)',
    }),
    handler: async (request) =>
      answer(request, await delivery.homeDeliveryList(request.query.home_delivery_only)),
  });

  app.route({
    ...contractRoute(api.cityList, {
      access: publicFacts,
      tags,
      summary: 'Comuni that have this CAP (postal_code)',
    }),
    handler: async (request) => answer(request, await delivery.citiesByPostalCode(request.query.postal_code)),
  });

  app.route({
    ...contractRoute(api.citiesByCap, {
      access: publicFacts,
      tags,
      summary: 'City search by postal code (the path ends with the CAP)',
    }),
    handler: async (request) => answer(request, await delivery.citiesByPostalCode(request.params.postalcode)),
  });

  app.route({
    ...contractRoute(api.placeSearch, {
      access: publicFacts,
      tags,
      summary: 'Comuni by name: prefix, case- and accent-insensitive, with coordinates',
    }),
    handler: async (request) =>
      answer(request, await delivery.placeSearch(request.query.q, request.query.limit)),
  });

  app.route({
    ...contractRoute(api.reverseLookup, {
      access: publicFacts,
      tags,
      summary: 'The comuni nearest to a point (within 30 km), nearest first',
    }),
    handler: async (request) =>
      answer(request, await delivery.reverseLookup(request.query.latitude, request.query.longitude)),
  });

  app.route({
    ...contractRoute(api.coverage, {
      access: publicFacts,
      tags,
      summary: 'Home-delivery coverage of a point or CAP (features[0].properties.covered)',
    }),
    handler: async (request) => answer(request, await delivery.coverage(request.query)),
  });

  app.route({
    ...contractRoute(api.warehouseLocator, {
      access: publicFacts,
      tags,
      summary: 'Stores and lockers by text, coordinates, province or parent_warehouse_id (wire notes shape)',
    }),
    handler: async (request) => answer(request, await delivery.warehouseLocator(request.query)),
  });

  app.route({
    ...contractRoute(api.findByCoordinates, {
      access: publicFacts,
      tags,
      summary: 'Stores and lockers within distance (default 10 km) of a point, nearest first',
    }),
    handler: async (request) =>
      answer(
        request,
        await delivery.findByCoordinates({
          latitude: request.query.latitude,
          longitude: request.query.longitude,
          metres: request.query.distance ?? PROXIMITY_DEFAULT_METRES,
        }),
      ),
  });

  app.route({
    ...contractRoute(api.storeList, { access: publicFacts, tags, summary: 'The stores and their services' }),
    handler: async (request) => answer(request, await delivery.storeList()),
  });

  app.route({
    ...contractRoute(api.storeView, {
      access: publicFacts,
      tags,
      summary: 'One store (store_id; 1 is the default catalogue)',
    }),
    handler: async (request) => answer(request, await delivery.storeView(request.query.store_id)),
  });
};

export default geoRoutes;
