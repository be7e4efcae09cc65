import type { STUCK_PAYMENT_KINDS } from '@spesa/shared/contracts/admin-payments';
import { type PaymentReportRow, type StuckPayment } from '@spesa/shared/contracts/admin-payments';
import { orderStatusLabel } from '@spesa/shared/orders/order-status';
import { stringify } from 'csv-stringify/sync';
import { ok, type Result } from '../../lib/result';
import { romeNow } from '../../lib/rome-time';
import type { PaymentReportsRepository, ReportRow } from './payment-reports.repository';

type Kind = (typeof STUCK_PAYMENT_KINDS)[number];

/** The reports' reader: the stores they work for (empty: all). */
interface ReportingStaff {
  warehouseIds: number[];
}

/**
 * Cents as an Italian accountant's spreadsheet reads a number: a decimal comma, two decimals, no thousands
 * separator (a `1.234,50` would be text to some importers), a minus sign for negatives.
 */
export function csvAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

export const PAYMENT_REPORT_CSV_HEADER = [
  'Giorno',
  'Fornitore',
  'Incassato (EUR)',
  'Incassi',
  'Rimborsato (EUR)',
  'Rimborsi',
  'Contestato (EUR)',
  'Contestazioni',
] as const;

/**
 * The daily report as CSV for accounting (decision 085): `;` between fields and a decimal comma (what Excel
 * and the Italian accounting packages read in an it-IT locale), days as ISO `AAAA-MM-GG`, UTF-8 with a byte
 * order mark (Excel otherwise reads it as Windows-1252), CRLF line ends (RFC 4180), quoting by csv-stringify.
 */
export function paymentReportCsv(rows: readonly ReportRow[]): string {
  const body = stringify(
    rows.map((r) => [
      r.day,
      r.provider,
      csvAmount(r.capturedCents),
      r.capturedCount,
      csvAmount(r.refundedCents),
      r.refundedCount,
      csvAmount(r.disputedCents),
      r.disputedCount,
    ]),
    { header: true, columns: [...PAYMENT_REPORT_CSV_HEADER], delimiter: ';', record_delimiter: 'windows' },
  );
  return `\uFEFF${body}`;
}

/** The payments to check and the daily report of the back office. */
export class PaymentReports {
  constructor(
    private readonly repo: PaymentReportsRepository,
    private readonly now: () => Date,
  ) {}

  async stuck(
    staff: ReportingStaff,
    q: { kind?: Kind | undefined; page: number; perPage: number },
  ): Promise<Result<{ data: StuckPayment[]; total: number }>> {
    const now = this.now();
    const { rows, total } = await this.repo.stuck(
      {
        today: romeNow(now).date,
        now,
        warehouseIds: staff.warehouseIds,
        ...(q.kind ? { kind: q.kind } : {}),
      },
      q.perPage,
      (q.page - 1) * q.perPage,
    );
    return ok({
      total,
      data: rows.map((r) => ({
        id: `${r.kind}-${r.orderId}${r.refundId === null ? '' : `-${r.refundId}`}`,
        kind: r.kind,
        orderId: r.orderId,
        orderStatusId: r.orderStatusId,
        orderStatusDescr: orderStatusLabel(r.orderStatusId),
        customerName: r.customerName,
        warehouseName: r.warehouseName,
        slotDate: r.slotDate,
        provider: r.provider,
        amount: r.amountCents / 100,
        since: r.since,
      })),
    });
  }

  rows(staff: ReportingStaff, q: { from: string; to: string }): Promise<ReportRow[]> {
    return this.repo.daily({ ...q, warehouseIds: staff.warehouseIds });
  }

  async report(
    staff: ReportingStaff,
    q: { from: string; to: string },
  ): Promise<Result<{ data: PaymentReportRow[]; total: number }>> {
    const rows = await this.rows(staff, q);
    return ok({
      total: rows.length,
      data: rows.map((r) => ({
        id: `${r.day}-${r.provider}`,
        day: r.day,
        provider: r.provider,
        captured: r.capturedCents / 100,
        capturedCount: r.capturedCount,
        refunded: r.refundedCents / 100,
        refundedCount: r.refundedCount,
        disputed: r.disputedCents / 100,
        disputedCount: r.disputedCount,
      })),
    });
  }
}
