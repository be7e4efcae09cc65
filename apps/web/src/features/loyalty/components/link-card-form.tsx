import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { checkCardNumber } from '@spesa/shared/loyalty/card-number';
import { BarcodeScanner } from '../../../components/barcode-scanner';
import { FormAlert } from '../../../components/form-alert';
import { errorTexts } from '../../../lib/http';
import '../i18n';
import { useLinkCard } from '../api/link-card';

/**
 * Linking a card the chain issued (decision 038): its number (checked here as the server will: 13 digits,
 * the check digit, the chain's prefix, which also tells the card's type) and the holder's surname.
 */
export function LinkCardForm() {
  const { t } = useTranslation();
  const link = useLinkCard();
  const titleId = useId();
  const [number, setNumber] = useState('');
  const [lastName, setLastName] = useState('');
  const [numberError, setNumberError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [scanning, setScanning] = useState(false);
  const check = checkCardNumber(number);
  const guess = check.ok
    ? t('loyalty.card.link.guess', { type: t(`loyalty.card.type.${check.type}`) })
    : null;

  const submit = () => {
    const numberText = check.ok
      ? null
      : check.problem === 'notOurs'
        ? t('loyalty.card.link.numberNotOurs')
        : t('loyalty.card.link.numberFormat');
    const nameText = lastName.trim() ? null : t('loyalty.card.link.lastNameRequired');
    setNumberError(numberText);
    setNameError(nameText);
    setErrors([]);
    if (numberText || nameText) return;
    link.mutate(
      { cardNumber: number.replace(/\s+/g, ''), lastName: lastName.trim() },
      { onError: (err) => setErrors(errorTexts(err, t('loyalty.card.link.error'))) },
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2, maxWidth: 560 }}>
      <Typography component="h2" variant="h6" id={titleId} sx={{ mb: 1 }}>
        {t('loyalty.card.link.title')}
      </Typography>
      <FormAlert messages={errors} focus />
      <Box
        component="form"
        noValidate
        onSubmit={(e: React.FormEvent) => {
          e.preventDefault();
          submit();
        }}
        sx={{ display: 'grid', gap: 2 }}
      >
        <TextField
          label={t('loyalty.card.link.number')}
          value={number}
          onChange={(e) => {
            setNumber(e.target.value);
            setNumberError(null);
          }}
          error={numberError !== null}
          helperText={numberError ?? guess ?? t('loyalty.card.link.numberHelp')}
          autoComplete="off"
          required
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20, spellCheck: false } }}
        />
        <Box>
          <Button type="button" variant="outlined" onClick={() => setScanning(true)}>
            {t('loyalty.card.link.scan')}
          </Button>
        </Box>
        <BarcodeScanner
          open={scanning}
          title={t('loyalty.card.link.scanTitle')}
          accept={(code) => /^\d{13}$/.test(code)}
          onDetected={(code) => {
            setScanning(false);
            setNumber(code);
            setNumberError(null);
          }}
          onClose={() => setScanning(false)}
        />
        <TextField
          label={t('loyalty.card.link.lastName')}
          value={lastName}
          onChange={(e) => {
            setLastName(e.target.value);
            setNameError(null);
          }}
          error={nameError !== null}
          helperText={nameError ?? t('loyalty.card.link.lastNameHelp')}
          autoComplete="family-name"
          required
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={link.isPending}>
            {t('loyalty.card.link.submit')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
