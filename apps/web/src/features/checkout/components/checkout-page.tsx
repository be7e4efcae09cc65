import { ConditionsLink } from '../../content/components/conditions-link';
import '../i18n';
import '../../delivery/i18n';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { rules } from '@spesa/shared/account/validation-rules';
import {
  LOTTERY_CODE_PATTERN,
  PERSONAL_DATA_MISSING_CODE,
  type CheckoutCart,
} from '@spesa/shared/contracts/checkout';
import type { PersonFiscal } from '@spesa/shared/contracts/account';
import type { Cart, CartItem } from '@spesa/shared/contracts/cart';
import { CART_STATUS } from '@spesa/shared/delivery/constants';
import { PageLoading } from '../../../components/page-loading';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { useDocumentTitle } from '../../../components/use-document-title';
import { ApiError, errorTexts } from '../../../lib/http';
import { useCart } from '../../cart/api/get-cart';
import { useCheckoutCart } from '../api/get-checkout-cart';
import { checkoutKeys } from '../api/query-keys';
import { usePersonFiscals } from '../../account/api/get-person-fiscals';
import { useUserDetail } from '../../account/api/get-user-detail';
import { FormAlert } from '../../../components/form-alert';
import { FormCheckbox, FormTextField } from '../../../components/form-fields';
import { PersonFiscalForm } from '../../account/components/invoice-data';
import { ProfileDataForm } from '../../account/components/profile-data-form';
import { openAddressSelector, openTimeslotPicker } from '../../../lib/delivery-dialog-store';
import { longDay, slotRange } from '../../delivery/utils/format-slot';
import { newIdempotencyKey, useBuy } from '../api/buy';
import { usePackagingTypes } from '../api/get-packaging-types';
import { usePaymentTypes } from '../api/get-payment-types';
import { usePrebilledAmount } from '../api/get-prebilled-amount';
import { usePrepareCheckout } from '../api/prepare-checkout';
import { checkoutTotals } from '../utils/checkout-totals';
import { goToPaymentPage } from '../utils/go-to-payment-page';
import { formatEuro } from '../utils/money';
import { useWallet } from '../../loyalty/api/get-wallet';
import { GiftCodeBox } from './gift-code-box';
import { WalletChoice, type WalletPart } from './wallet-choice';
import { MealVoucherChoice, type MealVoucherChoiceValue } from './meal-voucher-choice';
import { mealVoucherPreview } from '../utils/meal-voucher-preview';
import { useFocusOnArrival } from '../../../components/use-focus-on-arrival';

const FORM_ID = 'checkout-form';

const AlternativesDialog = lazy(() => import('../../cart/components/alternatives-dialog'));

/** An unavailable line's alternatives (issue 20): the cart's dialog, one of them into the cart. */
function SeeAlternatives({ item }: { item: CartItem }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        sx={{ px: 0 }}
        onClick={() => setOpen(true)}
        aria-label={t('checkout.lines.alternativesLabel', { name: item.product.name })}
      >
        {t('checkout.lines.alternatives')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <AlternativesDialog item={item} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

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
type Values = z.input<Schema>;

/** Adds the parts the checkout answers carry (absent from a plain cart view) as optional. */
type MaybeCheckoutCart = Cart & Partial<Pick<CheckoutCart, 'checkout' | 'orderAdjustmentSummary'>>;

/**
 * /checkout (spec section 2 checkout, section 7 "Cart and checkout"): the delivery summary, the lines and
 * totals, personal data still missing, bags, gift code, invoice, lottery code, extra e-mail for the copy,
 * payment type, the rules; "Conferma e paga" prepares (locks) the cart then buys. An online type sends
 * the browser to the provider's hosted page; the others go straight to the completed page.
 */
export function CheckoutPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('checkout.title'));
  const cartQuery = useCheckoutCart();
  const cart = cartQuery.data;
  // the delivery dialogs change the header's cart: when its address or slot differs, the checkout reads again
  const plainCart = useCart();
  const queryClient = useQueryClient();
  const plainPlace = plainCart.data ? deliveryKey(plainCart.data) : null;
  const checkoutPlace = cart ? deliveryKey(cart) : null;
  useEffect(() => {
    if (plainPlace !== null && checkoutPlace !== null && plainPlace !== checkoutPlace)
      void queryClient.invalidateQueries({ queryKey: checkoutKeys.cart() });
  }, [plainPlace, checkoutPlace, queryClient]);

  if (cartQuery.isPending) return <PageLoading />;
  if (cartQuery.isError || !cart)
    return (
      <Shell>
        <FormAlert messages={[t('checkout.loadError')]} />
      </Shell>
    );
  if (cart.cartItems.length === 0 && cart.checkout?.editingOrderId == null)
    return (
      <Shell>
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('checkout.empty')}
        </Alert>
        <Button component={RouterLink} to="/" variant="contained">
          {t('checkout.backToShop')}
        </Button>
      </Shell>
    );
  return (
    <Shell>
      <CheckoutForm cart={cart} />
    </Shell>
  );
}

/** The server's texts about missing personal data, picked by their code. */
function personalDataMissing(checkout: CheckoutCart['checkout'] | undefined): string[] {
  if (!checkout) return [];
  return checkout.missing.filter((_, i) => checkout.missingCodes[i] === PERSONAL_DATA_MISSING_CODE);
}

const deliveryKey = (c: Cart) =>
  `${c.deliveryServiceId ?? ''}|${c.shippingAddress?.addressId ?? ''}|${c.timeslot?.date ?? ''}|${c.timeslot?.timeslotId ?? ''}`;

function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  // reached from "Vai alla cassa" (the cart's drawer or page): the next Tab starts in the checkout
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(heading, 'navigation');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography ref={heading} tabIndex={-1} variant="h1" sx={{ fontSize: { xs: 28, md: 34 }, mb: 2 }}>
        {t('checkout.title')}
      </Typography>
      {children}
    </Container>
  );
}

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, md: 3 }, mb: 2 }}>
      <Typography component="h2" variant="h6" id={id} sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function CheckoutForm({ cart }: { cart: MaybeCheckoutCart }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const packaging = usePackagingTypes();
  const payments = usePaymentTypes();
  const prepare = usePrepareCheckout();
  const buy = useBuy();
  const idempotencyKey = useRef<string | null>(null);
  const [general, setGeneral] = useState<string[]>([]);
  const [walletPart, setWalletPart] = useState<WalletPart>(0);
  const [mealVouchers, setMealVouchers] = useState<MealVoucherChoiceValue>(null);
  const [redirecting, setRedirecting] = useState(false);

  // invoice: outside the form element (its "add invoice data" is a form of its own)
  const checkout = cart.checkout;
  const [needInvoice, setNeedInvoice] = useState(checkout?.needInvoice ?? false);
  const [personFiscalId, setPersonFiscalId] = useState<number | null>(null);
  const [invoiceError, setInvoiceError] = useState<string | null>(null);

  const schema = useMemo(() => buildSchema(t), [t]);
  const { control, handleSubmit, setValue, getValues } = useForm<Values, unknown, z.output<Schema>>({
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

  // personal data saved above: the cart's list of what is missing is read again
  const userDetail = useUserDetail();
  // the server lists everything still missing (rules, slot...) with a code for each; the personal data get
  // a form of their own
  const missing = personalDataMissing(checkout);
  const userUpdatedAt = userDetail.dataUpdatedAt;
  const firstUpdate = useRef(userUpdatedAt);
  useEffect(() => {
    if (userUpdatedAt !== firstUpdate.current) {
      firstUpdate.current = userUpdatedAt;
      void queryClient.invalidateQueries({ queryKey: checkoutKeys.cart() });
    }
  }, [userUpdatedAt, queryClient]);

  const selectedPayment = payments.data?.paymentTypes.find((p) => p.paymentTypeId === paymentTypeId);
  const prebilled = usePrebilledAmount(paymentTypeId, paymentTypeId != null);
  const bag = packaging.data?.find((p) => p.packagingTypeId === packagingTypeId) ?? null;
  const totals = checkoutTotals(cart, prebilled.data ?? null, bag);
  // the meal vouchers being declared (decision 047): their service cost joins the total, what they pay leaves
  // the amount the payment type takes
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
  const totalEuros = vouchers.totalCents / 100;
  const voucherEuros = vouchers.coveredCents / 100;
  const walletEuros = (walletPart ?? 0) / 100;
  const wallet = useWallet(1);
  // a modified order's wallet part is given back when it is bought again: usable for it once more
  const walletHeldCents = Math.round((checkout?.walletHeld ?? 0) * 100);
  const walletBalanceCents = Math.round((wallet.data?.balance ?? 0) * 100) + walletHeldCents;

  const lines = cart.cartItems;
  // the premium 20 % product (decision 043): the server's discount of its lines, shown on the line (one line
  // of the product, as the cart keeps it) and in the summary
  const premiumProduct = cart.checkout?.premiumProduct ?? null;
  const premiumLineTotal = (grossTotal: number) =>
    Math.max(0, Math.round(grossTotal * 100) - Math.round((premiumProduct?.discount ?? 0) * 100)) / 100;
  const applied = (cart.orderAdjustmentSummary?.orderAdjustments ?? []).map((a) => ({
    code: a.giftCertificate.code,
    name: a.giftCertificate.name,
    discount: a.discount,
  }));
  const deliveryReady = Boolean(cart.shippingAddress && cart.timeslot);
  const busy = prepare.isPending || buy.isPending || redirecting;

  const submit = async (values: z.output<Schema>) => {
    setGeneral([]);
    if (needInvoice && personFiscalId == null) {
      setInvoiceError(t('checkout.invoice.chooseRequired'));
      document.getElementById('checkout-invoice-choice')?.focus();
      return;
    }
    if (!deliveryReady) {
      setGeneral([cart.shippingAddress ? t('checkout.delivery.noSlot') : t('checkout.delivery.noAddress')]);
      return;
    }
    if (missing.length > 0) {
      setGeneral([t('checkout.personalDataNeeded')]);
      return;
    }
    if (walletPart === null) {
      setGeneral([t('checkout.wallet.invalid')]);
      return;
    }
    if (mealVouchers && vouchers.refusal) {
      setGeneral([t(`checkout.mealVouchers.refusal.${vouchers.refusal}`)]);
      return;
    }
    if (mealVouchers && needInvoice) {
      setGeneral([t('checkout.mealVouchers.refusal.invoice')]);
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

        <Section title={t('checkout.lines.title', { count: lines.length })} id="checkout-lines">
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {lines.map((line) => (
              <Box
                component="li"
                key={line.itemId}
                sx={{
                  display: 'flex',
                  gap: 2,
                  py: 1,
                  borderTop: 1,
                  borderColor: 'divider',
                  '&:first-of-type': { borderTop: 0 },
                  alignItems: 'center',
                }}
              >
                {line.product.mediaURL ? (
                  <Box
                    component="img"
                    src={line.product.mediaURL}
                    alt=""
                    width={48}
                    height={48}
                    loading="lazy"
                    sx={{ objectFit: 'contain', flex: '0 0 48px' }}
                  />
                ) : null}
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {line.product.name}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('checkout.lines.quantity', {
                      quantity: formatQuantity(line.quantity, line.weight != null ? 'kg' : ''),
                    })}
                    {line.available ? '' : ` · ${t('checkout.lines.unavailable')}`}
                  </Typography>
                  {line.available ? null : <SeeAlternatives item={line} />}
                </Box>
                {premiumProduct?.productId === line.product.productId && line.available ? (
                  <Typography
                    variant="body2"
                    sx={{ fontWeight: 500, whiteSpace: 'nowrap', textAlign: 'right' }}
                    data-testid="premium-product-line"
                  >
                    <Box component="span" sx={{ display: 'block', color: 'success.dark' }}>
                      {t('checkout.lines.premiumProduct', { percent: premiumProduct.percent })}
                    </Box>
                    <VisuallyHidden>
                      {t('checkout.lines.premiumProductPrice', {
                        price: formatEuro(premiumLineTotal(line.grossTotal)),
                        standard: formatEuro(line.grossTotal),
                      })}
                    </VisuallyHidden>
                    <Box component="s" aria-hidden sx={{ color: 'text.secondary', mr: 1 }}>
                      {formatEuro(line.grossTotal)}
                    </Box>
                    <Box component="span" aria-hidden>
                      {formatEuro(premiumLineTotal(line.grossTotal))}
                    </Box>
                  </Typography>
                ) : (
                  <Typography variant="body2" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
                    {formatEuro(line.grossTotal)}
                  </Typography>
                )}
              </Box>
            ))}
          </Box>
        </Section>

        {missing.length > 0 ? (
          <Section title={t('checkout.personal.title')} id="checkout-personal">
            <Alert severity="warning" sx={{ mb: 2 }}>
              {missing.join(' ')}
            </Alert>
            {userDetail.data ? <ProfileDataForm user={userDetail.data} /> : <PageLoading />}
          </Section>
        ) : null}

        <Section title={t('checkout.gift.title')} id="checkout-gift">
          <GiftCodeBox applied={applied} />
        </Section>

        <Section title={t('checkout.invoice.title')} id="checkout-invoice">
          <InvoiceChoice
            needInvoice={needInvoice}
            onNeedInvoice={(v) => {
              setNeedInvoice(v);
              setInvoiceError(null);
            }}
            personFiscalId={personFiscalId}
            onPersonFiscal={(id) => {
              setPersonFiscalId(id);
              setInvoiceError(null);
            }}
            error={invoiceError}
          />
        </Section>

        <Box
          component="form"
          id={FORM_ID}
          noValidate
          aria-busy={busy}
          onSubmit={(e) => void handleSubmit(submit, () => setGeneral([t('checkout.invalid')]))(e)}
        >
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
              onChange={setMealVouchers}
            />
          </Section>

          {walletBalanceCents > 0 ? (
            <Section title={t('checkout.wallet.title')} id="checkout-wallet">
              <WalletChoice
                balanceCents={walletBalanceCents}
                totalCents={vouchers.totalCents - vouchers.coveredCents}
                initialCents={walletHeldCents}
                onChange={setWalletPart}
              />
            </Section>
          ) : null}

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

          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 2 }}>
            {/* before the box: from the box, Tab still reaches "Conferma e paga" */}
            <ConditionsLink label={t('checkout.rules.link')} />
            <FormCheckbox control={control} name="acceptRules" required label={t('checkout.rules.label')} />
          </Paper>
        </Box>
      </Box>

      <Paper
        component="aside"
        variant="outlined"
        aria-labelledby="checkout-summary"
        sx={{ p: { xs: 2, md: 3 }, position: { md: 'sticky' }, top: { md: 16 } }}
      >
        <Typography component="h2" variant="h6" id="checkout-summary" sx={{ mb: 1 }}>
          {t('checkout.summary.title')}
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5 }}>
          <SummaryRow label={t('checkout.summary.items')} value={formatEuro(totals.items)} />
          {totals.giftDiscount > 0 ? (
            <SummaryRow
              label={t('checkout.summary.discount')}
              value={`-${formatEuro(totals.giftDiscount)}`}
            />
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
          {selectedPayment?.online ? (
            <SummaryRow
              label={t('checkout.summary.prebilled')}
              value={formatEuro(Math.max(0, vouchers.prebilledCents / 100 - walletEuros))}
            />
          ) : null}
        </Box>
        {selectedPayment?.online ? (
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
    </Box>
  );
}

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

const quantityFormat = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 3 });
function formatQuantity(quantity: number, unit: string): string {
  return unit ? `${quantityFormat.format(quantity)} ${unit}` : quantityFormat.format(quantity);
}

function DeliverySummary({ cart }: { cart: MaybeCheckoutCart }) {
  const { t } = useTranslation();
  const address = cart.shippingAddress;
  const slot = cart.timeslot;
  const home = address ? address.deliveryServiceId !== 1 : true;
  const locked = cart.cartStatusId === CART_STATUS.locked;
  return (
    <Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1 }}>
        {cart.deliveryServiceId != null ? (
          <>
            <Typography component="dt" sx={{ fontWeight: 500 }}>
              {t('checkout.delivery.service')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {t(`delivery.service.${cart.deliveryServiceId}`)}
            </Typography>
          </>
        ) : null}
        {address ? (
          <>
            <Typography component="dt" sx={{ fontWeight: 500 }}>
              {home ? t('checkout.delivery.address') : t('checkout.delivery.store')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {address.addressName ? `${address.addressName} – ` : ''}
              {address.address1} {address.addressNumber}, {address.postalcode} {address.city} (
              {address.province})
            </Typography>
          </>
        ) : null}
        {slot ? (
          <>
            <Typography component="dt" sx={{ fontWeight: 500 }}>
              {t('checkout.delivery.slot')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {t('checkout.delivery.slotValue', {
                day: longDay(slot.date),
                range: slotRange(slot.beginTime, slot.endTime),
              })}
            </Typography>
          </>
        ) : null}
      </Box>
      {!address ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('checkout.delivery.noAddress')}
        </Alert>
      ) : !slot ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('checkout.delivery.noSlot')}
        </Alert>
      ) : null}
      {!locked ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
          <Button variant="outlined" onClick={() => openAddressSelector({ chain: true })}>
            {t('checkout.delivery.changeAddress')}
          </Button>
          <Button variant="outlined" onClick={() => openTimeslotPicker({ chain: true })}>
            {t('checkout.delivery.changeSlot')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

interface ChoiceOption {
  value: string;
  label: string;
  detail: string;
  disabled: boolean;
}

/** A radio group whose options carry a second line (bags, payment types). */
function ChoiceGroup({
  control,
  name,
  legend,
  options,
}: {
  control: Control<Values, unknown, z.output<Schema>>;
  name: 'packagingTypeId' | 'paymentTypeId';
  legend: string;
  options: readonly ChoiceOption[];
}) {
  const legendId = `${name}-legend`;
  const messageId = `${name}-message`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        return (
          <FormControl component="fieldset" error={Boolean(error)} sx={{ width: '100%' }}>
            <FormLabel component="legend" id={legendId} sx={{ mb: 1 }}>
              {legend}
            </FormLabel>
            <RadioGroup
              name={field.name}
              value={field.value}
              onChange={(_, v) => field.onChange(v)}
              aria-describedby={error ? messageId : undefined}
            >
              {options.map((o, index) => (
                <FormControlLabel
                  key={o.value}
                  value={o.value}
                  disabled={o.disabled}
                  control={
                    <Radio
                      slotProps={{
                        input: {
                          ref: index === 0 ? field.ref : undefined,
                          'aria-describedby': `${name}-${o.value}-detail`,
                        } as React.InputHTMLAttributes<HTMLInputElement>,
                      }}
                    />
                  }
                  sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
                  label={
                    <Box>
                      <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                        {o.label}
                      </Typography>
                      <Typography
                        component="span"
                        variant="body2"
                        id={`${name}-${o.value}-detail`}
                        sx={{ display: 'block', color: 'text.secondary' }}
                      >
                        {o.detail}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </RadioGroup>
            {error ? <FormHelperText id={messageId}>{error}</FormHelperText> : null}
          </FormControl>
        );
      }}
    />
  );
}

/** The invoice request: the customer's saved invoice data (account feature) or new data added here. */
function InvoiceChoice({
  needInvoice,
  onNeedInvoice,
  personFiscalId,
  onPersonFiscal,
  error,
}: {
  needInvoice: boolean;
  onNeedInvoice: (v: boolean) => void;
  personFiscalId: number | null;
  onPersonFiscal: (id: number) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  const list = usePersonFiscals();
  const [adding, setAdding] = useState(false);
  const known = useRef<Set<number> | null>(null);
  // a newly added invoice holder is chosen at once
  useEffect(() => {
    if (!list.data) return;
    const ids = new Set(list.data.map((p) => p.personFiscalId));
    if (known.current) {
      const added = list.data.find((p) => !known.current!.has(p.personFiscalId));
      if (added) onPersonFiscal(added.personFiscalId);
    } else if (list.data.length === 1 && personFiscalId == null && list.data[0]) {
      onPersonFiscal(list.data[0].personFiscalId);
    }
    known.current = ids;
  }, [list.data, onPersonFiscal, personFiscalId]);

  return (
    <Box>
      <FormControlLabel
        control={<Checkbox checked={needInvoice} onChange={(_, v) => onNeedInvoice(v)} />}
        label={t('checkout.invoice.need')}
      />
      {needInvoice ? (
        <Box sx={{ mt: 1 }}>
          {list.data && list.data.length > 0 ? (
            <FormControl component="fieldset" error={Boolean(error)} sx={{ width: '100%' }}>
              <FormLabel component="legend" sx={{ mb: 1 }}>
                {t('checkout.invoice.choose')}
              </FormLabel>
              <RadioGroup
                id="checkout-invoice-choice"
                tabIndex={-1}
                value={personFiscalId != null ? String(personFiscalId) : ''}
                onChange={(_, v) => onPersonFiscal(Number(v))}
                aria-describedby={error ? 'checkout-invoice-error' : undefined}
              >
                {list.data.map((pf) => (
                  <FormControlLabel
                    key={pf.personFiscalId}
                    value={String(pf.personFiscalId)}
                    control={<Radio />}
                    label={invoiceLabel(pf, t)}
                  />
                ))}
              </RadioGroup>
              {error ? (
                <FormHelperText id="checkout-invoice-error" role="alert">
                  {error}
                </FormHelperText>
              ) : null}
            </FormControl>
          ) : list.data ? (
            <Typography sx={{ mb: 1 }}>{t('checkout.invoice.none')}</Typography>
          ) : null}
          {error && list.data?.length === 0 ? (
            <FormHelperText error role="alert" id="checkout-invoice-choice" tabIndex={-1}>
              {error}
            </FormHelperText>
          ) : null}
          {adding ? (
            <PersonFiscalForm onDone={() => setAdding(false)} />
          ) : (
            <Button variant="outlined" sx={{ mt: 1 }} onClick={() => setAdding(true)}>
              {t('checkout.invoice.add')}
            </Button>
          )}
        </Box>
      ) : null}
    </Box>
  );
}

function invoiceLabel(pf: PersonFiscal, t: (key: string, o?: Record<string, unknown>) => string): string {
  const type = t(`account.invoice.type${pf.personTypeId}`);
  const who = pf.companyName
    ? t('checkout.invoice.summaryCompany', { name: pf.companyName, vatCode: pf.vatCode })
    : t('checkout.invoice.summaryPrivate', { name: type, fiscalCode: pf.fiscalCode });
  return `${who} – ${pf.address1} ${pf.addressNumber}, ${pf.city}`;
}
