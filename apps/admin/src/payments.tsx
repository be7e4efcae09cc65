import { Button, Stack, useMediaQuery, type Theme } from '@mui/material';
import {
  STUCK_PAYMENT_KINDS,
  STUCK_PAYMENT_LABEL,
  type PaymentReportRow,
  type StuckPayment,
} from '@spesa/shared/contracts/admin-payments';
import { TIME_ZONE } from '@spesa/shared/time/rome';
import { DataTable, List, SelectInput, SimpleList, TopToolbar, useListContext } from 'react-admin';
import { DateInput } from './date-input';
import { paymentReportPeriod } from './data-provider';
import { paymentTexts as T } from './texts';

const money = (n: number) => n.toLocaleString('it-IT', { style: 'currency', currency: 'EUR' });
const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('it-IT', { dateStyle: 'short', timeStyle: 'short', timeZone: TIME_ZONE });
const day = (ymd: string) =>
  new Date(`${ymd}T12:00:00Z`).toLocaleDateString('it-IT', { timeZone: TIME_ZONE });
const kindLabel = (p: StuckPayment) => STUCK_PAYMENT_LABEL[p.kind];
const orderLink = (p: StuckPayment) => `/orders/${p.orderId}/show`;

const stuckFilters = [
  <SelectInput
    key="kind"
    source="kind"
    alwaysOn
    choices={STUCK_PAYMENT_KINDS.map((k) => ({ id: k, name: STUCK_PAYMENT_LABEL[k] }))}
  />,
];

/**
 * "Pagamenti da verificare" (decision 085): orders whose money is stuck — held but not captured two days after
 * the slot, captured but not delivered, refunds refused or left pending, disputes — newest first; a row opens
 * the order, with its movements and the refund button.
 */
export function StuckPaymentList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List perPage={50} exporter={false} title={T.stuckTitle} filters={stuckFilters}>
      {small ? (
        <SimpleList<StuckPayment>
          primaryText={(p) => `${kindLabel(p)} · ${p.orderId}`}
          secondaryText={(p) => `${p.customerName} · ${money(p.amount)}`}
          tertiaryText={(p) => dateTime(p.since)}
          linkType={(p) => orderLink(p as StuckPayment)}
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick={(_id, _resource, p) => orderLink(p as StuckPayment)}>
          <DataTable.Col source="kind" render={kindLabel} />
          <DataTable.Col source="orderId" />
          <DataTable.Col source="customerName" />
          <DataTable.Col source="amount" render={(p: StuckPayment) => money(p.amount)} />
          <DataTable.Col source="provider" />
          <DataTable.Col source="slotDate" render={(p: StuckPayment) => day(p.slotDate)} />
          <DataTable.Col source="since" render={(p: StuckPayment) => dateTime(p.since)} />
          <DataTable.Col source="warehouseName" />
          <DataTable.Col source="orderStatusDescr" />
        </DataTable>
      )}
    </List>
  );
}

const reportFilters = [
  <DateInput key="from" source="from" alwaysOn />,
  <DateInput key="to" source="to" alwaysOn />,
];

/** The CSV of the period shown (the browser downloads it with the back office's session cookie). */
function DownloadCsv() {
  const { filterValues } = useListContext();
  const { from, to } = paymentReportPeriod(filterValues as Record<string, unknown>);
  return (
    <TopToolbar>
      <Button component="a" href={`/ebsn/api/admin/payments/report.csv?from=${from}&to=${to}`} download>
        {T.download}
      </Button>
    </TopToolbar>
  );
}

/**
 * The daily report (decision 085): captured, refunded and disputed totals per Rome day and provider over the
 * chosen period (default the last 30 days), and its CSV for accounting.
 */
export function PaymentReportList() {
  return (
    <List
      perPage={500}
      pagination={false}
      exporter={false}
      title={T.reportTitle}
      filters={reportFilters}
      actions={<DownloadCsv />}
    >
      <Stack>
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="day" render={(r: PaymentReportRow) => day(r.day)} />
          <DataTable.Col source="provider" />
          <DataTable.Col source="captured" render={(r: PaymentReportRow) => money(r.captured)} />
          <DataTable.Col source="capturedCount" />
          <DataTable.Col source="refunded" render={(r: PaymentReportRow) => money(r.refunded)} />
          <DataTable.Col source="refundedCount" />
          <DataTable.Col source="disputed" render={(r: PaymentReportRow) => money(r.disputed)} />
          <DataTable.Col source="disputedCount" />
        </DataTable>
      </Stack>
    </List>
  );
}
