import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MealVoucherDeclaration, MealVoucherKind } from '@spesa/shared/checkout/meal-vouchers';
import { mealVoucherServiceCostPercent } from '@spesa/shared/checkout/meal-vouchers';
import type { MealVouchers } from '@spesa/shared/contracts/order-shape';
import { parseEuroCents } from '@spesa/shared/format/price';
import type { MealVoucherPreview } from '../utils/meal-voucher-preview';
import { formatEuro } from '../utils/money';
import '../i18n';

/** What the customer declares: null while the section is not ticked. */
export type MealVoucherChoiceValue = MealVoucherDeclaration | null;

const centsText = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
const percentText = (kind: MealVoucherKind) => String(mealVoucherServiceCostPercent(kind)).replace('.', ',');

/**
 * The checkout's "Buoni pasto" section (decision 047): ticked, the customer says how many electronic vouchers,
 * of which kind and face value, will be handed over at delivery or pickup, and reads what they cover, their
 * service cost and what the card holds for the rest. The preview follows the shared rules; the server checks
 * them again at prepare.
 */
export function MealVoucherChoice({
  saved,
  preview,
  foodEuro,
  withInvoice,
  onChange,
}: {
  /** the declaration the cart already holds */
  saved: MealVouchers | null;
  preview: MealVoucherPreview;
  foodEuro: number;
  withInvoice: boolean;
  onChange: (value: MealVoucherChoiceValue) => void;
}) {
  const { t } = useTranslation();
  const [use, setUse] = useState(saved !== null);
  const [count, setCount] = useState(saved ? String(saved.count) : '');
  const [kind, setKind] = useState<MealVoucherKind>(saved?.kind ?? 'unlimited');
  const [faceText, setFaceText] = useState(saved ? centsText(Math.round(saved.faceValue * 100)) : '');
  const countId = useId();
  const faceId = useId();
  const kindLabelId = useId();

  const countNumber = /^\s*-?\d+\s*$/.test(count) ? Number(count) : 0;
  const faceValueCents = parseEuroCents(faceText) ?? 0;
  useEffect(() => {
    onChange(use ? { count: countNumber, kind, faceValueCents } : null);
  }, [use, countNumber, kind, faceValueCents, onChange]);

  const refusal = use ? preview.refusal : null;
  const countError = refusal === 'none' || refusal === 'tooMany';
  const faceError = refusal === 'faceValue';
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('checkout.mealVouchers.intro')}
      </Typography>
      <FormControlLabel
        control={<Checkbox checked={use} onChange={(e) => setUse(e.target.checked)} />}
        label={t('checkout.mealVouchers.use')}
      />
      {use ? (
        <Box sx={{ mt: 1, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextField
              id={countId}
              label={t('checkout.mealVouchers.count')}
              value={count}
              onChange={(e) => setCount(e.target.value)}
              error={countError}
              helperText={
                countError
                  ? t(`checkout.mealVouchers.refusal.${refusal}`)
                  : t('checkout.mealVouchers.countHelp')
              }
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 2 } }}
              sx={{ maxWidth: 200 }}
            />
            <TextField
              id={faceId}
              label={t('checkout.mealVouchers.faceValue')}
              value={faceText}
              onChange={(e) => setFaceText(e.target.value)}
              error={faceError}
              helperText={
                faceError
                  ? t('checkout.mealVouchers.refusal.faceValue')
                  : t('checkout.mealVouchers.faceValueHelp')
              }
              slotProps={{
                htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: 6 },
                input: { endAdornment: <Typography component="span">€</Typography> },
              }}
              sx={{ maxWidth: 240 }}
            />
          </Box>
          <FormControl component="fieldset">
            <FormLabel component="legend" id={kindLabelId} sx={{ mb: 1 }}>
              {t('checkout.mealVouchers.kind')}
            </FormLabel>
            <RadioGroup
              name="meal-voucher-kind"
              value={kind}
              onChange={(_, v) => setKind(v === 'multi_use' ? 'multi_use' : 'unlimited')}
            >
              <FormControlLabel
                value="unlimited"
                control={<Radio />}
                label={`${t('checkout.mealVouchers.kindUnlimited')} – ${t('checkout.mealVouchers.kindUnlimitedDetail')}`}
              />
              <FormControlLabel
                value="multi_use"
                control={<Radio />}
                label={`${t('checkout.mealVouchers.kindMultiUse')} – ${t('checkout.mealVouchers.kindMultiUseDetail')}`}
              />
            </RadioGroup>
          </FormControl>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('checkout.mealVouchers.foodTotal', { amount: formatEuro(foodEuro) })}
          </Typography>
          {refusal && !countError && !faceError ? (
            <Alert severity="warning" role="status">
              {t(`checkout.mealVouchers.refusal.${refusal}`)}
            </Alert>
          ) : null}
          {withInvoice ? (
            <Alert severity="warning" role="status">
              {t('checkout.mealVouchers.refusal.invoice')}
            </Alert>
          ) : null}
          {!refusal ? (
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5, maxWidth: 420 }}
            >
              <Typography component="dt">{t('checkout.mealVouchers.covered')}</Typography>
              <Typography component="dd" sx={{ m: 0, textAlign: 'right' }}>
                {formatEuro(preview.coveredCents / 100)}
              </Typography>
              <Typography component="dt">
                {t('checkout.mealVouchers.serviceCost', { percent: percentText(kind) })}
              </Typography>
              <Typography component="dd" sx={{ m: 0, textAlign: 'right' }}>
                {formatEuro(preview.serviceCostCents / 100)}
              </Typography>
            </Box>
          ) : null}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('checkout.mealVouchers.noDiscounts')}
          </Typography>
        </Box>
      ) : null}
    </Box>
  );
}
