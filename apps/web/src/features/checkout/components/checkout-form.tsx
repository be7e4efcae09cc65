import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { PageLoading } from '../../../components/page-loading';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../lib/i18n';
import { ProfileDataForm } from '../../account/components/profile-data-form';
import { useCheckoutAmounts } from '../hooks/use-checkout-amounts';
import { useCheckoutForm, type MaybeCheckoutCart } from '../hooks/use-checkout-form';
import { useCheckoutSubmit } from '../hooks/use-checkout-submit';
import { useInvoiceChoice } from '../hooks/use-invoice-choice';
import { usePersonalData } from '../hooks/use-personal-data';
import { CheckoutLines } from './checkout-lines';
import { CheckoutOptions } from './checkout-options';
import { Section } from './checkout-section';
import { CheckoutSummary } from './checkout-summary';
import { DeliverySummary } from './delivery-summary';
import { GiftCodeBox } from './gift-code-box';
import { InvoiceChoice } from './invoice-choice';
import type { MealVoucherChoiceValue } from './meal-voucher-choice';
import type { WalletPart } from './wallet-choice';

/**
 * The checkout's sections in page order: delivery, lines, personal data still missing, gift code, invoice
 * (outside the form element: its "add invoice data" is a form of its own), then the form (bags, lottery code,
 * copy, meal vouchers, wallet, payment, rules) and the summary with "Conferma e paga".
 */
export function CheckoutForm({ cart }: { cart: MaybeCheckoutCart }) {
  const { t } = useTranslation();
  const checkout = cart.checkout;
  const [walletPart, setWalletPart] = useState<WalletPart>(0);
  const [mealVouchers, setMealVouchers] = useState<MealVoucherChoiceValue>(null);
  const invoice = useInvoiceChoice(checkout?.needInvoice ?? false);
  const form = useCheckoutForm(checkout, invoice.needInvoice);
  const { user, missing } = usePersonalData(checkout);
  const amounts = useCheckoutAmounts({
    cart,
    paymentTypes: form.payments.data,
    packagingTypes: form.packaging.data,
    paymentTypeId: form.paymentTypeId,
    packagingTypeId: form.packagingTypeId,
    mealVouchers,
    walletPart,
  });
  const { submit, general, setGeneral, busy, redirecting } = useCheckoutSubmit({
    cart,
    invoice,
    missing,
    walletPart,
    mealVouchers,
    vouchers: amounts.vouchers,
  });
  const applied = (cart.orderAdjustmentSummary?.orderAdjustments ?? []).map((a) => ({
    code: a.giftCertificate.code,
    name: a.giftCertificate.name,
    discount: a.discount,
  }));

  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 0, md: 3 },
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 340px' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        {checkout?.editingOrderId != null ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('checkout.editing', { orderId: checkout.editingOrderId })}
          </Alert>
        ) : null}
        <FormAlert messages={general} focus />

        <Section title={t('checkout.delivery.title')} id="checkout-delivery">
          <DeliverySummary cart={cart} />
        </Section>

        <Section title={t('checkout.lines.title', { count: cart.cartItems.length })} id="checkout-lines">
          <CheckoutLines lines={cart.cartItems} premiumProduct={checkout?.premiumProduct ?? null} />
        </Section>

        {missing.length > 0 ? (
          <Section title={t('checkout.personal.title')} id="checkout-personal">
            <Alert severity="warning" sx={{ mb: 2 }}>
              {missing.join(' ')}
            </Alert>
            {user ? <ProfileDataForm user={user} /> : <PageLoading />}
          </Section>
        ) : null}

        <Section title={t('checkout.gift.title')} id="checkout-gift">
          <GiftCodeBox applied={applied} />
        </Section>

        <Section title={t('checkout.invoice.title')} id="checkout-invoice">
          <InvoiceChoice
            needInvoice={invoice.needInvoice}
            onNeedInvoice={invoice.onNeedInvoice}
            personFiscalId={invoice.personFiscalId}
            onPersonFiscal={invoice.onPersonFiscal}
            error={invoice.error}
          />
        </Section>

        <CheckoutOptions
          control={form.control}
          cart={cart}
          packaging={form.packaging}
          payments={form.payments}
          amounts={amounts}
          needInvoice={invoice.needInvoice}
          busy={busy}
          onSubmit={(e) => void form.handleSubmit(submit, () => setGeneral([t('checkout.invalid')]))(e)}
          onMealVouchers={setMealVouchers}
          onWalletPart={setWalletPart}
        />
      </Box>

      <CheckoutSummary cart={cart} amounts={amounts} busy={busy} redirecting={redirecting} />
    </Box>
  );
}
