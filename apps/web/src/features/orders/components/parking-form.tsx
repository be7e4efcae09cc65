import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Order } from '@spesa/shared/contracts/orders';
import { PARKING_INFO_MAX } from '@spesa/shared/contracts/orders';
import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import { ApiError } from '../../../lib/http';
import { useReserveParking } from '../api/reserve-parking';
import { TIME_ZONE, romeToday } from '@spesa/shared/time/rome';

/** Drive: pickup at the store (spec section 9). */
const DRIVE = 1;
const READY_OR_PREPARING: readonly number[] = [
  ORDER_STATUS.inPreparation,
  ORDER_STATUS.preparing,
  ORDER_STATUS.prepared,
];

/** Whether the customer may announce their arrival now: a Drive order in preparation or ready, today. */
export const canReserveParking = (o: Order, now = new Date()): boolean =>
  o.deliveryServiceId === DRIVE &&
  READY_OR_PREPARING.includes(o.orderStatusId) &&
  o.timeslot.date === romeToday(now);

/** km as Italians write them: 3,5 */
const kmText = (km: number | undefined): string =>
  km === undefined ? '' : new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 }).format(km);
/** HH:MM in Italy of an ISO date-time ('' when it is not one) */
const timeInRome = (iso: string): string => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime())
    ? ''
    : new Intl.DateTimeFormat('it-IT', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' }).format(
        at,
      );
};

/** The server's own refusal (a message with its code), else null: the form says the generic text. */
const serverTexts = (error: unknown): string | null => {
  if (!(error instanceof ApiError)) return null;
  const texts = error.response.errors.filter((e) => e.code && e.error).map((e) => e.error);
  return texts.length > 0 ? texts.join(' ') : null;
};

/**
 * "Sto arrivando" (spec sections 3 and 4, decision 049): the distance and the car's plate or bay, sent to the
 * store; the answer's info on success, else the server's error or the generic one. Sending again updates it.
 */
export function ParkingForm({ order }: { order: Order }) {
  const { t } = useTranslation();
  const id = useId();
  const [distance, setDistance] = useState(() => kmText(order.parkingReservation?.distance));
  const [info, setInfo] = useState(order.parkingReservation?.reservationInfo ?? '');
  const reserve = useReserveParking();
  // what the store knows: this page's last answer, else what the order came with
  const told = reserve.data?.reservation ?? order.parkingReservation ?? null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    reserve.mutate({ orderId: order.orderId, distance, reservationInfo: info });
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <Typography component="h3" variant="subtitle1" id={`${id}-title`} sx={{ fontWeight: 700 }}>
        {t('orders.parking.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('orders.parking.intro')}
      </Typography>
      {told && (
        <Typography variant="body2" sx={{ mb: 2 }} data-testid="parking-told">
          {t('orders.parking.told', {
            time: timeInRome(told.updatedAt),
            distance: kmText(told.distance),
            info: told.reservationInfo,
          })}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          label={t('orders.parking.distance')}
          value={distance}
          onChange={(e) => setDistance(e.target.value)}
          required
          size="small"
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 6 } }}
          helperText={t('orders.parking.distanceHelp')}
          sx={{ width: { xs: '100%', sm: 180 } }}
        />
        <TextField
          label={t('orders.parking.info')}
          value={info}
          onChange={(e) => setInfo(e.target.value)}
          required
          size="small"
          slotProps={{ htmlInput: { maxLength: PARKING_INFO_MAX } }}
          helperText={t('orders.parking.infoHelp')}
          sx={{ width: { xs: '100%', sm: 260 } }}
        />
        <Button type="submit" variant="contained" disabled={reserve.isPending}>
          {t('orders.parking.send')}
        </Button>
      </Box>
      <Box aria-live="polite" sx={{ mt: 2 }}>
        {reserve.isSuccess && (
          <Alert severity="success" data-testid="parking-result">
            {reserve.data.info ?? t('orders.parking.sent')}
          </Alert>
        )}
        {reserve.isError && (
          <Alert severity="error" data-testid="parking-result">
            {serverTexts(reserve.error) ?? t('orders.parking.unexpected')}
          </Alert>
        )}
      </Box>
    </Box>
  );
}
