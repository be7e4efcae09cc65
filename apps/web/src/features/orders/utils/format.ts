import { TIME_ZONE } from '@spesa/shared/time/rome';
const dateFormat = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: TIME_ZONE,
});
const dateTimeFormat = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: TIME_ZONE,
});

/** "23 novembre 2026" (the order's date, Italian time). */
export function formatOrderDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateFormat.format(d);
}

/** "23 nov 2026, 09:41" (status history). */
export function formatOrderDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTimeFormat.format(d);
}

const quantityFormat = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 3 });

/** "3" pieces, "1,25 kg". */
export function formatOrderQuantity(quantity: number, unitBase: string): string {
  const n = quantityFormat.format(quantity);
  const unit = unitBase.toLowerCase();
  return unit && unit !== 'pz' ? `${n} ${unit}` : n;
}
