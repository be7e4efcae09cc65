import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { useTranslation } from '../../../lib/i18n';
import { FORM_ID, type MaybeCheckoutCart } from '../hooks/use-checkout-form';
import type { CheckoutAmounts } from '../hooks/use-checkout-amounts';
import { formatEuro } from '../utils/money';

function SummaryRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  const sx = strong ? { fontWeight: 700, fontSize: 18, pt: 1 } : {};
  return (
    <>
      <Typography component="dt" sx={sx}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, textAlign: 'right', ...sx }}>
        {value}
      </Typography>
    </>
  );
}

/** The amounts: items, discounts, delivery fee, bags, the total and what the wallet and meal vouchers pay. */
function SummaryAmounts({ cart, amounts }: { cart: MaybeCheckoutCart; amounts: CheckoutAmounts }) {
  const { t } = useTranslation();
  const checkout = cart.checkout;
  const premiumProduct = checkout?.premiumProduct ?? null;
  const { totals, vouchers, totalEuros, voucherEuros, walletEuros } = amounts;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5 }}>
      <SummaryRow label={t('checkout.summary.items')} value={formatEuro(totals.items)} />
      {totals.giftDiscount > 0 ? (
        <SummaryRow label={t('checkout.summary.discount')} value={`-${formatEuro(totals.giftDiscount)}`} />
      ) : null}
      {premiumProduct && premiumProduct.discount > 0 ? (
        <SummaryRow
          label={t('checkout.summary.premiumProduct', { percent: premiumProduct.percent })}
          value={`-${formatEuro(premiumProduct.discount)}`}
        />
      ) : null}
      <SummaryRow
        label={t('checkout.summary.fee')}
        value={
          totals.deliveryFee > 0
            ? formatEuro(totals.deliveryFee)
            : checkout?.premiumFreeDelivery
              ? t('checkout.summary.premiumFree')
              : t('checkout.summary.free')
        }
      />
      <SummaryRow label={t('checkout.summary.bags')} value={formatEuro(totals.bags)} />
      {vouchers.serviceCostCents > 0 ? (
        <SummaryRow
          label={t('checkout.summary.mealVoucherCost')}
          value={formatEuro(vouchers.serviceCostCents / 100)}
        />
      ) : null}
      <SummaryRow label={t('checkout.summary.total')} value={formatEuro(totalEuros)} strong />
      {voucherEuros > 0 ? (
        <SummaryRow label={t('checkout.summary.mealVouchers')} value={`-${formatEuro(voucherEuros)}`} />
      ) : null}
      {walletEuros > 0 ? (
        <SummaryRow label={t('checkout.summary.wallet')} value={`-${formatEuro(walletEuros)}`} />
      ) : null}
      {walletEuros > 0 || voucherEuros > 0 ? (
        <SummaryRow
          label={t('checkout.summary.toPay')}
          value={formatEuro(Math.max(0, totalEuros - voucherEuros - walletEuros))}
        />
      ) : null}
      {amounts.online ? (
        <SummaryRow
          label={t('checkout.summary.prebilled')}
          value={formatEuro(Math.max(0, vouchers.prebilledCents / 100 - walletEuros))}
        />
      ) : null}
    </Box>
  );
}

interface CheckoutSummaryProps {
  cart: MaybeCheckoutCart;
  amounts: CheckoutAmounts;
  busy: boolean;
  redirecting: boolean;
}

/** The summary beside the form, with "Conferma e paga" (it submits the form) and a status for screen readers. */
export function CheckoutSummary({ cart, amounts, busy, redirecting }: CheckoutSummaryProps) {
  const { t } = useTranslation();
  return (
    <Paper
      component="aside"
      variant="outlined"
      aria-labelledby="checkout-summary"
      sx={{ p: { xs: 2, md: 3 }, position: { md: 'sticky' }, top: { md: 16 } }}
    >
      <Typography component="h2" variant="h6" id="checkout-summary" sx={{ mb: 1 }}>
        {t('checkout.summary.title')}
      </Typography>
      <SummaryAmounts cart={cart} amounts={amounts} />
      {amounts.online ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {t('checkout.summary.prebilledHelp')}
        </Typography>
      ) : null}
      <Button
        type="submit"
        form={FORM_ID}
        variant="contained"
        size="large"
        fullWidth
        disabled={busy}
        sx={{ mt: 2 }}
      >
        {redirecting ? t('checkout.redirecting') : busy ? t('checkout.submitting') : t('checkout.submit')}
      </Button>
      <div role="status">
        <VisuallyHidden>
          {busy ? (redirecting ? t('checkout.redirecting') : t('checkout.submitting')) : ''}
        </VisuallyHidden>
      </div>
    </Paper>
  );
}
