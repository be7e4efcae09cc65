import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { refundBodySchema, type OrderMoney, type RefundBody } from '@spesa/shared/contracts/admin-payments';
import type { OrderItem } from '@spesa/shared/contracts/orders';
import { parseEuroCents } from '@spesa/shared/format/price';
import { TIME_ZONE } from '@spesa/shared/time/rome';
import { useNotify } from 'react-admin';
import { adminAct, adminCall } from './api';
import { paymentTexts as T } from './texts';

const money = (n: number) => n.toLocaleString('it-IT', { style: 'currency', currency: 'EUR' });
const dateTime = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('it-IT', { dateStyle: 'short', timeStyle: 'short', timeZone: TIME_ZONE })
    : '—';

/** An order line customer service may refund: what was delivered and charged for it. */
export interface RefundableLine {
  orderItemId: number;
  name: string;
  /** pieces, or kg for weighed goods */
  quantity: number;
  unit: 'pz' | 'kg';
  /** euro charged for the line */
  grossTotal: number;
}

/** The delivered lines of an order (a substitute by its name, a weighed line by its real weight). */
export function refundableLines(items: readonly OrderItem[]): RefundableLine[] {
  return items
    .filter((i) => i.delivered !== null && i.delivered.quantity > 0 && i.delivered.grossTotal > 0)
    .map((i) => {
      const d = i.delivered!;
      const weighed = d.weight !== null || i.sellingType === 'Sfuso';
      return {
        orderItemId: i.orderItemId,
        name: d.substitute?.name ?? i.name,
        quantity: d.weight ?? d.quantity,
        unit: weighed ? 'kg' : 'pz',
        grossTotal: d.grossTotal,
      };
    });
}

type RefundErrors = { ok: false; amount?: string; reason?: string; quantity?: string };

/** "0,8" or "2" as a number (3 decimals at most), NaN otherwise */
const quantityOf = (text: string) =>
  /^\d+([.,]\d{1,3})?$/.test(text.trim()) ? Number(text.trim().replace(',', '.')) : Number.NaN;

/**
 * The refund form's values as the API takes them, or the contract's Italian message per field. With a line,
 * the refund names it (its credit note names the line): the quantity given back is checked too.
 */
export function checkRefund(
  amountText: string,
  reason: string,
  idempotencyKey: string,
  line?: { orderItemId: number; quantityText: string },
): { ok: true; body: RefundBody } | RefundErrors {
  const cents = parseEuroCents(amountText);
  const parsed = refundBodySchema.safeParse({
    amount: cents === null ? Number.NaN : cents / 100,
    reason,
    idempotencyKey,
    ...(line ? { line: { orderItemId: line.orderItemId, quantity: quantityOf(line.quantityText) } } : {}),
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: RefundErrors = { ok: false };
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'line' ? 'quantity' : issue.path[0];
    if (field === 'amount' && !errors.amount) errors.amount = issue.message;
    if (field === 'reason' && !errors.reason) errors.reason = issue.message;
    if (field === 'quantity' && !errors.quantity) errors.quantity = issue.message;
  }
  return errors;
}

/** A line's price for a quantity of it, in the amount field's format ("1,50") */
const priceFor = (line: RefundableLine, quantity: number) =>
  Number.isFinite(quantity) && quantity > 0
    ? (Math.round(line.grossTotal * 100 * Math.min(1, quantity / line.quantity)) / 100)
        .toFixed(2)
        .replace('.', ',')
    : '';

/** The refund's order line (optional) and the quantity of it given back. */
function RefundLineFields({
  lines,
  lineId,
  onLine,
  quantity,
  onQuantity,
  error,
}: {
  lines: readonly RefundableLine[];
  lineId: string;
  onLine: (id: string) => void;
  quantity: string;
  onQuantity: (text: string) => void;
  error: string | undefined;
}) {
  if (lines.length === 0) return null;
  const line = lines.find((l) => String(l.orderItemId) === lineId) ?? null;
  return (
    <>
      <TextField
        id="refund-line"
        select
        label={T.lineLabel}
        value={lineId}
        onChange={(e) => onLine(e.target.value)}
        fullWidth
        helperText={T.lineHelp}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ mb: 2 }}
      >
        <option value="">{T.noLine}</option>
        {lines.map((l) => (
          <option key={l.orderItemId} value={String(l.orderItemId)}>
            {T.lineOption(l.name, l.quantity.toLocaleString('it-IT'), l.unit, money(l.grossTotal))}
          </option>
        ))}
      </TextField>
      {line ? (
        <TextField
          id="refund-quantity"
          label={T.quantityLabel(line.unit)}
          value={quantity}
          onChange={(e) => onQuantity(e.target.value)}
          required
          fullWidth
          error={error !== undefined}
          helperText={error ?? T.quantityHelp}
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 10 } }}
          sx={{ mb: 2 }}
        />
      ) : null}
    </>
  );
}

/** The chosen line and its quantity; choosing either sets the amount to the line's price for it. */
function useRefundLine(lines: readonly RefundableLine[], setAmount: (text: string) => void) {
  const [lineId, setLineId] = useState('');
  const [quantity, setQuantity] = useState('');
  const line = lines.find((l) => String(l.orderItemId) === lineId) ?? null;
  const chooseLine = (id: string) => {
    setLineId(id);
    const chosen = lines.find((l) => String(l.orderItemId) === id);
    if (!chosen) return;
    setQuantity(String(chosen.quantity).replace('.', ','));
    setAmount(priceFor(chosen, chosen.quantity));
  };
  const changeQuantity = (text: string) => {
    setQuantity(text);
    if (line) setAmount(priceFor(line, quantityOf(text)));
  };
  return { line, lineId, quantity, chooseLine, changeQuantity };
}

/**
 * The refund dialog: amount and reason, one key per opening (a double click or a retry after a lost answer
 * refunds once). A refusal stays in the dialog.
 */
function RefundDialog({
  orderId,
  refundable,
  lines,
  onClose,
  onDone,
}: {
  orderId: number;
  refundable: number;
  lines: readonly RefundableLine[];
  onClose: () => void;
  onDone: (money: OrderMoney, info: string | undefined) => void;
}) {
  const [key] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');

  const [errors, setErrors] = useState<{ amount?: string; reason?: string; quantity?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const { line, lineId, quantity, chooseLine, changeQuantity } = useRefundLine(lines, setAmount);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkRefund(
      amount,
      reason,
      key,
      line ? { orderItemId: line.orderItemId, quantityText: quantity } : undefined,
    );
    if (!checked.ok) {
      setErrors(checked);
      return;
    }
    setErrors({});
    setFailure(null);
    setSending(true);
    try {
      const done = await adminAct('POST /admin/orders/:id/refunds', {
        params: { id: orderId },
        body: checked.body,
      });
      onDone(done.data.data.payment, done.infos[0]);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : T.failed);
    } finally {
      setSending(false);
    }
  };
  return (
    <Dialog
      open
      onClose={() => !sending && onClose()}
      aria-labelledby="refund-title"
      aria-describedby="refund-help"
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="refund-title">{T.refundTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText id="refund-help" sx={{ mb: 2 }}>
            {T.refundHelp(money(refundable))}
          </DialogContentText>
          {failure ? (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {failure}
            </Alert>
          ) : null}
          <RefundLineFields
            lines={lines}
            lineId={lineId}
            onLine={chooseLine}
            quantity={quantity}
            onQuantity={changeQuantity}
            error={errors.quantity}
          />
          <TextField
            id="refund-amount"
            label={T.amountLabel}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            required
            autoFocus
            fullWidth
            error={errors.amount !== undefined}
            helperText={errors.amount ?? T.amountHelp}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 12 } }}
            sx={{ mb: 2 }}
          />
          <TextField
            id="refund-reason"
            label={T.reasonLabel}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
            multiline
            minRows={2}
            fullWidth
            error={errors.reason !== undefined}
            helperText={errors.reason ?? T.reasonHelp}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={sending}>
            {T.cancel}
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={sending}>
            {T.refundNow}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * An order's money in the order page (decision 085): provider, reference, what was held, taken and given back,
 * every movement with its state; customer service refunds from here.
 */
export function OrderPayment({
  orderId,
  canRefund,
  lines = [],
}: {
  orderId: number;
  canRefund: boolean;
  /** the order's delivered lines: a refund may name one (its credit note names it) */
  lines?: readonly RefundableLine[];
}) {
  const [m, setMoney] = useState<OrderMoney | null>(null);
  const [failed, setFailed] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const notify = useNotify();
  const load = useCallback(
    () =>
      adminCall('GET /admin/orders/:id/payment', { params: { id: orderId } }).then(
        (d) => setMoney(d.data),
        () => setFailed(true),
      ),
    [orderId],
  );
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Box component="section" aria-labelledby="order-payment">
      <Typography id="order-payment" variant="h6" component="h2">
        {T.title}
      </Typography>
      {failed ? <Alert severity="error">{T.loadFailed}</Alert> : null}
      {m ? (
        <>
          <Typography>
            {m.providerRef ? `${T.provider}: ${m.provider} · ${T.reference}: ${m.providerRef}` : T.noProvider}
          </Typography>
          <Typography sx={{ mb: 1 }} data-testid="payment-totals">
            {T.held}: {money(m.held)} · {T.captured}: {money(m.captured)} · {T.refunded}: {money(m.refunded)}{' '}
            · {T.refundable}: {money(m.refundable)}
          </Typography>
          {m.movements.length === 0 ? (
            <Typography>{T.none}</Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={T.movements}>
                <TableHead>
                  <TableRow>
                    <TableCell>{T.date}</TableCell>
                    <TableCell>{T.movement}</TableCell>
                    <TableCell>{T.state}</TableCell>
                    <TableCell align="right">{T.amount}</TableCell>
                    <TableCell>{T.reason}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {m.movements.map((mv, i) => (
                    <TableRow key={`${mv.source}-${i}`}>
                      <TableCell>{dateTime(mv.at)}</TableCell>
                      <TableCell>{T.kinds[mv.source] ?? mv.source}</TableCell>
                      <TableCell>{T.states[mv.state] ?? mv.state}</TableCell>
                      <TableCell align="right">{money(mv.amount)}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{mv.reason ?? ''}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
          {canRefund && m.refundable > 0 ? (
            <Button variant="outlined" color="error" sx={{ mt: 1 }} onClick={() => setRefunding(true)}>
              {T.refund}
            </Button>
          ) : null}
          {refunding ? (
            <RefundDialog
              orderId={orderId}
              refundable={m.refundable}
              lines={lines}
              onClose={() => setRefunding(false)}
              onDone={(next, info) => {
                setMoney(next);
                setRefunding(false);
                notify(info ?? T.refund, { type: 'success' });
              }}
            />
          ) : null}
        </>
      ) : null}
    </Box>
  );
}
