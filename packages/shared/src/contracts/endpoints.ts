import { accountEndpoints } from './account';
import { backofficeEndpoints } from './admin';
import { adminAssortmentEndpoints } from './admin-assortment';
import { adminLeafletsEndpoints } from './admin-leaflets';
import { adminMailsEndpoints } from './admin-mails';
import { adminPriceListsEndpoints } from './admin-price-lists';
import { adminOrdersEndpoints } from './admin-orders';
import { adminPaymentsEndpoints } from './admin-payments';
import { adminLoyaltyEndpoints } from './admin-loyalty';
import { adminRatingsEndpoints } from './admin-ratings';
import {
  adminContentEndpoints,
  adminRecipeEndpoints,
  adminSlideEndpoints,
  adminUxBlockEndpoints,
} from './admin-content';
import { adminFormsEndpoints } from './admin-forms';
import { adminReceiptsEndpoints } from './admin-receipts';
import { adminSelfScanningEndpoints } from './admin-smartcart';
import { cartEndpoints } from './cart';
import { catalogueEndpoints } from './catalogue';
import { checkoutEndpoints } from './checkout';
import { contentEndpoints } from './content';
import { deliveryEndpoints } from './delivery';
import { formsEndpoints } from './forms';
import type { Endpoint, EndpointKey } from './endpoint';
import { leafletsEndpoints } from './leaflets';
import { listsEndpoints } from './lists';
import { notificationsEndpoints, pushEndpoints } from './notifications';
import { adminOperatorsEndpoints } from './admin-operators';
import { operatorsEndpoints } from './operators';
import { giftCertificateEndpoints } from './gift-certificates';
import { identityEndpoints } from './identity';
import { inviteEndpoints } from './invite';
import { adminInvoicesEndpoints, invoicesEndpoints } from './invoices';
import { adminIntegrationEndpoints } from './admin-integration';
import { integrationEndpoints } from './integration';
import { adminGiftCardOrderEndpoints, giftCardOrderEndpoints } from './gift-card-orders';
import { loyaltyEndpoints } from './loyalty';
import { ordersEndpoints } from './orders';
import { ratingsEndpoints } from './ratings';
import { receiptsEndpoints } from './receipts';
import { smartCartEndpoints } from './smartcart';
import { systemEndpoints } from './system';

/**
 * Every endpoint under /ebsn/api, one contract each (contracts/endpoint.ts), grouped by the API module that
 * registers it: `contracts/<module>.ts` holds `<module>Endpoints`. The API checks at start-up that each is
 * registered once (plugins/contract-route.ts); the web app names them by `'METHOD /path'`.
 */
export const ENDPOINT_GROUPS = {
  account: accountEndpoints,
  backoffice: backofficeEndpoints,
  cart: cartEndpoints,
  catalogue: catalogueEndpoints,
  checkout: checkoutEndpoints,
  content: contentEndpoints,
  delivery: deliveryEndpoints,
  leaflets: leafletsEndpoints,
  forms: formsEndpoints,
  lists: listsEndpoints,
  notifications: notificationsEndpoints,
  push: pushEndpoints,
  loyalty: loyaltyEndpoints,
  giftCertificates: giftCertificateEndpoints,
  invite: inviteEndpoints,
  identity: identityEndpoints,
  adminLoyalty: adminLoyaltyEndpoints,
  orders: ordersEndpoints,
  adminOrders: adminOrdersEndpoints,
  adminPayments: adminPaymentsEndpoints,
  ratings: ratingsEndpoints,
  adminRatings: adminRatingsEndpoints,
  receipts: receiptsEndpoints,
  adminReceipts: adminReceiptsEndpoints,
  smartCart: smartCartEndpoints,
  adminSelfScanning: adminSelfScanningEndpoints,
  adminContent: adminContentEndpoints,
  adminSlides: adminSlideEndpoints,
  adminUxBlocks: adminUxBlockEndpoints,
  adminRecipes: adminRecipeEndpoints,
  adminForms: adminFormsEndpoints,
  system: systemEndpoints,
  giftCardOrders: giftCardOrderEndpoints,
  adminGiftCardOrders: adminGiftCardOrderEndpoints,
  operators: operatorsEndpoints,
  adminOperators: adminOperatorsEndpoints,
  adminAssortment: adminAssortmentEndpoints,
  adminLeaflets: adminLeafletsEndpoints,
  adminPriceLists: adminPriceListsEndpoints,
  invoices: invoicesEndpoints,
  adminInvoices: adminInvoicesEndpoints,
  integration: integrationEndpoints,
  adminIntegration: adminIntegrationEndpoints,
  adminMails: adminMailsEndpoints,
} as const;

type Groups = typeof ENDPOINT_GROUPS;
type AnyEndpoint = { [G in keyof Groups]: Groups[G][keyof Groups[G]] }[keyof Groups];

/** Every contract, by `'METHOD /path'`. */
export type Endpoints = { [E in AnyEndpoint as E extends Endpoint ? EndpointKey<E> : never]: E };
export type EndpointName = keyof Endpoints;
/** `'/cart/add'` from `'POST /cart/add'` */
export type EndpointPath<K extends EndpointName> = K extends `${string} ${infer P}` ? P : never;

export const ALL_ENDPOINTS: readonly Endpoint[] = Object.values(ENDPOINT_GROUPS).flatMap(
  (group) => Object.values(group) as Endpoint[],
);
