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
import { refundBodySchema, type OrderMoney } from '@spesa/shared/contracts/admin-payments';
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

/** The refund form's values as the API takes them, or the contract's Italian message per field. */
export function checkRefund(
  amountText: string,
  reason: string,
  idempotencyKey: string,
):
  | { ok: true; body: { amount: number; reason: string; idempotencyKey: string } }
  | { ok: false; amount?: string; reason?: string } {
  const cents = parseEuroCents(amountText);
  const parsed = refundBodySchema.safeParse({
    amount: cents === null ? Number.NaN : cents / 100,
    reason,
    idempotencyKey,
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: { ok: false; amount?: string; reason?: string } = { ok: false };
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'amount' && !errors.amount) errors.amount = issue.message;
    if (field === 'reason' && !errors.reason) errors.reason = issue.message;
  }
  return errors;
}

/**
 * The refund dialog: amount and reason, one key per opening (a double click or a retry after a lost answer
 * refunds once). A refusal stays in the dialog.
 */
function RefundDialog({
  orderId,
  refundable,
  onClose,
  onDone,
}: {
  orderId: number;
  refundable: number;
  onClose: () => void;
  onDone: (money: OrderMoney, info: string | undefined) => void;
}) {
  const [key] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkRefund(amount, reason, key);
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
export function OrderPayment({ orderId, canRefund }: { orderId: number; canRefund: boolean }) {
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
