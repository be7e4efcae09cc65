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
import type { AdminGiftCertificatesData } from '@spesa/shared/contracts/admin-loyalty';
import { useNotify } from 'react-admin';
import { adminAct, adminCall } from './api';
import { giftTexts as T } from './texts';
import { TIME_ZONE } from '@spesa/shared/time/rome';

const money = (n: number) => n.toLocaleString('it-IT', { style: 'currency', currency: 'EUR' });
const day = (ymd: string) =>
  new Date(`${ymd}T12:00:00Z`).toLocaleDateString('it-IT', { timeZone: TIME_ZONE });
/** "5,50" or "5.50" as euros; null when it is not an amount */
const eurosOf = (text: string): number | null => {
  const cents = parseEuroCents(text);
  return cents === null ? null : cents / 100;
};
type Gifts = AdminGiftCertificatesData['data']['userGiftCertificates'];

/**
 * A customer's personal gift certificates in the customer page (decision 040): every one with its state, and
 * for customer service a new one with its value, minimum spend and the reason the customer reads (audited).
 */
export function CustomerGiftCertificates({
  customerId,
  canGrant,
}: {
  customerId: number;
  canGrant: boolean;
}) {
  const [gifts, setGifts] = useState<Gifts | null>(null);
  const [failed, setFailed] = useState(false);
  const [amount, setAmount] = useState('');
  const [minSpend, setMinSpend] = useState('');
  const [reason, setReason] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [minSpendError, setMinSpendError] = useState<string | null>(null);
  const notify = useNotify();
  useEffect(() => {
    let live = true;
    adminCall('GET /admin/customers/:id/gift-certificates', { params: { id: customerId } }).then(
      (d) => live && setGifts(d.data.userGiftCertificates),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [customerId]);

  const submit = async () => {
    const euros = eurosOf(amount);
    const min = minSpend.trim() === '' ? 0 : eurosOf(minSpend);
    setAmountError(euros === null || euros <= 0 ? T.amountInvalid : null);
    setMinSpendError(min === null ? T.minSpendInvalid : null);
    if (euros === null || euros <= 0 || min === null) return;
    try {
      const done = await adminAct('POST /admin/customers/:id/gift-certificates', {
        params: { id: customerId },
        body: { amount: euros, minSpend: min, reason },
      });
      setGifts(done.data.data.userGiftCertificates);
      setAmount('');
      setMinSpend('');
      setReason('');
      notify(done.infos[0] ?? T.granted, { type: 'success' });
    } catch (error: unknown) {
      notify(error instanceof Error ? error.message : T.failed, { type: 'error' });
    }
  };

  return (
    <section aria-labelledby="customer-gifts">
      <Typography id="customer-gifts" variant="h6" component="h2">
        {T.title}
      </Typography>
      {failed ? <Alert severity="error">{T.failed}</Alert> : null}
      {gifts ? (
        gifts.length === 0 ? (
          <Typography>{T.none}</Typography>
        ) : (
          <Table size="small" aria-label={T.title}>
            <TableHead>
              <TableRow>
                <TableCell>{T.code}</TableCell>
                <TableCell>{T.reason}</TableCell>
                <TableCell align="right">{T.value}</TableCell>
                <TableCell align="right">{T.minSpend}</TableCell>
                <TableCell>{T.validTo}</TableCell>
                <TableCell>{T.state}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {gifts.map((g) => (
                <TableRow key={g.userGiftCertificateId}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{g.giftCertificate.code}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {g.reason ?? T.sources[g.source ?? 'manual']}
                  </TableCell>
                  <TableCell align="right">
                    {g.giftCertificate.kind === 'percent'
                      ? `${g.giftCertificate.value} %`
                      : money(g.giftCertificate.value)}
                  </TableCell>
                  <TableCell align="right">{money(g.giftCertificate.minSpend)}</TableCell>
                  <TableCell>{day(g.giftCertificate.validTo)}</TableCell>
                  <TableCell>
                    {g.state === 'used' && g.orderId ? T.usedIn(g.orderId) : T.states[g.state]}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )
      ) : null}
      {canGrant ? (
        <Box
          component="form"
          aria-label={T.grant}
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
            sx={{ flex: '0 1 160px' }}
          />
          <MuiTextField
            label={T.minSpendLabel}
            value={minSpend}
            onChange={(e) => setMinSpend(e.target.value)}
            error={minSpendError !== null}
            helperText={minSpendError ?? T.minSpendHelp}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 10 } }}
            sx={{ flex: '0 1 160px' }}
          />
          <MuiTextField
            label={T.reasonLabel}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            helperText={T.reasonHelp}
            slotProps={{ htmlInput: { maxLength: 300 } }}
            sx={{ flex: '1 1 260px' }}
          />
          <Button type="submit" variant="contained" sx={{ mt: 1 }}>
            {T.grant}
          </Button>
        </Box>
      ) : null}
    </section>
  );
}
