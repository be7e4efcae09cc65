import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  List as MuiList,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField as MuiTextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  mayWrite,
  type AdminCustomer,
  type AdminCustomerSummary,
  type StaffRole,
} from '@spesa/shared/contracts/admin';
import {
  DataTable,
  List,
  SearchInput,
  Show,
  SimpleList,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { adminCall } from './api';
import { CustomerCard } from './customer-card';
import { CustomerGiftCertificates } from './customer-gift-certificates';
import { CustomerWallet } from './customer-wallet';
import { customerTexts as T } from './texts';
import { TIME_ZONE } from '@spesa/shared/time/rome';

const money = (n: number) => n.toLocaleString('it-IT', { style: 'currency', currency: 'EUR' });
const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('it-IT', { dateStyle: 'short', timeStyle: 'short', timeZone: TIME_ZONE });
const fullName = (c: AdminCustomerSummary) =>
  c.anonymizedAt ? T.erased : `${c.firstName} ${c.lastName}`.trim() || c.email;

const filters = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder={T.searchHint}
    sx={{ width: { xs: '100%', sm: 420 } }}
  />,
];
/** a day as Italians write it */
const italianDay = (iso: string) => new Date(`${iso.slice(0, 10)}T12:00:00Z`).toLocaleDateString('it-IT');

/** Customers by name, e-mail, loyalty card, phone or fiscal code. */
export function CustomerList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} perPage={25}>
      {small ? (
        <SimpleList<AdminCustomerSummary>
          primaryText={fullName}
          secondaryText={(c) => c.email}
          tertiaryText={(c) => c.cardNumber ?? ''}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="id" />
          <DataTable.Col source="lastName" render={fullName} />
          <DataTable.Col source="email" />
          <DataTable.Col source="mobilePhone" disableSort />
          <DataTable.Col source="cardNumber" disableSort />
          <DataTable.Col source="createdAt" render={(c: AdminCustomerSummary) => italianDay(c.createdAt)} />
        </DataTable>
      )}
    </List>
  );
}

/** Customer service's note form. */
function AddNote({ customerId }: { customerId: number }) {
  const [text, setText] = useState('');
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <Box
      component="form"
      aria-label={T.addNote}
      onSubmit={(e) => {
        e.preventDefault();
        adminCall('POST /admin/customers/:id/notes', { params: { id: customerId }, body: { text } }).then(
          () => {
            setText('');
            notify(T.noteAdded, { type: 'success' });
            refresh();
          },
          (error: unknown) => notify(error instanceof Error ? error.message : T.failed, { type: 'error' }),
        );
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <MuiTextField
        label={T.note}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={2}
        sx={{ flex: '1 1 320px' }}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <Button type="submit" variant="contained">
        {T.addNote}
      </Button>
    </Box>
  );
}

/** The erasure on request: the request's reference and an explicit confirmation. */
function EraseButton({ customer }: { customer: AdminCustomer }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const notify = useNotify();
  const refresh = useRefresh();
  const erase = async () => {
    setError(null);
    try {
      await adminCall('POST /admin/customers/:id/anonymize', {
        params: { id: customer.id },
        body: { reason, confirm: true },
      });
      setOpen(false);
      notify(T.erasedDone, { type: 'success' });
      refresh();
    } catch (e) {
      setError(e instanceof Error ? e.message : T.failed);
    }
  };
  return (
    <>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        {T.erase}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby="erase-title"
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id="erase-title">{T.eraseTitle}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{T.eraseHelp}</Typography>
          {error ? <Alert severity="error">{error}</Alert> : null}
          <MuiTextField
            label={T.reason}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            fullWidth
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <FormControlLabel
            control={<Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />}
            label={T.eraseConfirm}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{T.cancel}</Button>
          <Button color="error" variant="contained" disabled={!confirmed} onClick={() => void erase()}>
            {T.eraseNow}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function CustomerRecord() {
  const c = useRecordContext<AdminCustomer>();
  const { permissions } = usePermissions<StaffRole>();
  // react-admin shows the list's row meanwhile: a summary, without orders nor notes
  if (!c || !('notes' in c)) return null;
  const canWrite = mayWrite(permissions, 'customers') && !c.anonymizedAt;
  const facts: Array<[string, string]> = [
    [T.fields.email, c.email],
    [T.fields.mobilePhone, c.mobilePhone],
    [T.fields.homePhone, c.homePhone],
    [T.fields.cardNumber, c.cardNumber ?? '—'],
    [T.fields.fiscalCode, c.fiscalCode],
    [T.fields.city, [c.city, c.province].filter(Boolean).join(' ')],
    [T.fields.birthDate, c.birthDate ? italianDay(c.birthDate) : '—'],
    [T.fields.createdAt, dateTime(c.createdAt)],
    [T.fields.consents, `${c.marketingConsent ? T.yes : T.no} / ${c.profilingConsent ? T.yes : T.no}`],
  ];
  return (
    <Stack spacing={3} sx={{ p: { xs: 1, sm: 2 } }}>
      <Box>
        <Typography variant="h5" component="h1">
          {fullName(c)}
        </Typography>
        {c.anonymizedAt ? <Alert severity="info">{T.erasedOn(dateTime(c.anonymizedAt))}</Alert> : null}
      </Box>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0 }}>
        {facts.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {value || '—'}
            </Typography>
          </Box>
        ))}
      </Box>
      <section aria-labelledby="customer-orders">
        <Typography id="customer-orders" variant="h6" component="h2">
          {T.orders}
        </Typography>
        {c.orders.length === 0 ? (
          <Typography>{T.noOrders}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{T.orderNo}</TableCell>
                <TableCell>{T.date}</TableCell>
                <TableCell>{T.status}</TableCell>
                <TableCell align="right">{T.total}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {c.orders.map((o) => (
                <TableRow key={o.orderId}>
                  <TableCell>{o.orderId}</TableCell>
                  <TableCell>{dateTime(o.date)}</TableCell>
                  <TableCell>{o.orderStatusDescr}</TableCell>
                  <TableCell align="right">{money(o.grossTotal)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>
      <CustomerWallet customerId={c.id} canCredit={mayWrite(permissions, 'customers') && !c.anonymizedAt} />
      <CustomerCard customerId={c.id} canWrite={mayWrite(permissions, 'customers') && !c.anonymizedAt} />
      <CustomerGiftCertificates
        customerId={c.id}
        canGrant={mayWrite(permissions, 'customers') && !c.anonymizedAt}
      />
      <section aria-labelledby="customer-notes">
        <Typography id="customer-notes" variant="h6" component="h2">
          {T.notes}
        </Typography>
        {c.notes.length === 0 ? <Typography>{T.noNotes}</Typography> : null}
        <MuiList aria-label={T.notes}>
          {c.notes.map((n) => (
            <ListItem key={n.id} disableGutters>
              <ListItemText primary={n.text} secondary={`${n.staffName} · ${dateTime(n.at)}`} />
            </ListItem>
          ))}
        </MuiList>
        {canWrite ? <AddNote customerId={c.id} /> : null}
      </section>
      {canWrite ? (
        <Box>
          <EraseButton customer={c} />
        </Box>
      ) : null}
    </Stack>
  );
}

export function CustomerShow() {
  return (
    <Show actions={false}>
      <CustomerRecord />
    </Show>
  );
}
