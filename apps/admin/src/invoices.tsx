import { Button } from '@mui/material';
import {
  INVOICE_KINDS,
  SDI_STATES,
  SDI_STATE_LABEL,
  type AdminInvoiceDocument,
} from '@spesa/shared/contracts/invoices';
import { TIME_ZONE } from '@spesa/shared/time/rome';
import { DataTable, List, SelectInput, TextInput, TopToolbar, useListContext } from 'react-admin';
import { adminAct } from './api';
import { DateInput } from './date-input';
import { CorrectButton } from './invoice-correction';
import { invoiceExportPeriod } from './data-provider';
import { RowActionButton } from './row-action-button';
import { invoiceTexts as T } from './texts';

const money = (n: number) => n.toLocaleString('it-IT', { style: 'currency', currency: 'EUR' });
const day = (ymd: string) =>
  new Date(`${ymd}T12:00:00Z`).toLocaleDateString('it-IT', { timeZone: TIME_ZONE });

const filters = [
  <DateInput key="from" source="from" alwaysOn />,
  <DateInput key="to" source="to" alwaysOn />,
  <SelectInput
    key="kind"
    source="kind"
    alwaysOn
    choices={INVOICE_KINDS.map((k) => ({ id: k, name: T.kind[k] }))}
  />,
  <SelectInput
    key="sdiState"
    source="sdiState"
    alwaysOn
    choices={SDI_STATES.map((s) => ({ id: s, name: SDI_STATE_LABEL[s] }))}
  />,
  <TextInput key="orderId" source="orderId" />,
];

/** The accountant's ZIP of the period shown (XML files and the CSV register), with the back office's cookie. */
function ExportZip() {
  const { filterValues } = useListContext();
  const { from, to } = invoiceExportPeriod(filterValues as Record<string, unknown>);
  return (
    <TopToolbar>
      <Button component="a" href={`/ebsn/api/admin/invoices/export.zip?from=${from}&to=${to}`} download>
        {T.export}
      </Button>
    </TopToolbar>
  );
}

/** A rejected document back in the queue for the exchange system. */
export function ResendButton({ doc }: { doc: AdminInvoiceDocument }) {
  if (doc.sdiState !== 'rejected') return null;
  return (
    <RowActionButton
      label={T.resend}
      ariaLabel={T.resendLabel(doc.number)}
      act={() => adminAct('POST /admin/invoices/:id/resend', { params: { id: doc.id } })}
      done={T.resent}
      failed={T.resendFailed}
    />
  );
}

/**
 * Fatture elettroniche (decision 087): invoices and credit notes, newest first, by period, kind, state at the
 * exchange system and order; a rejected one shows the SDI's codes and is sent again from here, or corrected and
 * re-issued (decision 094); the period's ZIP for the accountant.
 */
export function InvoiceList() {
  return (
    <List perPage={25} exporter={false} title={T.title} filters={filters} actions={<ExportZip />}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="number" />
        <DataTable.Col source="kind" render={(d: AdminInvoiceDocument) => T.kind[d.kind]} />
        <DataTable.Col source="issuedOn" render={(d: AdminInvoiceDocument) => day(d.issuedOn)} />
        <DataTable.Col source="orderId" />
        <DataTable.Col source="customerName" />
        <DataTable.Col source="total" render={(d: AdminInvoiceDocument) => money(d.total)} />
        <DataTable.Col source="vat" render={(d: AdminInvoiceDocument) => money(d.vat)} />
        <DataTable.Col source="sdiState" render={(d: AdminInvoiceDocument) => d.sdiStateLabel} />
        <DataTable.Col
          source="sdiErrors"
          render={(d: AdminInvoiceDocument) =>
            d.sdiErrors.map((e) => `${e.code} ${e.description}`).join('; ')
          }
        />
        <DataTable.Col
          source="id"
          label={T.actions}
          render={(d: AdminInvoiceDocument) => (
            <>
              <ResendButton doc={d} />
              <CorrectButton doc={d} />
            </>
          )}
        />
      </DataTable>
    </List>
  );
}
