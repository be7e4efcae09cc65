import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List as MuiList,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  TextField as MuiTextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { mayRead, mayWrite, type StaffRole } from '@spesa/shared/contracts/admin';
import type { StaffOrder, StaffOrderSummary, StaffSubstitute } from '@spesa/shared/contracts/admin-orders';
import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import {
  DataTable,
  List,
  Show,
  SimpleList,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { DateInput } from './date-input';
import { adminAct, adminCall } from './api';
import { OrderPayment, refundableLines } from './order-payment';
import { pickingTexts as T } from './texts';

type Line = StaffOrder['orderItems'][number];

const money = (n: number) => n.toLocaleString('it-IT', { style: 'currency', currency: 'EUR' });
const quantityText = (n: number, unit: string) => `${n.toLocaleString('it-IT')} ${unit}`;
const slotText = (o: { timeslot: { date: string; beginTime: string; endTime: string } }) =>
  `${new Date(`${o.timeslot.date}T12:00:00Z`).toLocaleDateString('it-IT', {
    day: 'numeric',
    month: 'short',
  })} ${o.timeslot.beginTime.slice(0, 5)}–${o.timeslot.endTime.slice(0, 5)}`;

const filters = [<DateInput key="date" source="date" alwaysOn helperText={T.firstDayHelp} />];

/**
 * A day's orders of the stores the member works for, by time window; without a day chosen, the API answers
 * the first day with orders from today on, so the list does not open empty on a quiet day.
 */
export function OrderList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List filters={filters} perPage={50} sort={{ field: 'slot', order: 'ASC' }}>
      {small ? (
        <SimpleList<StaffOrderSummary>
          primaryText={(o) => `${T.orderNo(o.orderId)} · ${o.customerName}`}
          secondaryText={(o) => `${slotText(o)} · ${o.orderStatusDescr}`}
          tertiaryText={(o) =>
            o.mealVoucherCount > 0
              ? `${o.pickedItems}/${o.totalItems} · ${T.mealVouchersShort(o.mealVoucherCount, money(o.mealVoucherAmount))}`
              : `${o.pickedItems}/${o.totalItems}`
          }
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="orderId" />
          <DataTable.Col source="timeslot" render={(o: StaffOrderSummary) => slotText(o)} />
          <DataTable.Col source="customerName" />
          <DataTable.Col
            source="homeDelivery"
            render={(o: StaffOrderSummary) => (o.homeDelivery ? T.home : T.pickup)}
          />
          <DataTable.Col source="warehouseName" />
          <DataTable.Col source="orderStatusDescr" />
          <DataTable.Col
            source="pickedItems"
            render={(o: StaffOrderSummary) => `${o.pickedItems}/${o.totalItems}`}
          />
          <DataTable.NumberCol
            source="grossTotal"
            options={{ style: 'currency', currency: 'EUR' }}
            locales="it-IT"
          />
          <DataTable.Col
            source="mealVoucherCount"
            render={(o: StaffOrderSummary) =>
              o.mealVoucherCount > 0
                ? T.mealVouchersShort(o.mealVoucherCount, money(o.mealVoucherAmount))
                : '—'
            }
          />
        </DataTable>
      )}
    </List>
  );
}

/** The statuses after "prepared" a button may set, with its label (the API's step names). */
const DELIVERY_STEPS = [
  { status: ORDER_STATUS.outForDelivery, step: 'outForDelivery', label: T.steps.outForDelivery },
  { status: ORDER_STATUS.delivered, step: 'delivered', label: T.steps.delivered },
  { status: ORDER_STATUS.partiallyDelivered, step: 'partiallyDelivered', label: T.steps.partiallyDelivered },
  { status: ORDER_STATUS.notCollected, step: 'notCollected', label: T.steps.notCollected },
  { status: ORDER_STATUS.failed, step: 'failed', label: T.steps.failed },
] as const;

const PICKING: ReadonlySet<number> = new Set([ORDER_STATUS.preparing, ORDER_STATUS.inPreparation]);

/** Runs a write, tells its outcome (the API's Italian text), and reloads the order. */
function useAct() {
  const notify = useNotify();
  const refresh = useRefresh();
  return async (work: () => Promise<{ infos: string[] }>): Promise<boolean> => {
    try {
      const { infos } = await work();
      notify(infos[0] ?? T.done, { type: 'success' });
      refresh();
      return true;
    } catch (error) {
      notify(error instanceof Error ? error.message : T.failed, { type: 'error' });
      return false;
    }
  };
}

/** The substitutes of a line: its category's products, or a search; each at most the line's price. */
function SubstituteDialog(props: {
  orderId: number;
  line: Line;
  onClose: () => void;
  onChoose: (p: StaffSubstitute) => void;
}) {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<StaffSubstitute[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const search = async (text: string) => {
    setError(null);
    try {
      const { data } = await adminCall('GET /admin/orders/:id/substitutes', {
        params: { id: props.orderId },
        query: { orderItemId: props.line.orderItemId, ...(text ? { q: text } : {}) },
      });
      setFound(data);
    } catch (e) {
      setError(e instanceof Error ? e.message : T.failed);
    }
  };
  // the line's category first, before any search
  useEffect(() => void search(''), []);
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="substitute-title">
      <DialogTitle id="substitute-title">{T.substituteFor(props.line.name)}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            void search(q);
          }}
          sx={{ display: 'flex', gap: 1, mt: 1 }}
        >
          <MuiTextField
            label={T.searchSubstitute}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            size="small"
            fullWidth
          />
          <Button type="submit" variant="outlined">
            {T.search}
          </Button>
        </Box>
        {error ? <Alert severity="error">{error}</Alert> : null}
        {found?.length === 0 ? <Typography sx={{ mt: 2 }}>{T.noSubstitutes}</Typography> : null}
        <MuiList aria-label={T.substitutes}>
          {(found ?? []).map((p) => (
            <ListItem key={p.productId} disablePadding>
              <ListItemButton onClick={() => props.onChoose(p)}>
                <ListItemText
                  primary={p.preferred ? `${p.name} — ${T.preferredByCustomer}` : p.name}
                  secondary={`${[p.brand, p.format].filter(Boolean).join(' · ')} · ${money(p.price)}`}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </MuiList>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{T.cancel}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** One line: what was ordered (and the customer's choices), and the form of what is delivered. */
function PickLine({ order, line, canPick }: { order: StaffOrder; line: Line; canPick: boolean }) {
  const act = useAct();
  const picking = canPick && PICKING.has(order.orderStatusId);
  const [quantity, setQuantity] = useState(String(line.delivered?.quantity ?? line.quantity));
  const [weight, setWeight] = useState(String(line.delivered?.weight ?? line.quantity));
  const [substitute, setSubstitute] = useState<{ productId: number; name: string } | null>(
    line.delivered?.substitute ?? null,
  );
  const [choosing, setChoosing] = useState(false);
  const number = (text: string) => Number(text.replace(',', '.'));
  const headingId = `line-${line.orderItemId}`;
  const options = Object.entries(line.params);
  const notes = line.cartItemInfo.notes;

  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Box>
            <Typography id={headingId} variant="h6" component="h2">
              {line.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {T.code} {line.codInt} · {T.ordered}: {quantityText(line.quantity, line.unitBase)} ·{' '}
              {money(line.unitPrice)}/{line.unitBase}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
              <Chip
                size="small"
                color={line.acceptAlternatives ? 'success' : 'default'}
                label={line.acceptAlternatives ? T.alternativesYes : T.alternativesNo}
              />
              {line.variableWeight ? <Chip size="small" label={T.weighed} /> : null}
              {options.map(([name, value]) => (
                <Chip key={name} size="small" variant="outlined" label={`${name}: ${value}`} />
              ))}
            </Stack>
            {notes ? <Typography sx={{ mt: 1 }}>{T.customerNote(notes)}</Typography> : null}
          </Box>
          <Box sx={{ minWidth: 200 }}>
            {line.delivered ? (
              <Alert severity="success" icon={false}>
                {T.delivered}: {quantityText(line.delivered.quantity, line.unitBase)}
                {line.delivered.weight !== null
                  ? ` · ${T.realWeight(line.delivered.weight, line.unitBase)}`
                  : ''}
                {line.delivered.substitute ? ` · ${T.replacedBy(line.delivered.substitute.name)}` : ''} ·{' '}
                {money(line.delivered.grossTotal)}
              </Alert>
            ) : (
              <Alert severity="info" icon={false}>
                {T.notPicked}
              </Alert>
            )}
          </Box>
        </Stack>
        {picking ? (
          <Box
            component="form"
            aria-label={T.pickForm(line.name)}
            onSubmit={(e) => {
              e.preventDefault();
              void act(() =>
                adminAct('POST /admin/orders/:id/pick', {
                  params: { id: order.orderId },
                  body: {
                    orderItemId: line.orderItemId,
                    quantity: number(quantity),
                    ...(line.variableWeight ? { weight: number(weight) } : {}),
                    ...(substitute ? { substituteProductId: substitute.productId } : {}),
                  },
                }),
              );
            }}
            sx={{ display: 'flex', gap: 2, mt: 2, flexWrap: 'wrap', alignItems: 'center' }}
          >
            <MuiTextField
              label={T.deliveredQuantity(line.unitBase)}
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              sx={{ width: 170 }}
            />
            {line.variableWeight ? (
              <MuiTextField
                label={T.weightLabel(line.unitBase)}
                value={weight}
                onChange={(e) => setWeight(e.target.value)}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                sx={{ width: 170 }}
              />
            ) : null}
            {line.acceptAlternatives ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Button variant="outlined" onClick={() => setChoosing(true)}>
                  {substitute ? T.changeSubstitute : T.chooseSubstitute}
                </Button>
                {substitute ? (
                  <>
                    <Typography>{T.replacedBy(substitute.name)}</Typography>
                    <Button onClick={() => setSubstitute(null)}>{T.noSubstitute}</Button>
                  </>
                ) : null}
              </Stack>
            ) : null}
            <Button type="submit" variant="contained" size="large">
              {T.record}
            </Button>
          </Box>
        ) : null}
        {choosing ? (
          <SubstituteDialog
            orderId={order.orderId}
            line={line}
            onClose={() => setChoosing(false)}
            onChoose={(p) => {
              setSubstitute({ productId: p.productId, name: p.name });
              setChoosing(false);
            }}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The picking screen: the order's facts, its status buttons (the shared transition table), its lines. */
function Picking() {
  const order = useRecordContext<StaffOrder>();
  const { permissions } = usePermissions<StaffRole>();
  const act = useAct();
  // react-admin shows the list's row meanwhile: a summary, without lines nor payment
  if (!order || !('orderItems' in order)) return <LinearProgress aria-label={T.loading} />;
  const canPick = mayWrite(permissions, 'orders');
  const can = (status: number) => canPick && order.nextStatuses.includes(status);
  const picked = order.orderItems.filter((l) => l.delivered !== null).length;
  const call = (work: () => Promise<{ infos: string[] }>) => void act(work);
  const id = { id: order.orderId };

  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Box>
        <Typography variant="h5" component="h1">
          {T.orderNo(order.orderId)} · {order.orderStatusDescr}
        </Typography>
        <Typography>
          {order.homeDelivery ? T.home : T.pickup} · {order.warehouse.name} · {slotText(order)}
        </Typography>
        <Typography color="text.secondary">
          {T.payment}: {order.payment.paymentTypeDescr} · {T.total}: {money(order.grossTotal)}
          {order.walletTotal > 0 ? ` · ${T.wallet}: ${money(order.walletTotal)}` : ''}
          {order.mealVouchers ? ` · ${T.mealVoucherCost}: ${money(order.mealVouchers.serviceCost)}` : ''}
          {order.payment.online ? ` · ${T.held}: ${money(order.prebilledAmount)}` : ''}
          {order.capturedAmount !== null ? ` · ${T.captured}: ${money(order.capturedAmount)}` : ''}
        </Typography>
        {order.mealVouchers ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {T.mealVouchers(
              order.homeDelivery,
              order.mealVouchers.count,
              order.mealVouchers.kind,
              money(order.mealVouchers.faceValue),
              money(order.mealVouchers.amount),
            )}
          </Alert>
        ) : null}
        {order.notes ? <Alert severity="info">{T.customerNote(order.notes)}</Alert> : null}
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {can(ORDER_STATUS.preparing) ? (
          <Button
            variant="contained"
            onClick={() => call(() => adminAct('POST /admin/orders/:id/start', { params: id, body: {} }))}
          >
            {T.start}
          </Button>
        ) : null}
        {can(ORDER_STATUS.prepared) ? (
          <Button
            variant="contained"
            color="success"
            disabled={picked < order.orderItems.length}
            onClick={() => call(() => adminAct('POST /admin/orders/:id/prepared', { params: id, body: {} }))}
          >
            {T.prepared}
          </Button>
        ) : null}
        {DELIVERY_STEPS.filter((s) => can(s.status)).map((s) => (
          <Button
            key={s.step}
            variant="outlined"
            onClick={() =>
              call(() => adminAct('POST /admin/orders/:id/status', { params: id, body: { step: s.step } }))
            }
          >
            {s.label}
          </Button>
        ))}
      </Stack>
      {mayRead(permissions, 'payments') ? (
        <OrderPayment
          key={`${order.orderStatusId}-${order.capturedAmount ?? ''}`}
          orderId={order.orderId}
          canRefund={mayWrite(permissions, 'payments')}
          lines={refundableLines(order.orderItems)}
        />
      ) : null}
      <Typography component="p">{T.progress(picked, order.orderItems.length)}</Typography>
      {order.orderItems.map((line) => (
        <PickLine
          key={`${line.orderItemId}-${line.delivered?.grossTotal ?? 'x'}`}
          order={order}
          line={line}
          canPick={canPick}
        />
      ))}
    </Stack>
  );
}

export function OrderShow() {
  return (
    <Show actions={false}>
      <Picking />
    </Show>
  );
}
