import { useMutation } from '@tanstack/react-query';
import type { ParkingReservation } from '@spesa/shared/contracts/orders';
import { callApi } from '../../../lib/http';

export interface ReserveParkingVars {
  orderId: number;
  /** km */
  distance: string;
  reservationInfo: string;
}

/**
 * POST /order/reserve (spec sections 4 and 7): the customer on the way tells the store the distance and the
 * car's plate or bay. Quiet: the form shows the answer's info on status 0, else the error (spec section 4).
 */
export async function reserveParking(
  vars: ReserveParkingVars,
): Promise<{ reservation: ParkingReservation; info: string | null }> {
  let info: string | null = null;
  const data = await callApi(
    'POST /order/reserve',
    {
      body: {
        order_id: vars.orderId,
        distance: vars.distance.trim(),
        reservation_info: vars.reservationInfo,
      },
    },
    { quiet: true, onResponse: (status) => (info = status.infos[0]?.info ?? null) },
  );
  return { ...data, info };
}

export const useReserveParking = () => useMutation({ mutationFn: reserveParking });
