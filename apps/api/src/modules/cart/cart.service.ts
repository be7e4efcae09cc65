import type { Cart } from '@spesa/shared/contracts/cart';
import {
  CART_STATUS,
  DEFAULT_STORE,
  type DeliveryFeeData,
  type TimeslotDay,
} from '@spesa/shared/contracts/delivery';
import { fail, notFound, ok, type Failure, type Result } from '../../lib/result';
import { DELIVERY_TEXT, type DeliveryTextKey } from '../delivery/delivery.messages';
import { addressTypeName, toAddress } from '../delivery/delivery.mapper';
import type { DeliveryService, DeliveryTarget } from '../delivery/delivery.service';
import type { TimeslotService } from '../delivery/timeslot.service';
import type { CartDeliveryPatch, CartRow, CartRepository } from './cart.repository';

const failWith = (key: DeliveryTextKey): Failure => fail(DELIVERY_TEXT[key][0], DELIVERY_TEXT[key][1]);

const NO_TIMESLOT: CartDeliveryPatch = {
  timeslotDate: null,
  timeslotId: null,
  slotId: null,
  timeslotAutoAssigned: true,
};

/**
 * The customer's open cart (issue 4: its delivery part). One open cart per customer, created on first use
 * with the default delivery address or the favourite store (auto-assigned). Choosing an address or a store
 * sets the service, store and warehouse, and drops a chosen time slot that belongs to another calendar;
 * every change answers the whole new cart (spec section 4). Status 7 (locked for payment) refuses them.
 */
export class CartService {
  constructor(
    private readonly repo: CartRepository,
    private readonly delivery: DeliveryService,
    private readonly timeslots: TimeslotService,
  ) {}

  async getOrCreateOpenCart(userId: number): Promise<CartRow> {
    const existing = await this.repo.findOpenCart(userId);
    if (existing) return existing;
    for (const addressId of await this.delivery.defaultAddressIds(userId)) {
      const target = await this.delivery.resolveTarget(userId, addressId);
      if (target.ok)
        return this.repo.createOpenCart(userId, {
          ...this.deliveryPatch(target.data),
          addressAutoAssigned: true,
          storeAutoAssigned: true,
        });
    }
    return this.repo.createOpenCart(userId, {});
  }

  private deliveryPatch(t: DeliveryTarget): CartDeliveryPatch {
    return {
      deliveryServiceId: t.deliveryServiceId,
      storeId: t.storeId,
      warehouseId: t.warehouseId,
      shippingAddressId: t.address.addressId,
    };
  }

  private async targetOf(userId: number, cart: CartRow): Promise<DeliveryTarget | null> {
    if (cart.shippingAddressId === null) return null;
    const t = await this.delivery.resolveTarget(userId, cart.shippingAddressId);
    return t.ok ? t.data : null;
  }

  /** The cart's chosen slot, when it still belongs to the calendar of its address. */
  private async chosenSlot(cart: CartRow, target: DeliveryTarget) {
    if (cart.timeslotDate === null || cart.timeslotId === null) return null;
    const slot = await this.timeslots.describe(target.calendar, cart.timeslotDate, cart.timeslotId);
    return slot && slot.slotId === cart.slotId ? slot : null;
  }

  private async toWire(userId: number, cart: CartRow, target: DeliveryTarget | null): Promise<Cart> {
    let timeslot: Cart['timeslot'] = null;
    let deliveryFee = 0;
    if (target) {
      const chosen = await this.chosenSlot(cart, target);
      const slot = chosen ?? (await this.timeslots.firstAvailable(target.calendar));
      if (slot)
        timeslot = {
          date: slot.date,
          timeslotId: slot.timeslotId,
          autoAssigned: chosen ? cart.timeslotAutoAssigned : true,
          beginTime: slot.beginTime,
          endTime: slot.endTime,
          deliveryDayPeriodId: slot.deliveryDayPeriodId,
        };
      deliveryFee = (await this.delivery.feeOf(userId, target)).cents / 100;
    }
    const storeId = target?.storeId ?? DEFAULT_STORE.storeId;
    const warehouseId = target?.warehouseId ?? DEFAULT_STORE.storeId;
    const a = target?.address;
    return {
      cartId: cart.cartId,
      user: { userId },
      cartStatusId: cart.cartStatusId,
      deliveryServiceId: target?.deliveryServiceId ?? null,
      store: {
        storeId,
        name: target ? await this.delivery.warehouseName(storeId) : DEFAULT_STORE.name,
        autoAssigned: target ? cart.storeAutoAssigned : true,
      },
      warehouse: {
        warehouseId,
        name: target ? await this.delivery.warehouseName(warehouseId) : DEFAULT_STORE.name,
      },
      shippingAddress: a
        ? {
            addressId: a.addressId,
            deliveryServiceId: target.deliveryServiceId,
            zoneId: target.zone?.zoneId ?? null,
            autoAssigned: cart.addressAutoAssigned,
            addressName: a.addressName,
            address1: a.address1,
            addressNumber: a.addressNumber,
            city: a.city,
            province: a.province,
            postalcode: a.postalCode,
            addressTypeId: a.addressTypeId,
            addressType: addressTypeName(a.addressTypeId),
            addressClass: toAddress(a).addressClass,
          }
        : null,
      timeslot,
      cartInfos: {},
      cartItems: [],
      totalItems: 0,
      deliveryFee,
    };
  }

  /** GET /cart/view */
  async view(userId: number): Promise<Result<Cart>> {
    const cart = await this.getOrCreateOpenCart(userId);
    return ok(await this.toWire(userId, cart, await this.targetOf(userId, cart)));
  }

  /** What the cart would become with this address (GET /user-address/preview): nothing is saved. */
  async preview(userId: number, addressId: number, deliveryServiceId?: number): Promise<Result<Cart>> {
    const cart = await this.getOrCreateOpenCart(userId);
    const target = await this.delivery.resolveTarget(userId, addressId, deliveryServiceId);
    if (!target.ok) return target;
    const keep = (await this.chosenSlot(cart, target.data)) !== null;
    const virtual: CartRow = {
      ...cart,
      ...this.deliveryPatch(target.data),
      addressAutoAssigned: false,
      storeAutoAssigned: false,
      ...(keep ? {} : NO_TIMESLOT),
    };
    return ok(await this.toWire(userId, virtual, target.data));
  }

  /** POST /user-address/select, and the store selections: the cart delivers to this address. */
  async selectAddress(userId: number, addressId: number, deliveryServiceId?: number): Promise<Result<Cart>> {
    const cart = await this.getOrCreateOpenCart(userId);
    if (cart.cartStatusId === CART_STATUS.locked) return failWith('cartLocked');
    const target = await this.delivery.resolveTarget(userId, addressId, deliveryServiceId);
    if (!target.ok) return target;
    const keep = (await this.chosenSlot(cart, target.data)) !== null;
    const updated = await this.repo.updateDelivery(cart.cartId, CART_STATUS.locked, {
      ...this.deliveryPatch(target.data),
      addressAutoAssigned: false,
      storeAutoAssigned: false,
      ...(keep ? {} : NO_TIMESLOT),
    });
    if (!updated) return failWith('cartLocked');
    await this.delivery.rememberDeliveryAddress(userId, target.data.address);
    return ok(await this.toWire(userId, updated, target.data));
  }

  /** POST /store/select: Drive at that store (its pickup point). */
  async selectStore(userId: number, storeId: number): Promise<Result<Cart>> {
    const addressId = await this.delivery.storeAddressId(storeId);
    if (addressId === null) return notFound(DELIVERY_TEXT.storeNotFound[0], DELIVERY_TEXT.storeNotFound[1]);
    return this.selectAddress(userId, addressId);
  }

  /** GET /timeslot/list: the 7 days of the calendar of the cart's address. */
  async timeslotList(
    userId: number,
    showClosed: boolean,
  ): Promise<Result<{ deliveryServiceId: number; days: TimeslotDay[] }>> {
    const cart = await this.getOrCreateOpenCart(userId);
    const target = await this.targetOf(userId, cart);
    if (!target) return failWith('noAddress');
    const chosen = await this.chosenSlot(cart, target);
    const { days, anyAvailable } = await this.timeslots.days(
      target.calendar,
      chosen ? { date: chosen.date, timeslotId: chosen.timeslotId } : null,
      showClosed,
    );
    const data = { deliveryServiceId: target.deliveryServiceId, days };
    return anyAvailable ? ok(data) : { ok: true, data, warnings: [DELIVERY_TEXT.noTimeslotAvailable[1]] };
  }

  /** GET /timeslot/select: only a slot with active 1 of the cart's calendar. */
  async selectTimeslot(userId: number, date: string, timeslotId: number): Promise<Result<Cart>> {
    const cart = await this.getOrCreateOpenCart(userId);
    if (cart.cartStatusId === CART_STATUS.locked) return failWith('cartLocked');
    const target = await this.targetOf(userId, cart);
    if (!target) return failWith('noAddress');
    const slot = await this.timeslots.selectable(target.calendar, date, timeslotId);
    if (!slot.ok) return slot;
    const updated = await this.repo.updateDelivery(cart.cartId, CART_STATUS.locked, {
      timeslotDate: date,
      timeslotId,
      slotId: slot.data.slotId,
      timeslotAutoAssigned: false,
    });
    if (!updated) return failWith('cartLocked');
    return ok(await this.toWire(userId, updated, target));
  }

  /** GET /delivery-fee/view: the fee of the cart's service and address (elderly discount included). */
  async deliveryFee(userId: number): Promise<Result<DeliveryFeeData>> {
    const cart = await this.getOrCreateOpenCart(userId);
    const target = await this.targetOf(userId, cart);
    if (!target)
      return ok({
        deliveryServiceId: null,
        zoneId: null,
        deliveryFee: 0,
        deliveryFeeStandard: 0,
        elderly: false,
      });
    const fee = await this.delivery.feeOf(userId, target);
    return ok({
      deliveryServiceId: target.deliveryServiceId,
      zoneId: target.zone?.zoneId ?? null,
      deliveryFee: fee.cents / 100,
      deliveryFeeStandard: fee.standardCents / 100,
      elderly: fee.elderly,
    });
  }

  /** The delivery module asks before deleting an address. */
  async isAddressInUse(userId: number, addressId: number): Promise<boolean> {
    return this.repo.isAddressInOpenCart(userId, addressId);
  }

  /** Account deletion (called by the account module before the addresses are erased). */
  forgetDelivery(userId: number): Promise<void> {
    return this.repo.forgetDelivery(userId);
  }
}
