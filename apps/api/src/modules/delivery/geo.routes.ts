import {
  capParamsSchema,
  cityListDataSchema,
  cityListQuerySchema,
  coordinatesQuerySchema,
  countryListDataSchema,
  countryListQuerySchema,
  coverageDataSchema,
  coverageQuerySchema,
  findByCoordinatesQuerySchema,
  homeDeliveryListQuerySchema,
  placeSearchQuerySchema,
  PROXIMITY_DEFAULT_METRES,
  provinceListDataSchema,
  provinceListQuerySchema,
  storeDataSchema,
  storeListDataSchema,
  storeSelectQuerySchema,
  warehouseListDataSchema,
  warehouseLocatorQuerySchema,
} from '@spesa/shared/contracts/delivery';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS } from '../../plugins/access';
import { answer, apiResponse } from '../../plugins/envelope';
import type { DeliveryService } from './delivery.service';

const tags = ['delivery'];

/**
 * Geography (served from the bundled comuni data, no outside service), the warehouse locator and the store
 * reads (spec section 7 "Address, store, geography"; wire notes "Stores"). Public: no customer data here.
 */
const geoRoutes: FastifyPluginAsyncZod<{ delivery: DeliveryService }> = async (app, { delivery }) => {
  const publicFacts = ACCESS.public('geography, coverage and stores are public facts, no customer data');
  app.get(
    '/geo/province-list',
    {
      config: { access: publicFacts },
      schema: {
        tags,
        summary: 'Provinces of a country (home_delivery_only: the served ones)',
        querystring: provinceListQuerySchema,
        response: { 200: apiResponse(provinceListDataSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        await delivery.provinceList(request.query.country_id, request.query.home_delivery_only),
      ),
  );

  app.get(
    '/geo/country-list',
    {
      config: { access: publicFacts },
      schema: {
        tags,
        summary: 'Countries: Italia (1, IT) and Svizzera (211, CH)',
        querystring: countryListQuerySchema,
        response: { 200: apiResponse(countryListDataSchema) },
      },
    },
    async (request) => answer(request, delivery.countryList(request.query.home_delivery_only)),
  );

  app.get(
    '/geo/homedelivery-list-simple',
    {
      config: { access: publicFacts },
      schema: {
        tags,
        summary: 'Comuni with their CAPs (home_delivery_only, default true: those reached by home delivery)',
        querystring: homeDeliveryListQuerySchema,
        response: { 200: apiResponse(cityListDataSchema) },
      },
    },
    async (request) => answer(request, await delivery.homeDeliveryList(request.query.home_delivery_only)),
  );

  app.get(
    '/geo/city-list',
    {
      config: { access: publicFacts },
      schema: {
        tags,
        summary: 'Comuni that have this CAP (postal_code)',
        querystring: cityListQuerySchema,
        response: { 200: apiResponse(cityListDataSchema) },
      },
    },
    async (request) => answer(request, await delivery.citiesByPostalCode(request.query.postal_code)),
  );

  app.get(
    '/geo/cap/:postalcode',
    {
      config: { access: publicFacts },
      schema: {
        tags,
        summary: 'City search by postal code (the path ends with the CAP)',
        params: capParamsSchema,
        response: { 200: apiResponse(cityListDataSchema) },
      },
    },
    async (request) => answer(request, await delivery.citiesByPostalCode(request.params.postalcode)),
  );

  app.get(
    '/geo/place-search',
    {
      config: { access: publicFacts },
      schema: {
        tags,
        summary: 'Comuni by name: prefix, case- and accent-insensitive, with coordinates',
        querystring: placeSearchQuerySchema,
        response: { 200: apiResponse(cityListDataSchema) },
      },
    },
    async (request) => answer(request, await delivery.placeSearch(request.query.q, request.query.limit)),
  );

  app.get(
    '/geo/reverse-lookup',
    {
      config: { access: publicFacts },
      schema: {
        tags,
        summary: 'The comuni nearest to a point (within 30 km), nearest first',
        querystring: coordinatesQuerySchema,
        response: { 200: apiResponse(cityListDataSchema) },
      },
    },
    async (request) =>
      answer(request, await delivery.reverseLookup(request.query.latitude, request.query.longitude)),
  );

  app.get(
    '/address/geo-service-coverage',
    {
      config: { access: publicFacts },
      schema: {
        tags,
        summary: 'Home-delivery coverage of a point or CAP (features[0].properties.covered)',
        querystring: coverageQuerySchema,
        response: { 200: apiResponse(coverageDataSchema) },
      },
    },
    async (request) => answer(request, await delivery.coverage(request.query)),
  );

  app.get(
    '/warehouse-locator/search',
    {
      config: { access: publicFacts },
      schema: {
        tags,
        summary:
          'Stores and lockers by text, coordinates, province or parent_warehouse_id (wire notes shape)',
        querystring: warehouseLocatorQuerySchema,
        response: { 200: apiResponse(warehouseListDataSchema) },
      },
    },
    async (request) => answer(request, await delivery.warehouseLocator(request.query)),
  );

  app.get(
    '/warehouse/find-by-coordinates',
    {
      config: { access: publicFacts },
      schema: {
        tags,
        summary: 'Stores and lockers within distance (default 10 km) of a point, nearest first',
        querystring: findByCoordinatesQuerySchema,
        response: { 200: apiResponse(warehouseListDataSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        await delivery.findByCoordinates({
          latitude: request.query.latitude,
          longitude: request.query.longitude,
          metres: request.query.distance ?? PROXIMITY_DEFAULT_METRES,
        }),
      ),
  );

  app.get(
    '/store/list',
    {
      config: { access: publicFacts },
      schema: {
        tags,
        summary: 'The stores and their services',
        response: { 200: apiResponse(storeListDataSchema) },
      },
    },
    async (request) => answer(request, await delivery.storeList()),
  );

  app.get(
    '/store/view',
    {
      config: { access: publicFacts },
      schema: {
        tags,
        summary: 'One store (store_id; 1 is the default catalogue)',
        querystring: storeSelectQuerySchema,
        response: { 200: apiResponse(storeDataSchema) },
      },
    },
    async (request) => answer(request, await delivery.storeView(request.query.store_id)),
  );
};

export default geoRoutes;
