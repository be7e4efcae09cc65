import type { StaffArrival } from '@spesa/shared/contracts/admin-orders';
import type { ParkingReservation } from '@spesa/shared/contracts/orders';
import { ORDER_STATUS, orderStatusLabel } from '@spesa/shared/orders/order-status';
import { romeNow } from '../../lib/rome-time';
import { failWith, ok, type Result } from '../../lib/result';
import { ORDERS_INFO_TEXT, ORDERS_TEXT } from './orders.messages';
import type { OrdersRepository } from './orders.repository';
import type { ParkingRepository } from './parking.repository';
import type { StaffMember } from './staff.service';

/** Drive: pickup at the store (spec section 9, delivery service 1). */
export const DRIVE_SERVICE_ID = 1;
/** An order the customer may announce their arrival for: in preparation (5, 18) or prepared (ready). */
export const PARKING_STATUSES: readonly number[] = [
  ORDER_STATUS.inPreparation,
  ORDER_STATUS.preparing,
  ORDER_STATUS.prepared,
];

/**
 * Parking at pickup (spec sections 3, 4 and 7, decision 049): the customer on the way to collect a Drive
 * order tells the store how far they are and their car's plate or bay (`POST /order/reserve`); the store's
 * staff see today's arrivals (`GET /admin/arrivals`). Only the order's owner (another customer's order is
 * "not found"), only a Drive order in preparation or ready, only on its slot day (Italian time); a repeat
 * updates the same reservation.
 */
export class ParkingService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly repo: ParkingRepository,
    private readonly now: () => Date,
  ) {}

  async reserve(
    userId: number,
    body: { order_id: number; distance: number; reservation_info: string },
  ): Promise<Result<{ reservation: ParkingReservation }>> {
    const order = await this.orders.findOrder(body.order_id, userId);
    if (!order) return failWith(ORDERS_TEXT.orderNotFound, 'notFound');
    if (order.deliveryServiceId !== DRIVE_SERVICE_ID) return failWith(ORDERS_TEXT.parkingNotDrive);
    if (!PARKING_STATUSES.includes(order.orderStatusId)) return failWith(ORDERS_TEXT.parkingNotReady);
    const at = this.now();
    if (order.slotDate !== romeNow(at).date) return failWith(ORDERS_TEXT.parkingNotToday);
    const { created, ...reservation } = await this.repo.upsert({
      orderId: order.orderId,
      distance: body.distance,
      reservationInfo: body.reservation_info,
      warehouseId: order.warehouseId,
      slotDate: order.slotDate,
      at,
    });
    const info = created ? ORDERS_INFO_TEXT.parkingSaved : ORDERS_INFO_TEXT.parkingUpdated;
    return ok({ reservation }, [info(order.orderId, reservation.reservationInfo)]);
  }

  /** GET /admin/arrivals: today's reservations (Italian day) of the member's stores, latest first. */
  async arrivals(
    staff: StaffMember,
    q: { warehouseId?: number | undefined; page: number; perPage: number },
  ): Promise<Result<{ data: StaffArrival[]; total: number }>> {
    let warehouseIds = staff.warehouseIds;
    if (q.warehouseId !== undefined)
      warehouseIds =
        warehouseIds.length === 0 || warehouseIds.includes(q.warehouseId) ? [q.warehouseId] : [-1];
    const { rows, total } = await this.repo.arrivals(
      { date: romeNow(this.now()).date, warehouseIds },
      q.perPage,
      (q.page - 1) * q.perPage,
    );
    return ok({
      data: rows.map(({ total: _total, ...r }) => ({
        ...r,
        id: r.orderId,
        orderStatusDescr: orderStatusLabel(r.orderStatusId),
      })),
      total,
    });
  }
}
