import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { ApiError, errorTexts } from '../../../lib/http';
import { newIdempotencyKey, useBuy } from '../api/buy';
import { usePrepareCheckout } from '../api/prepare-checkout';
import { goToPaymentPage } from '../utils/go-to-payment-page';
import type { MealVoucherPreview } from '../utils/meal-voucher-preview';
import type { MealVoucherChoiceValue } from '../components/meal-voucher-choice';
import type { WalletPart } from '../components/wallet-choice';
import type { CheckoutOutput, MaybeCheckoutCart } from './use-checkout-form';
import type { InvoiceChoiceState } from './use-invoice-choice';

interface SubmitInput {
  cart: MaybeCheckoutCart;
  invoice: InvoiceChoiceState;
  missing: readonly string[];
  walletPart: WalletPart;
  mealVouchers: MealVoucherChoiceValue;
  vouchers: MealVoucherPreview;
}

/**
 * "Conferma e paga": the checks the page makes first (invoice holder, delivery, personal data, wallet, meal
 * vouchers), then prepare (lock) the cart and buy with one idempotency key per purchase. An online type sends
 * the browser to the provider's hosted page; the others go straight to the completed page.
 */
export function useCheckoutSubmit({
  cart,
  invoice,
  missing,
  walletPart,
  mealVouchers,
  vouchers,
}: SubmitInput) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const prepare = usePrepareCheckout();
  const buy = useBuy();
  const idempotencyKey = useRef<string | null>(null);
  const [general, setGeneral] = useState<string[]>([]);
  const [redirecting, setRedirecting] = useState(false);
  const { needInvoice, personFiscalId } = invoice;

  /** The first reason the page refuses to start the purchase, or null. */
  const refusal = (): string | null => {
    if (!(cart.shippingAddress && cart.timeslot))
      return cart.shippingAddress ? t('checkout.delivery.noSlot') : t('checkout.delivery.noAddress');
    if (missing.length > 0) return t('checkout.personalDataNeeded');
    if (walletPart === null) return t('checkout.wallet.invalid');
    if (mealVouchers && vouchers.refusal) return t(`checkout.mealVouchers.refusal.${vouchers.refusal}`);
    if (mealVouchers && needInvoice) return t('checkout.mealVouchers.refusal.invoice');
    return null;
  };

  const submit = async (values: CheckoutOutput) => {
    setGeneral([]);
    if (needInvoice && personFiscalId == null) {
      invoice.setError(t('checkout.invoice.chooseRequired'));
      document.getElementById('checkout-invoice-choice')?.focus();
      return;
    }
    const refused = refusal();
    if (refused !== null || walletPart === null) {
      setGeneral([refused ?? t('checkout.wallet.invalid')]);
      return;
    }
    try {
      await prepare.mutateAsync({
        accept_rules: values.acceptRules,
        packaging_type_id: values.packagingTypeId ? Number(values.packagingTypeId) : undefined,
        need_invoice: needInvoice,
        person_fiscal_id: needInvoice && personFiscalId != null ? personFiscalId : undefined,
        lottery_code: needInvoice ? '' : values.lotteryCode,
        extra_email: values.extraEmail,
        meal_vouchers: mealVouchers
          ? {
              count: mealVouchers.count,
              kind: mealVouchers.kind,
              face_value: mealVouchers.faceValueCents / 100,
            }
          : null,
      });
      idempotencyKey.current ??= newIdempotencyKey();
      const answer = await buy.mutateAsync({
        paymentTypeId: Number(values.paymentTypeId),
        walletCents: walletPart,
        idempotencyKey: idempotencyKey.current,
      });
      if (answer.paymentUrl) {
        // the provider's hosted page: a full page navigation (it sends the browser back to /checkout/completed)
        setRedirecting(true);
        goToPaymentPage(answer.paymentUrl);
        return;
      }
      idempotencyKey.current = null;
      void queryClient.invalidateQueries({ queryKey: ['account'] });
      await navigate(`/checkout/completed/success?order_id=${answer.orderId}`);
    } catch (error) {
      // the server refused (not a lost answer): the next attempt is a new purchase
      if (error instanceof ApiError && error.httpStatus !== 0) idempotencyKey.current = null;
      setGeneral(errorTexts(error, t('toast.genericError')));
    }
  };

  const busy = prepare.isPending || buy.isPending || redirecting;
  return { submit, general, setGeneral, busy, redirecting };
}
