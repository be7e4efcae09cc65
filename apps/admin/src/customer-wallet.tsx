import { parseEuroCents } from '@spesa/shared/format/price';
import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import type { AdminWalletData } from '@spesa/shared/contracts/admin-loyalty';
import { useNotify } from 'react-admin';
import { adminAct, adminCall } from './api';
import { walletTexts as T } from './texts';
import { TIME_ZONE } from '@spesa/shared/time/rome';

const money = (n: number) => n.toLocaleString('it-IT', { style: 'currency', currency: 'EUR' });
const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('it-IT', { dateStyle: 'short', timeStyle: 'short', timeZone: TIME_ZONE });
/** "5,50" or "5.50" as euros; null when it is not an amount */
const eurosOf = (text: string): number | null => {
  const cents = parseEuroCents(text);
  return cents === null ? null : cents / 100;
};

/** The wallet's movements, newest first. */
function WalletMovements({ movements }: { movements: AdminWalletData['data']['movements'] }) {
  if (movements.length === 0) return <Typography>{T.none}</Typography>;
  return (
    <Table size="small" aria-label={T.movements}>
      <TableHead>
        <TableRow>
          <TableCell>{T.date}</TableCell>
          <TableCell>{T.description}</TableCell>
          <TableCell align="right">{T.amount}</TableCell>
          <TableCell align="right">{T.balanceAfter}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {movements.map((m) => (
          <TableRow key={m.movementId}>
            <TableCell>{dateTime(m.date)}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{m.description}</TableCell>
            <TableCell align="right">{money(m.amount)}</TableCell>
            <TableCell align="right">{money(m.balance)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * A customer's wallet in the customer page (decision 037): the balance, the last movements, and for customer
 * service a goodwill credit with the reason the customer reads, tied to one of their orders when it answers a
 * complaint about it (an invoiced order then gets a credit note, decision 094).
 */
export function CustomerWallet({ customerId, canCredit }: { customerId: number; canCredit: boolean }) {
  const [wallet, setWallet] = useState<AdminWalletData['data'] | null>(null);
  const [failed, setFailed] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [orderText, setOrderText] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [orderError, setOrderError] = useState<string | null>(null);
  const notify = useNotify();
  useEffect(() => {
    let live = true;
    adminCall('GET /admin/customers/:id/wallet', { params: { id: customerId }, query: {} }).then(
      (d) => live && setWallet(d.data),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [customerId]);

  const submit = async () => {
    const euros = eurosOf(amount);
    if (euros === null || euros <= 0) {
      setAmountError(T.amountInvalid);
      return;
    }
    setAmountError(null);
    const orderId = orderText.trim() === '' ? undefined : Number(orderText.trim());
    if (orderId !== undefined && !(Number.isInteger(orderId) && orderId > 0)) {
      setOrderError(T.orderInvalid);
      return;
    }
    setOrderError(null);
    try {
      const done = await adminAct('POST /admin/customers/:id/wallet-credit', {
        params: { id: customerId },
        body: { amount: euros, reason, ...(orderId === undefined ? {} : { orderId }) },
      });
      setWallet(done.data.data);
      setAmount('');
      setReason('');
      setOrderText('');
      notify(done.infos[0] ?? T.credited, { type: 'success' });
    } catch (error: unknown) {
      notify(error instanceof Error ? error.message : T.failed, { type: 'error' });
    }
  };

  return (
    <section aria-labelledby="customer-wallet">
      <Typography id="customer-wallet" variant="h6" component="h2">
        {T.title}
      </Typography>
      {failed ? <Alert severity="error">{T.failed}</Alert> : null}
      {wallet ? (
        <>
          <Typography sx={{ mb: 1 }}>
            {T.balance}: <strong data-testid="wallet-balance">{money(wallet.balance)}</strong>
          </Typography>
          <WalletMovements movements={wallet.movements} />
        </>
      ) : null}
      {canCredit ? (
        <Box
          component="form"
          aria-label={T.credit}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mt: 2 }}
        >
          <MuiTextField
            label={T.amountLabel}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={amountError !== null}
            helperText={amountError ?? T.amountHelp}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 10 } }}
            sx={{ flex: '0 1 180px' }}
          />
          <MuiTextField
            label={T.reason}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            helperText={T.reasonHelp}
            slotProps={{ htmlInput: { maxLength: 300 } }}
            sx={{ flex: '1 1 280px' }}
          />
          <MuiTextField
            label={T.orderLabel}
            value={orderText}
            onChange={(e) => setOrderText(e.target.value)}
            error={orderError !== null}
            helperText={orderError ?? T.orderHelp}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
            sx={{ flex: '0 1 220px' }}
          />
          <Button type="submit" variant="contained" sx={{ mt: 1 }}>
            {T.credit}
          </Button>
        </Box>
      ) : null}
    </section>
  );
}
