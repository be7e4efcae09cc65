import {
  Alert,
  Box,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { AdminReceipt, AdminReceiptDetail } from '@spesa/shared/contracts/admin-receipts';
import { formatPrice } from '@spesa/shared/format/price';
import { DataTable, List, NumberInput, Show, useListContext, useRecordContext } from 'react-admin';
import { receiptTexts as T } from './texts';
import { TIME_ZONE } from '@spesa/shared/time/rome';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('it-IT', { dateStyle: 'short', timeStyle: 'short', timeZone: TIME_ZONE });

const filters = [<NumberInput key="userId" source="userId" label={T.userId} alwaysOn min={1} />];

/** Until a customer is chosen the list asks for one (receipts are read one customer at a time). */
function ReceiptTable() {
  const { filterValues } = useListContext();
  if (!filterValues.userId) return <Alert severity="info">{T.chooseCustomer}</Alert>;
  return (
    <DataTable bulkActionButtons={false} rowClick="show">
      <DataTable.Col
        source="issuedAt"
        label={T.issuedAt}
        render={(r: AdminReceipt) => dateTime(r.issuedAt)}
      />
      <DataTable.Col source="storeName" label={T.store} />
      <DataTable.Col source="documentNumber" label={T.number} />
      <DataTable.Col source="source" label={T.source} render={(r: AdminReceipt) => T.sources[r.source]} />
      <DataTable.Col source="total" label={T.total} render={(r: AdminReceipt) => formatPrice(r.total)} />
      <DataTable.Col
        source="digital"
        label={T.digital}
        render={(r: AdminReceipt) => (r.digital ? T.yes : T.no)}
      />
    </DataTable>
  );
}

/** A customer's receipts, read only (decision 046). */
export function ReceiptList() {
  return (
    <List filters={filters} sort={{ field: 'issuedAt', order: 'DESC' }} perPage={25} empty={false}>
      <ReceiptTable />
    </List>
  );
}

function ReceiptBody() {
  const r = useRecordContext<AdminReceiptDetail>();
  if (!r) return null;
  return (
    <Stack spacing={1} sx={{ p: 2 }}>
      <Typography variant="h6">{`${r.storeName} · ${r.documentNumber}`}</Typography>
      <Typography>{`${dateTime(r.issuedAt)} · ${T.sources[r.source]} · ${r.cardNumber ?? ''}`}</Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={T.lines}>
          <TableHead>
            <TableRow>
              <TableCell>{T.description}</TableCell>
              <TableCell align="right">{T.quantity}</TableCell>
              <TableCell align="right">{T.vat}</TableCell>
              <TableCell align="right">{T.amount}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {r.lines.map((l, i) => (
              <TableRow key={i}>
                <TableCell>{l.description}</TableCell>
                <TableCell align="right">{l.quantity}</TableCell>
                <TableCell align="right">{`${l.vatRate}%`}</TableCell>
                <TableCell align="right">{formatPrice(l.amount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Typography
        sx={{ fontWeight: 700 }}
      >{`${T.total}: ${formatPrice(r.total)} (${T.vatIncluded} ${formatPrice(r.vatTotal)})`}</Typography>
      {r.digital ? <Typography>{T.digitalUntil(r.keptUntil ?? '')}</Typography> : null}
    </Stack>
  );
}

export function ReceiptShow() {
  return (
    <Show>
      <ReceiptBody />
    </Show>
  );
}
