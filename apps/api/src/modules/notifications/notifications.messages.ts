import { PUSH_DEVICE_TAKEN_CODE } from '@spesa/shared/contracts/notifications';
import type { MessageTable } from '../../lib/result';

/**
 * The Italian texts of the messages the shop sends (decision 048): title and body of each kind. The history
 * keeps them as written; push delivery (the app build) sends the same texts.
 */
/** "12,50 €": the formatter made once (building one costs far more than using it). */
const EURO = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
const euro = (cents: number): string => EURO.format(cents / 100);

export const NOTIFICATION_TEXT = {
  orderConfirmed: (o: { orderId: number; slot: string; where: string }) => ({
    title: `Ordine ${o.orderId} confermato`,
    body: `Abbiamo ricevuto il tuo ordine. ${o.where}, ${o.slot}.`,
  }),
  orderPrepared: (o: { orderId: number; amountCents: number | null; captured: boolean }) => ({
    title: `Ordine ${o.orderId} preparato`,
    body:
      o.amountCents === null
        ? 'La tua spesa è pronta.'
        : o.captured
          ? `La tua spesa è pronta: abbiamo addebitato ${euro(o.amountCents)}.`
          : `La tua spesa è pronta: da pagare alla consegna ${euro(o.amountCents)}.`,
  }),
  outForDelivery: (o: { orderId: number; slot: string }) => ({
    title: `Ordine ${o.orderId} in consegna`,
    body: `Il corriere è partito: arriva ${o.slot}.`,
  }),
  slotReminder: (o: { orderId: number; slot: string; where: string; pickup: boolean }) => ({
    title: o.pickup ? `Domani ritiri l’ordine ${o.orderId}` : `Domani consegniamo l’ordine ${o.orderId}`,
    body: `${o.where}, ${o.slot}.${o.pickup ? ' Quando parti, dicci dove parcheggi dalla pagina dell’ordine.' : ''}`,
  }),
  voucherIssued: (o: { name: string; code: string; validTo: string }) => ({
    title: 'Hai un nuovo buono',
    body: `${o.name} (codice ${o.code}), valido fino al ${o.validTo.split('-').reverse().join('/')}: lo trovi in «I miei buoni».`,
  }),
  receiptAvailable: (o: {
    receiptId: number;
    storeName?: string | undefined;
    totalCents?: number | undefined;
  }) => ({
    title: 'Scontrino disponibile',
    body: [
      'Il tuo scontrino digitale è disponibile',
      o.storeName ? ` (${o.storeName}` : '',
      o.storeName && o.totalCents !== undefined ? `, ${euro(o.totalCents)})` : o.storeName ? ')' : '',
      !o.storeName && o.totalCents !== undefined ? ` (${euro(o.totalCents)})` : '',
      ': lo trovi in «I miei scontrini».',
    ].join(''),
  }),
} as const;

/** Refusals of the device registration (`/externalregistration/*`, decision 055): { code, text }. */
export const PUSH_TEXT = {
  /** also the answer for another customer's device */
  deviceNotFound: {
    code: 'msg.push.deviceNotFound',
    text: 'Questo dispositivo non è registrato per le notifiche.',
  },
  /** the device is another customer's, and the caller did not show its subscription or token */
  deviceTaken: {
    code: PUSH_DEVICE_TAKEN_CODE,
    text: 'Questo dispositivo riceve già le notifiche di un altro account.',
  },
  /** the subscription's endpoint is not at a push service the shop sends to */
  endpointRefused: {
    code: 'msg.push.endpointRefused',
    text: 'Il servizio di notifiche di questo browser non è supportato.',
  },
} as const satisfies MessageTable;
