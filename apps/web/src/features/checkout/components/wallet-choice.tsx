import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { parseEuroCents } from '@spesa/shared/format/price';
import { formatEuro } from '../utils/money';
import '../i18n';

/** What the customer asks to pay with the wallet: cents, or null while the amount typed is not valid. */
export type WalletPart = number | null;

const centsText = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/**
 * The checkout's wallet choice (decision 039), for a customer with credit. Ticked, it proposes the
 * most the wallet can pay (its balance, at most the order's total); the customer may lower it. The server
 * takes the part inside the purchase and refuses more than the balance or the total. A modified order starts
 * with the part it held (`initialCents`), which the balance given here already counts.
 */
export function WalletChoice({
  balanceCents,
  totalCents,
  initialCents = 0,
  onChange,
}: {
  balanceCents: number;
  totalCents: number;
  initialCents?: number;
  onChange: (part: WalletPart) => void;
}) {
  const { t } = useTranslation();
  const maxCents = Math.min(balanceCents, totalCents);
  const [use, setUse] = useState(initialCents > 0);
  const [text, setText] = useState(initialCents > 0 ? centsText(Math.min(initialCents, maxCents)) : '');
  const fieldId = useId();

  const cents = use ? parseEuroCents(text) : 0;
  const error =
    cents === null
      ? t('checkout.wallet.invalid')
      : cents > maxCents
        ? t('checkout.wallet.tooMuch', { max: formatEuro(maxCents / 100) })
        : null;
  const part: WalletPart = error ? null : (cents ?? 0);
  useEffect(() => onChange(part), [part, onChange]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
      <FormControlLabel
        control={
          <Checkbox
            checked={use}
            onChange={(e) => {
              setUse(e.target.checked);
              if (e.target.checked) setText(centsText(maxCents));
            }}
          />
        }
        label={t('checkout.wallet.use', { balance: formatEuro(balanceCents / 100) })}
      />
      {use ? (
        <TextField
          id={fieldId}
          label={t('checkout.wallet.amount')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={error !== null}
          helperText={error ?? t('checkout.wallet.help', { max: formatEuro(maxCents / 100) })}
          slotProps={{
            htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: 10 },
            input: { endAdornment: <Typography component="span">€</Typography> },
          }}
          sx={{ mt: 1, maxWidth: 260 }}
          fullWidth
        />
      ) : null}
    </Box>
  );
}
