import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import type { ModuleCore, RouteRegistrar } from '../../lib/module';
import type { OrderTransitionsPort } from '../../lib/order-transitions';
import type { AccountRepository } from '../account/account.repository';
import { accountPortOf } from './account-port';
import addressRoutes from './address.routes';
import { DeliveryRepository } from './delivery.repository';
import { DeliveryService, type AddressUsagePort } from './delivery.service';
import geoRoutes from './geo.routes';
import { SlotAdmin } from './slot-admin';
import { TimeslotRepository } from './timeslot.repository';
import { TimeslotService } from './timeslot.service';
import { storeMapOf } from './store-map';

export interface DeliveryModuleDeps extends Pick<ModuleCore, 'db' | 'env' | 'now'> {
  accounts: AccountRepository;
  /** an address the customer's cart delivers to is not deleted (the cart module) */
  addressUsage: AddressUsagePort;
  /** the listeners of orders' status transitions (the orders module) */
  orderTransitions: OrderTransitionsPort;
}

/**
 * The delivery module: geography, addresses, stores and their time slots; the slot days of the back office;
 * and the stores as the modules that may not import it ask for them (content pages, self-scanning).
 */
export function deliveryModule(d: DeliveryModuleDeps) {
  const { db } = d;
  const timeslots = new TimeslotService(new TimeslotRepository(db), d.now);
  d.orderTransitions.onTransition(ORDER_STATUS.cancelled, 'delivery: slot place given back', (order, tx) =>
    timeslots.givePlaceBack(order.slotId, tx),
  );
  const delivery = new DeliveryService(new DeliveryRepository(db), accountPortOf(d.accounts), {
    isAddressInUse: (userId: number, addressId: number): Promise<boolean> =>
      d.addressUsage.isAddressInUse(userId, addressId),
  });
  const slotAdmin = new SlotAdmin(db);
  return {
    delivery,
    timeslots,
    slotAdmin,
    /** the chain's stores as the content pages list them */
    storeCards: async () => {
      const list = await delivery.storeList();
      return list.ok
        ? list.data.stores.map((s) => ({
            storeId: s.storeId,
            name: s.name,
            address: `${s.address.address1} ${s.address.addressNumber}`.trim(),
            city: s.address.city,
            province: s.address.province,
            postalcode: s.address.postalcode,
            phone: s.metaData.warehouse_locator.PHONE,
          }))
        : [];
    },
    /** the chain's stores, or only these, by name (self-scanning's back office) */
    storesByName: async (only: readonly number[] | null) =>
      (await slotAdmin.stores(only)).map(({ id, name, city }) => ({ id, name, city })),
    eraseCustomer: (userId: number) => delivery.eraseCustomer(userId),
    routes: (async (api) => {
      await api.register(geoRoutes, { delivery, storeMap: storeMapOf(d.env) });
      await api.register(addressRoutes, { delivery });
    }) satisfies RouteRegistrar,
  };
}
