import type { FormEventHandler } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { PageLoading } from '../../../components/page-loading';
import { FormAlert } from '../../../components/form-alert';
import { FormCheckbox, FormTextField } from '../../../components/form-fields';
import { useTranslation } from '../../../lib/i18n';
import { ConditionsLink } from '../../content/components/conditions-link';
import type { usePackagingTypes } from '../api/get-packaging-types';
import type { usePaymentTypes } from '../api/get-payment-types';
import { FORM_ID, type CheckoutControl, type MaybeCheckoutCart } from '../hooks/use-checkout-form';
import type { CheckoutAmounts } from '../hooks/use-checkout-amounts';
import { formatEuro } from '../utils/money';
import { ChoiceGroup } from './choice-group';
import { Section } from './checkout-section';
import { MealVoucherChoice, type MealVoucherChoiceValue } from './meal-voucher-choice';
import { WalletChoice, type WalletPart } from './wallet-choice';

/** The shopping bags: one choice each, with its estimated count and price. */
function BagsSection({
  control,
  packaging,
}: {
  control: CheckoutControl;
  packaging: ReturnType<typeof usePackagingTypes>;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('checkout.bags.title')} id="checkout-bags">
      {packaging.isError ? <FormAlert messages={[t('checkout.bags.loadError')]} /> : null}
      {packaging.data ? (
        <ChoiceGroup
          control={control}
          name="packagingTypeId"
          legend={t('checkout.bags.legend')}
          options={packaging.data.map((p) => ({
            value: String(p.packagingTypeId),
            label: p.name,
            detail: t('checkout.bags.estimate', {
              price: formatEuro(p.price),
              count: p.estimatedBags,
              total: formatEuro(p.estimatedTotal),
            }),
            disabled: false,
          }))}
        />
      ) : packaging.isPending ? (
        <PageLoading />
      ) : null}
    </Section>
  );
}

/** The payment types offered for this cart; one not available now is shown, disabled, with the reason. */
function PaymentSection({
  control,
  payments,
}: {
  control: CheckoutControl;
  payments: ReturnType<typeof usePaymentTypes>;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('checkout.payment.title')} id="checkout-payment">
      {payments.isError ? <FormAlert messages={[t('checkout.payment.loadError')]} /> : null}
      {payments.data ? (
        <ChoiceGroup
          control={control}
          name="paymentTypeId"
          legend={t('checkout.payment.legend')}
          options={payments.data.paymentTypes.map((p) => ({
            value: String(p.paymentTypeId),
            label: p.name,
            detail: p.enabled ? p.descr : `${p.descr} (${t('checkout.payment.notAvailable')})`,
            disabled: !p.enabled,
          }))}
        />
      ) : payments.isPending ? (
        <PageLoading />
      ) : null}
    </Section>
  );
}

interface CheckoutOptionsProps {
  control: CheckoutControl;
  cart: MaybeCheckoutCart;
  packaging: ReturnType<typeof usePackagingTypes>;
  payments: ReturnType<typeof usePaymentTypes>;
  amounts: CheckoutAmounts;
  needInvoice: boolean;
  busy: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onMealVouchers: (value: MealVoucherChoiceValue) => void;
  onWalletPart: (value: WalletPart) => void;
}

/**
 * The checkout's form element: bags, lottery code, extra e-mail for the copy, meal vouchers, wallet, payment
 * type and the rules. The summary's "Conferma e paga" submits it.
 */
export function CheckoutOptions(props: CheckoutOptionsProps) {
  const { control, cart, amounts, needInvoice } = props;
  const { t } = useTranslation();
  const checkout = cart.checkout;
  const { vouchers } = amounts;
  return (
    <Box component="form" id={FORM_ID} noValidate aria-busy={props.busy} onSubmit={props.onSubmit}>
      <BagsSection control={control} packaging={props.packaging} />

      <Section title={t('checkout.lottery.title')} id="checkout-lottery">
        <FormTextField
          control={control}
          name="lotteryCode"
          label={t('checkout.lottery.label')}
          helperText={needInvoice ? t('checkout.lottery.withInvoice') : t('checkout.lottery.help')}
          transform={(v) => v.toUpperCase()}
          maxLength={8}
          disabled={needInvoice}
          autoComplete="off"
        />
      </Section>

      <Section title={t('checkout.copy.title')} id="checkout-copy">
        <FormTextField
          control={control}
          name="extraEmail"
          type="email"
          label={t('checkout.copy.label')}
          helperText={t('checkout.copy.help')}
          autoComplete="email"
        />
      </Section>

      <Section title={t('checkout.mealVouchers.title')} id="checkout-meal-vouchers">
        <MealVoucherChoice
          saved={checkout?.mealVouchers ?? null}
          preview={vouchers}
          foodEuro={checkout?.foodTotal ?? 0}
          withInvoice={needInvoice}
          onChange={props.onMealVouchers}
        />
      </Section>

      {amounts.walletBalanceCents > 0 ? (
        <Section title={t('checkout.wallet.title')} id="checkout-wallet">
          <WalletChoice
            balanceCents={amounts.walletBalanceCents}
            totalCents={vouchers.totalCents - vouchers.coveredCents}
            initialCents={amounts.walletHeldCents}
            onChange={props.onWalletPart}
          />
        </Section>
      ) : null}

      <PaymentSection control={control} payments={props.payments} />

      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 2 }}>
        {/* before the box: from the box, Tab still reaches "Conferma e paga" */}
        <ConditionsLink label={t('checkout.rules.link')} />
        <FormCheckbox control={control} name="acceptRules" required label={t('checkout.rules.label')} />
      </Paper>
    </Box>
  );
}
