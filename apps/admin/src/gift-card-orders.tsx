import { useState } from 'react';
import { Alert, Box, Button, Chip, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { mayWrite, type StaffRole } from '@spesa/shared/contracts/admin';
import type { AdminGiftCardOrder, AdminGiftCardOrderDetail } from '@spesa/shared/contracts/gift-card-orders';
import { formatPrice } from '@spesa/shared/format/price';
import {
  GIFT_CARD_ORDER_STATE_LABEL,
  GIFT_CARD_ORDER_STATES,
  type GiftCardOrderState,
} from '@spesa/shared/loyalty/gift-card-partners';
import {
  BooleanInput,
  DataTable,
  List,
  SelectInput,
  Show,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { adminAct } from './api';
import { giftCardOrderTexts as T } from './texts';
import { TIME_ZONE } from '@spesa/shared/time/rome';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('it-IT', { dateStyle: 'short', timeStyle: 'short', timeZone: TIME_ZONE });
const day = (iso: string) => iso.split('-').reverse().join('/');

const filters = [
  <SelectInput
    key="state"
    source="state"
    alwaysOn
    choices={GIFT_CARD_ORDER_STATES.map((s) => ({ id: s, name: GIFT_CARD_ORDER_STATE_LABEL[s] }))}
  />,
  <BooleanInput key="late" source="late" alwaysOn />,
];

/** The state, and the late flag of a request still received after 48 hours. */
function StateCell({ order }: { order: AdminGiftCardOrder }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <span>{GIFT_CARD_ORDER_STATE_LABEL[order.state]}</span>
      {order.late ? <Chip size="small" color="error" label={T.late} title={T.lateHelp} /> : null}
    </Stack>
  );
}

/** Companies' gift-card requests (decision 044), newest first; the late ones flagged. */
export function GiftCardOrderList() {
  return (
    <List filters={filters} perPage={25} exporter={false} sort={{ field: 'receivedAt', order: 'DESC' }}>
      <DataTable
        rowClick="show"
        bulkActionButtons={false}
        empty={<Typography sx={{ p: 2 }}>{T.none}</Typography>}
      >
        <DataTable.Col source="requestNumber" disableSort />
        <DataTable.Col source="companyName" disableSort />
        <DataTable.Col source="contactName" disableSort />
        <DataTable.Col source="cards" disableSort />
        <DataTable.Col
          source="invoiceTotal"
          disableSort
          render={(o: AdminGiftCardOrder) => formatPrice(o.invoiceTotal)}
        />
        <DataTable.Col
          source="state"
          disableSort
          render={(o: AdminGiftCardOrder) => <StateCell order={o} />}
        />
        <DataTable.Col
          source="receivedAt"
          disableSort
          render={(o: AdminGiftCardOrder) => dateTime(o.receivedAt)}
        />
        <DataTable.Col
          source="expectedDeliveryDate"
          disableSort
          render={(o: AdminGiftCardOrder) => day(o.expectedDeliveryDate)}
        />
      </DataTable>
    </List>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Typography>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:
      </Box>{' '}
      {value || T.none_}
    </Typography>
  );
}

/** Customer service moves the request one step; confirming e-mails the note to the company. */
export function GiftCardOrderMoves({ order }: { order: AdminGiftCardOrderDetail }) {
  const { permissions } = usePermissions<StaffRole>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  if (!mayWrite(permissions, 'giftCardOrders') || order.nextStates.length === 0) return null;
  const move = async (state: Exclude<GiftCardOrderState, 'received'>) => {
    setBusy(true);
    try {
      const { infos } = await adminAct('POST /admin/gift-card-orders/:id/state', {
        params: { id: order.id },
        body: { state, note },
      });
      notify(infos[0] ?? GIFT_CARD_ORDER_STATE_LABEL[state], { type: 'success' });
      setNote('');
    } catch (error) {
      notify(error instanceof Error ? error.message : T.failed, { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return (
    <Stack spacing={1.5} sx={{ maxWidth: 640 }}>
      <TextField
        label={T.noteLabel}
        helperText={T.noteHelp}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {order.nextStates.map((state) =>
          state === 'received' ? null : (
            <Button
              key={state}
              variant={state === 'cancelled' ? 'outlined' : 'contained'}
              color={state === 'cancelled' ? 'error' : 'primary'}
              disabled={busy}
              onClick={() => void move(state)}
            >
              {T.move[state]}
            </Button>
          ),
        )}
      </Stack>
    </Stack>
  );
}

function Detail() {
  const order = useRecordContext<AdminGiftCardOrderDetail>();
  // react-admin shows the list's row meanwhile: a summary, without the lines
  if (!order || !('lines' in order)) return <LinearProgress aria-label={T.loading} />;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Box>
        <Typography variant="h5" component="h1">
          {T.title(order.requestNumber, order.companyName)}
        </Typography>
        <StateCell order={order} />
        {order.late ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {T.lateHelp}
          </Alert>
        ) : null}
      </Box>
      <Box>
        <Typography variant="h6" component="h2">
          {T.company}
        </Typography>
        <Fact label="Partita IVA" value={order.vatNumber} />
        <Fact label={T.fiscalCode} value={order.fiscalCode} />
        <Fact label={T.sdi} value={order.sdiCode} />
        <Fact label={T.pec} value={order.pec} />
      </Box>
      <Box>
        <Typography variant="h6" component="h2">
          {T.contact}
        </Typography>
        <Typography>{`${order.contactName} · ${order.email} · ${order.phone}`}</Typography>
      </Box>
      <Box>
        <Typography variant="h6" component="h2">
          {T.delivery}
        </Typography>
        <Typography>{`${order.address1} ${order.addressNumber}, ${order.postalCode} ${order.city} (${order.province})`}</Typography>
        <Fact label={T.infoBy} value={dateTime(order.deliveryInfoBy)} />
        <Fact label={T.expected} value={day(order.expectedDeliveryDate)} />
      </Box>
      <Box>
        <Typography variant="h6" component="h2">
          {T.lines}
        </Typography>
        <Box component="ul" sx={{ my: 0.5 }}>
          {order.lines.map((l) => (
            <li key={l.value}>{T.line(l.quantity, formatPrice(l.value), formatPrice(l.total))}</li>
          ))}
        </Box>
        <Fact label={T.goods} value={formatPrice(order.goodsTotal)} />
        {order.discount > 0 ? <Fact label={T.discount} value={`-${formatPrice(order.discount)}`} /> : null}
        <Fact label={T.invoice} value={formatPrice(order.invoiceTotal)} />
      </Box>
      {order.notes ? <Fact label={T.notes} value={order.notes} /> : null}
      {order.staffNote ? <Fact label={T.staffNote} value={order.staffNote} /> : null}
      <GiftCardOrderMoves order={order} />
    </Stack>
  );
}

export function GiftCardOrderShow() {
  return (
    <Show actions={false}>
      <Detail />
    </Show>
  );
}
