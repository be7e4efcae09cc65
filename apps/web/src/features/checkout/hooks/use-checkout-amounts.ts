import type { PackagingProduct } from '@spesa/shared/contracts/checkout';
import type { PaymentTypeList } from '../api/get-payment-types';
import { usePrebilledAmount } from '../api/get-prebilled-amount';
import { useWallet } from '../../loyalty/api/get-wallet';
import { checkoutTotals } from '../utils/checkout-totals';
import { mealVoucherPreview } from '../utils/meal-voucher-preview';
import type { MealVoucherChoiceValue } from '../components/meal-voucher-choice';
import type { WalletPart } from '../components/wallet-choice';
import type { MaybeCheckoutCart } from './use-checkout-form';

interface AmountsInput {
  cart: MaybeCheckoutCart;
  paymentTypes: PaymentTypeList | undefined;
  packagingTypes: PackagingProduct[] | undefined;
  paymentTypeId: number | null;
  packagingTypeId: number | null;
  mealVouchers: MealVoucherChoiceValue;
  walletPart: WalletPart;
}

/**
 * The amounts of the summary: the cart's totals with the chosen bag and the payment type's pre-billed
 * amount, the meal vouchers being declared (decision 047: their service cost joins the total, what they pay
 * leaves the amount the payment type takes) and the wallet's part and balance.
 */
export function useCheckoutAmounts(input: AmountsInput) {
  const { cart, paymentTypeId, packagingTypeId, mealVouchers, walletPart } = input;
  const checkout = cart.checkout;
  const selectedPayment = input.paymentTypes?.paymentTypes.find((p) => p.paymentTypeId === paymentTypeId);
  const prebilled = usePrebilledAmount(paymentTypeId, paymentTypeId != null);
  const bag = input.packagingTypes?.find((p) => p.packagingTypeId === packagingTypeId) ?? null;
  const totals = checkoutTotals(cart, prebilled.data ?? null, bag);
  const vouchers = mealVoucherPreview(
    mealVouchers,
    {
      itemsEuro: totals.items,
      foodEuro: checkout?.foodTotal ?? 0,
      totalEuro: totals.total,
      prebilledEuro: totals.prebilled,
    },
    checkout?.mealVouchers ?? null,
  );
  const wallet = useWallet(1);
  // a modified order's wallet part is given back when it is bought again: usable for it once more
  const walletHeldCents = Math.round((checkout?.walletHeld ?? 0) * 100);
  const walletBalanceCents = Math.round((wallet.data?.balance ?? 0) * 100) + walletHeldCents;
  return {
    online: Boolean(selectedPayment?.online),
    totals,
    vouchers,
    totalEuros: vouchers.totalCents / 100,
    voucherEuros: vouchers.coveredCents / 100,
    walletEuros: (walletPart ?? 0) / 100,
    walletHeldCents,
    walletBalanceCents,
  };
}

export type CheckoutAmounts = ReturnType<typeof useCheckoutAmounts>;
