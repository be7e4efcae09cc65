import { useEffect, useMemo } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { rules } from '@spesa/shared/account/validation-rules';
import { LOTTERY_CODE_PATTERN, type CheckoutCart } from '@spesa/shared/contracts/checkout';
import type { Cart } from '@spesa/shared/contracts/cart';
import { useTranslation } from '../../../lib/i18n';
import { usePackagingTypes } from '../api/get-packaging-types';
import { usePaymentTypes } from '../api/get-payment-types';

/** The id of the checkout's form element: the summary's "Conferma e paga" submits it from outside. */
export const FORM_ID = 'checkout-form';

/** Adds the parts the checkout answers carry (absent from a plain cart view) as optional. */
export type MaybeCheckoutCart = Cart & Partial<Pick<CheckoutCart, 'checkout' | 'orderAdjustmentSummary'>>;

function buildSchema(t: (key: string) => string) {
  return z
    .object({
      packagingTypeId: z.string(),
      lotteryCode: z
        .string()
        .trim()
        .toUpperCase()
        .refine((v) => v === '' || LOTTERY_CODE_PATTERN.test(v), { error: t('checkout.lottery.invalid') }),
      extraEmail: rules.email(),
      paymentTypeId: z.string().min(1, t('checkout.payment.required')),
      acceptRules: z.boolean().refine((v) => v, { error: t('checkout.rules.required') }),
    })
    .strict();
}
type Schema = ReturnType<typeof buildSchema>;
export type CheckoutValues = z.input<Schema>;
export type CheckoutOutput = z.output<Schema>;
export type CheckoutControl = Control<CheckoutValues, unknown, CheckoutOutput>;

/**
 * The checkout's form (bags, lottery code, extra e-mail, payment type, rules) with the lists its choices
 * come from: the cart's or the default bag and the API's default payment type are chosen once the lists
 * arrive, and an invoice empties the lottery code (spec section 5).
 */
export function useCheckoutForm(checkout: CheckoutCart['checkout'] | undefined, needInvoice: boolean) {
  const { t } = useTranslation();
  const packaging = usePackagingTypes();
  const payments = usePaymentTypes();
  const schema = useMemo(() => buildSchema(t), [t]);
  const { control, handleSubmit, setValue, getValues } = useForm<CheckoutValues, unknown, CheckoutOutput>({
    resolver: zodResolver(schema),
    defaultValues: {
      packagingTypeId: checkout?.packagingTypeId != null ? String(checkout.packagingTypeId) : '',
      lotteryCode: checkout?.lotteryCode ?? '',
      extraEmail: checkout?.extraEmail ?? '',
      paymentTypeId: '',
      acceptRules: checkout?.rulesAccepted ?? false,
    },
  });
  const paymentTypeId = Number(useWatch({ control, name: 'paymentTypeId' })) || null;
  const packagingTypeId = Number(useWatch({ control, name: 'packagingTypeId' })) || null;

  // defaults once the lists arrive: the cart's or the default bag, the API's default payment type (12)
  useEffect(() => {
    if (!packaging.data || getValues('packagingTypeId')) return;
    const chosen = packaging.data.find((p) => p.selected) ?? packaging.data.find((p) => p.isDefault);
    if (chosen) setValue('packagingTypeId', String(chosen.packagingTypeId));
  }, [packaging.data, getValues, setValue]);
  useEffect(() => {
    if (!payments.data || getValues('paymentTypeId')) return;
    const usable = payments.data.paymentTypes.filter((p) => p.enabled);
    const chosen =
      usable.find((p) => p.paymentTypeId === payments.data.defaultPaymentTypeId) ??
      usable.find((p) => p.default) ??
      usable[0];
    if (chosen) setValue('paymentTypeId', String(chosen.paymentTypeId));
  }, [payments.data, getValues, setValue]);

  // an invoice excludes the lottery code (spec section 5)
  useEffect(() => {
    if (needInvoice) setValue('lotteryCode', '');
  }, [needInvoice, setValue]);

  return { control, handleSubmit, packaging, payments, paymentTypeId, packagingTypeId };
}
