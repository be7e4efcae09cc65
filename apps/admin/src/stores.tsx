import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List as MuiList,
  ListItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  mayWrite,
  type AdminSlotDay,
  type AdminStoreDetail,
  type StaffRole,
} from '@spesa/shared/contracts/admin';
import {
  ArrayInput,
  DataTable,
  EditButton,
  Labeled,
  List,
  SelectInput,
  Show,
  SimpleFormIterator,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  maxLength,
  minLength,
  regex,
  required,
  useNotify,
  usePermissions,
  useRecordContext,
} from 'react-admin';
import { adminCall, AdminApiError } from './api';
import { SafeEdit } from './safe-edit';
import { storeTexts } from './texts';

const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('it-IT', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });

export function StoreList() {
  return (
    <List perPage={50} pagination={false}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="id" />
        <DataTable.Col source="name" />
        <DataTable.Col source="city" />
      </DataTable>
    </List>
  );
}

/** The next seven days of a store's slots, each closable; a closed day lists its orders to rebook. */
function SlotDays() {
  const store = useRecordContext<{ id: number }>();
  const { permissions } = usePermissions<StaffRole>();
  // who may close and open days (the admin API checks it too)
  const canWrite = mayWrite(permissions, 'stores');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<AdminSlotDay | null>(null);
  const key = ['slot-days', store?.id];
  const days = useQuery({
    queryKey: key,
    enabled: store !== undefined,
    queryFn: async () =>
      (await adminCall('GET /admin/stores/:id/slot-days', { params: { id: store?.id ?? 0 } })).data,
  });
  const change = useMutation({
    mutationFn: (d: AdminSlotDay) =>
      adminCall('POST /admin/stores/:id/slot-days', {
        params: { id: d.storeId },
        body: { date: d.date, closed: !d.closed },
      }),
    onSuccess: async ({ data }) => {
      notify(
        data.closed ? `Giorno chiuso: ${dayLabel(data.date)}` : `Giorno riaperto: ${dayLabel(data.date)}`,
        {
          type: 'info',
        },
      );
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) =>
      notify(error instanceof AdminApiError ? error.message : 'ra.notification.http_error', {
        type: 'error',
      }),
  });
  if (days.isPending) return <Typography>Caricamento…</Typography>;
  if (days.isError) return <Alert severity="error">{days.error.message}</Alert>;
  return (
    <>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Fasce orarie dei prossimi giorni">
          <TableHead>
            <TableRow>
              <TableCell>Giorno</TableCell>
              <TableCell align="right">Fasce aperte</TableCell>
              <TableCell align="right">Posti prenotati</TableCell>
              <TableCell>Ordini</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {days.data.map((d) => (
              <TableRow key={d.id}>
                <TableCell>
                  {dayLabel(d.date)}
                  {d.closed ? ' (chiuso)' : ''}
                </TableCell>
                <TableCell align="right">
                  {d.open} di {d.slots}
                </TableCell>
                <TableCell align="right">
                  {d.booked} di {d.capacity}
                </TableCell>
                <TableCell>
                  {d.orders.length === 0 ? (
                    '—'
                  ) : (
                    <MuiList dense disablePadding aria-label={`Ordini del ${dayLabel(d.date)}`}>
                      {d.orders.map((o) => (
                        <ListItem key={o.orderId} disableGutters>
                          N. {o.orderId} · {o.customerName} · {o.beginTime.slice(0, 5)}-
                          {o.endTime.slice(0, 5)}
                          {d.closed ? ` · da riprogrammare (${o.email})` : ''}
                        </ListItem>
                      ))}
                    </MuiList>
                  )}
                </TableCell>
                <TableCell align="right">
                  {canWrite && d.slots > 0 ? (
                    <Button
                      size="small"
                      variant={d.closed ? 'outlined' : 'contained'}
                      color={d.closed ? 'primary' : 'error'}
                      onClick={() => setAsking(d)}
                      aria-label={`${d.closed ? 'Riapri' : 'Chiudi il giorno'} ${dayLabel(d.date)}`}
                    >
                      {d.closed ? 'Riapri' : 'Chiudi il giorno'}
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Dialog open={asking !== null} onClose={() => setAsking(null)} aria-labelledby="slot-day-title">
        <DialogTitle id="slot-day-title">
          {asking?.closed ? 'Riaprire' : 'Chiudere'} {asking ? dayLabel(asking.date) : ''}?
        </DialogTitle>
        <DialogContent>
          <Typography>
            {asking?.closed
              ? 'I clienti potranno di nuovo scegliere le fasce di questo giorno.'
              : 'I clienti non potranno più scegliere le fasce di questo giorno. Gli ordini già prenotati restano e vanno riprogrammati.'}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>Annulla</Button>
          <Button
            variant="contained"
            onClick={() => {
              if (asking) change.mutate(asking);
              setAsking(null);
            }}
          >
            Conferma
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Opening hours on the wire: beginWeekDay 1 = Sunday ... 7 = Saturday; shown from Monday. */
const WEEKDAYS = [
  { id: 2, name: 'lunedì' },
  { id: 3, name: 'martedì' },
  { id: 4, name: 'mercoledì' },
  { id: 5, name: 'giovedì' },
  { id: 6, name: 'venerdì' },
  { id: 7, name: 'sabato' },
  { id: 1, name: 'domenica' },
];

/** The week's opening hours, a line per weekday ("lunedì 08:30–20:00"; "chiuso"). */
function OpeningHours() {
  const store = useRecordContext<AdminStoreDetail>();
  if (!store || !('serviceHours' in store)) return null;
  return (
    <Labeled label={storeTexts.hours}>
      <MuiList dense disablePadding>
        {WEEKDAYS.map((d) => {
          const ranges = store.serviceHours.filter((h) => h.beginWeekDay === d.id);
          return (
            <ListItem key={d.id} disableGutters>
              {d.name}:{' '}
              {ranges.length === 0
                ? storeTexts.closed
                : ranges.map((r) => `${r.beginHour}–${r.endHour}`).join(', ')}
            </ListItem>
          );
        })}
      </MuiList>
    </Labeled>
  );
}

/** The store's name, phone and opening hours (a store manager's own; the admin API checks it too). */
export function StoreEdit() {
  const hour = [required(), regex(/^([01]\d|2[0-3]):[0-5]\d$/, storeTexts.badHour)];
  return (
    <SafeEdit redirect="show">
      <TextInput source="name" validate={[required(), minLength(3), maxLength(80)]} />
      <TextInput source="phone" validate={[required(), regex(/^\+?[0-9 ]{6,20}$/, storeTexts.badPhone)]} />
      <ArrayInput source="serviceHours" helperText={storeTexts.hoursHelp}>
        <SimpleFormIterator inline disableReordering>
          <SelectInput
            source="beginWeekDay"
            label={storeTexts.weekday}
            choices={WEEKDAYS}
            validate={required()}
          />
          <TextInput source="beginHour" label={storeTexts.opens} validate={hour} placeholder="08:30" />
          <TextInput source="endHour" label={storeTexts.closes} validate={hour} placeholder="20:00" />
        </SimpleFormIterator>
      </ArrayInput>
    </SafeEdit>
  );
}

function StoreActions() {
  const { permissions } = usePermissions<StaffRole>();
  return <TopToolbar>{mayWrite(permissions, 'stores') ? <EditButton /> : null}</TopToolbar>;
}

export function StoreShow() {
  return (
    <Show actions={<StoreActions />}>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="city" />
        <TextField source="phone" />
        <OpeningHours />
      </SimpleShowLayout>
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Stack spacing={1}>
            <Typography component="h2" variant="h6">
              Fasce orarie dei prossimi 7 giorni
            </Typography>
            <SlotDays />
          </Stack>
        </CardContent>
      </Card>
    </Show>
  );
}
