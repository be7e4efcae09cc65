import { longDayText } from '@spesa/shared/format/day';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useFormState, useWatch, type Control, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { giftCardRequestFormSchema, type GiftCardReceipt } from '@spesa/shared/contracts/gift-card-orders';
import { formatPrice } from '@spesa/shared/format/price';
import {
  GIFT_CARD_DENOMINATIONS,
  GIFT_CARD_PROGRAMME,
  GIFT_CARD_PROVINCES,
  PROVINCE_NAMES,
  expectedDeliveryDay,
  giftCardTotals,
} from '@spesa/shared/loyalty/gift-card-partners';
import { FormAlert } from '../../../components/form-alert';
import { FormCheckbox, FormTextField } from '../../../components/form-fields';
import { applyFieldErrors, readServerFailure } from '../../../lib/server-errors';
import { newRequestKey, useSendGiftCardOrder } from '../api/send-gift-card-order';
import '../i18n';
import { TIME_ZONE, romeToday } from '@spesa/shared/time/rome';

type FormIn = z.input<typeof giftCardRequestFormSchema>;
type FormOut = z.output<typeof giftCardRequestFormSchema>;

const PERCENT = GIFT_CARD_PROGRAMME.discountBasisPoints / 100;
const euro = (cents: number) => formatPrice(cents / 100);
/** Today's Italian day (YYYY-MM-DD) */
const dayText = longDayText;
const instantText = (iso: string) =>
  new Intl.DateTimeFormat('it-IT', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: TIME_ZONE,
  }).format(new Date(iso));

const EMPTY: DefaultValues<FormIn> = {
  companyName: '',
  vatNumber: '',
  fiscalCode: '',
  sdiCode: '',
  pec: '',
  contactName: '',
  email: '',
  phone: '',
  address1: '',
  addressNumber: '',
  postalCode: '',
  city: '',
  province: '',
  lines: GIFT_CARD_DENOMINATIONS.map((value) => ({ value, quantity: '' })),
  notes: '',
};
const FIELDS = [
  'companyName',
  'vatNumber',
  'fiscalCode',
  'sdiCode',
  'pec',
  'contactName',
  'email',
  'phone',
  'address1',
  'addressNumber',
  'postalCode',
  'city',
  'province',
  'notes',
  'privacyAccepted',
  'lines',
  ...GIFT_CARD_DENOMINATIONS.flatMap((_, i) => [`lines.${i}.quantity`, `lines.${i}.value`]),
] as const;

const upper = (v: string) => v.toUpperCase();
const quantityOf = (q: unknown) => {
  const n = Number(q);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/**
 * "Gift card per le aziende" (decision 044): the programme, the request form (one schema with the API) with
 * its live total and the 3 % discount from 1.500 €, then the confirmation with the promised dates.
 */
export function GiftCardPartnersPage() {
  const { t } = useTranslation();
  const [receipt, setReceipt] = useState<GiftCardReceipt | null>(null);
  const [formKey, setFormKey] = useState(0);
  return (
    <>
      <Typography variant="h1" gutterBottom>
        {t('loyalty.giftCards.title')}
      </Typography>
      {receipt ? (
        <Confirmation
          receipt={receipt}
          onAnother={() => {
            setReceipt(null);
            setFormKey((k) => k + 1);
          }}
        />
      ) : (
        <>
          <Programme />
          <RequestForm key={formKey} onSent={setReceipt} />
        </>
      )}
    </>
  );
}

function Programme() {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mb: 4 }}>
      <Typography sx={{ mb: 2 }}>{t('loyalty.giftCards.intro')}</Typography>
      <Typography variant="h2" id={titleId} sx={{ mb: 1 }}>
        {t('loyalty.giftCards.perksTitle')}
      </Typography>
      <Box component="ul" sx={{ pl: 3, my: 0, '& li': { mb: 0.5 } }}>
        <li>
          {t('loyalty.giftCards.perkDiscount', {
            threshold: euro(GIFT_CARD_PROGRAMME.discountThresholdCents),
            percent: PERCENT,
          })}
        </li>
        <li>
          {t('loyalty.giftCards.perkValues', {
            values: GIFT_CARD_DENOMINATIONS.map((v) => `${v} €`).join(', '),
          })}
        </li>
        <li>{t('loyalty.giftCards.perkInfo')}</li>
        <li>{t('loyalty.giftCards.perkInvoice')}</li>
      </Box>
    </Box>
  );
}

function RequestForm({ onSent }: { onSent: (receipt: GiftCardReceipt) => void }) {
  const { t } = useTranslation();
  const send = useSendGiftCardOrder();
  const [requestKey] = useState(newRequestKey);
  // a double click validates twice before the first send is pending: one send (the key would dedupe it too)
  const inFlight = useRef(false);
  const [general, setGeneral] = useState<string[]>([]);
  const titleId = useId();
  const { control, handleSubmit, setError } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(giftCardRequestFormSchema),
    defaultValues: EMPTY,
    shouldFocusError: true,
  });
  const onValid = (values: FormOut) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setGeneral([]);
    send.mutate(
      { ...values, requestKey },
      {
        onSuccess: onSent,
        onError: (error) => {
          inFlight.current = false;
          const failure = readServerFailure(error, t('loyalty.giftCards.error'));
          const rest = applyFieldErrors(failure.fields, FIELDS, (name, message, focus) =>
            setError(name as 'companyName', { type: 'server', message }, { shouldFocus: focus }),
          );
          setGeneral([...failure.general, ...rest]);
        },
      },
    );
  };
  const section = (legend: string, children: React.ReactNode, help?: string) => (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 3, minWidth: 0 }}>
      <Typography component="legend" variant="h3" sx={{ mb: help ? 0.5 : 1.5 }}>
        {legend}
      </Typography>
      {help ? (
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {help}
        </Typography>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {children}
      </Box>
    </Box>
  );
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id={titleId}>
        {t('loyalty.giftCards.formTitle')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {t('loyalty.giftCards.requiredNote')}
      </Typography>
      <Box
        component="form"
        noValidate
        aria-busy={send.isPending}
        onSubmit={(event) => void handleSubmit(onValid)(event)}
        sx={{ mt: 1 }}
      >
        <FormAlert messages={general} focus />
        {section(
          t('loyalty.giftCards.company'),
          <>
            <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
              <FormTextField
                control={control}
                name="companyName"
                label={t('loyalty.giftCards.companyName')}
                autoComplete="organization"
                maxLength={120}
                required
              />
            </Box>
            <FormTextField
              control={control}
              name="vatNumber"
              label={t('loyalty.giftCards.vatNumber')}
              helperText={t('loyalty.giftCards.vatNumberHelp')}
              inputMode="numeric"
              maxLength={20}
              required
            />
            <FormTextField
              control={control}
              name="fiscalCode"
              label={t('loyalty.giftCards.fiscalCode')}
              helperText={t('loyalty.giftCards.fiscalCodeHelp')}
              maxLength={16}
              transform={upper}
            />
            <FormTextField
              control={control}
              name="sdiCode"
              label={t('loyalty.giftCards.sdiCode')}
              helperText={t('loyalty.giftCards.sdiCodeHelp')}
              maxLength={7}
              transform={upper}
            />
            <FormTextField
              control={control}
              name="pec"
              label={t('loyalty.giftCards.pec')}
              type="email"
              maxLength={254}
            />
          </>,
        )}
        {section(
          t('loyalty.giftCards.contact'),
          <>
            <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
              <FormTextField
                control={control}
                name="contactName"
                label={t('loyalty.giftCards.contactName')}
                autoComplete="name"
                maxLength={120}
                required
              />
            </Box>
            <FormTextField
              control={control}
              name="email"
              label={t('loyalty.giftCards.email')}
              type="email"
              autoComplete="email"
              maxLength={254}
              required
            />
            <FormTextField
              control={control}
              name="phone"
              label={t('loyalty.giftCards.phone')}
              type="tel"
              autoComplete="tel"
              maxLength={20}
              required
            />
          </>,
        )}
        {section(
          t('loyalty.giftCards.delivery'),
          <>
            <FormTextField
              control={control}
              name="address1"
              label={t('loyalty.giftCards.address1')}
              autoComplete="address-line1"
              maxLength={120}
              required
            />
            <FormTextField
              control={control}
              name="addressNumber"
              label={t('loyalty.giftCards.addressNumber')}
              maxLength={10}
              required
            />
            <FormTextField
              control={control}
              name="postalCode"
              label={t('loyalty.giftCards.postalCode')}
              autoComplete="postal-code"
              inputMode="numeric"
              maxLength={5}
              required
            />
            <FormTextField
              control={control}
              name="city"
              label={t('loyalty.giftCards.city')}
              autoComplete="address-level2"
              maxLength={80}
              required
            />
            <FormTextField
              control={control}
              name="province"
              label={t('loyalty.giftCards.province')}
              select
              shrinkLabel
              required
            >
              <option value="">{t('loyalty.giftCards.provinceChoose')}</option>
              {GIFT_CARD_PROVINCES.map((p) => (
                <option key={p} value={p}>
                  {`${PROVINCE_NAMES[p]} (${p})`}
                </option>
              ))}
            </FormTextField>
          </>,
          t('loyalty.giftCards.deliveryHelp', { provinces: Object.values(PROVINCE_NAMES).join(', ') }),
        )}
        {section(
          t('loyalty.giftCards.cards'),
          <>
            {GIFT_CARD_DENOMINATIONS.map((value, i) => (
              <FormTextField
                key={value}
                control={control}
                name={`lines.${i}.quantity`}
                label={t('loyalty.giftCards.quantityOf', { value: `${value} €` })}
                type="number"
                inputMode="numeric"
                min="0"
                max={String(GIFT_CARD_PROGRAMME.maxQuantityPerLine)}
              />
            ))}
            <LinesError control={control} />
          </>,
          t('loyalty.giftCards.cardsHelp'),
        )}
        <Summary control={control} />
        <Box sx={{ mt: 3 }}>
          <FormTextField
            control={control}
            name="notes"
            label={t('loyalty.giftCards.notes')}
            multiline
            maxLength={500}
          />
        </Box>
        <Box sx={{ mt: 3 }}>
          <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
            {t('loyalty.giftCards.privacyTitle')}
          </Typography>
          <Typography variant="body2" sx={{ mb: 1 }} id="gift-card-privacy-text">
            {t('loyalty.giftCards.privacyText')}
          </Typography>
          <FormCheckbox
            control={control}
            name="privacyAccepted"
            label={t('loyalty.giftCards.privacyAccepted')}
            required
          />
        </Box>
        <Button type="submit" variant="contained" size="large" sx={{ mt: 3 }} disabled={send.isPending}>
          {send.isPending ? t('loyalty.giftCards.sending') : t('loyalty.giftCards.submit')}
        </Button>
      </Box>
    </Paper>
  );
}

/** The message about the lines as a whole (no cards, too much, a value twice): announced as it appears. */
function LinesError({ control }: { control: Control<FormIn, unknown, FormOut> }) {
  const { errors } = useFormState({ control, name: 'lines' });
  const message = errors.lines?.message ?? errors.lines?.root?.message;
  if (!message) return null;
  return (
    <Typography role="alert" color="error" variant="body2" sx={{ gridColumn: '1 / -1' }}>
      {message}
    </Typography>
  );
}

/** The live total: goods, the 3 % discount from 1.500 €, the invoice and the expected delivery day. */
function Summary({ control }: { control: Control<FormIn, unknown, FormOut> }) {
  const { t } = useTranslation();
  const lines = useWatch({ control, name: 'lines' });
  const totals = giftCardTotals(
    (lines ?? []).map((l) => ({ value: Number(l.value), quantity: quantityOf(l.quantity) })),
  );
  const titleId = useId();
  const day = expectedDeliveryDay(romeToday());
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ mt: 3, p: 2, bgcolor: 'background.default' }}
      data-testid="gift-card-summary"
    >
      <Typography variant="h3" id={titleId} sx={{ mb: 1 }}>
        {t('loyalty.giftCards.summary')}
      </Typography>
      <Box aria-live="polite">
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5 }}
        >
          <dt>{t('loyalty.giftCards.goods', { count: totals.cards })}</dt>
          <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
            {euro(totals.goodsCents)}
          </Box>
          {totals.discounted ? (
            <>
              <dt>{t('loyalty.giftCards.discount', { percent: PERCENT })}</dt>
              <Box
                component="dd"
                sx={{ m: 0, textAlign: 'right', color: 'success.dark' }}
                data-testid="gift-card-discount"
              >
                {`-${euro(totals.discountCents)}`}
              </Box>
            </>
          ) : null}
          <Box component="dt" sx={{ fontWeight: 700 }}>
            {t('loyalty.giftCards.invoice')}
          </Box>
          <Box
            component="dd"
            sx={{ m: 0, textAlign: 'right', fontWeight: 700 }}
            data-testid="gift-card-invoice"
          >
            {euro(totals.invoiceCents)}
          </Box>
        </Box>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {totals.discounted
            ? t('loyalty.giftCards.reached', { percent: PERCENT })
            : t('loyalty.giftCards.missing', {
                missing: euro(totals.missingForDiscountCents),
                percent: PERCENT,
              })}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {t('loyalty.giftCards.expected', { day: dayText(day) })}
      </Typography>
    </Paper>
  );
}

function Confirmation({ receipt, onAnother }: { receipt: GiftCardReceipt; onAnother: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="gift-card-sent"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography variant="h2" id="gift-card-sent" ref={heading} tabIndex={-1} sx={{ outline: 'none' }}>
        {t('loyalty.giftCards.sentTitle')}
      </Typography>
      <Typography sx={{ mt: 1, fontWeight: 700 }} data-testid="gift-card-number">
        {t('loyalty.giftCards.sentNumber', { number: receipt.requestNumber })}
      </Typography>
      <Typography sx={{ mt: 1 }}>
        {t('loyalty.giftCards.sentPromise', {
          infoBy: instantText(receipt.deliveryInfoBy),
          day: dayText(receipt.expectedDeliveryDate),
        })}
      </Typography>
      <Box component="ul" sx={{ pl: 3 }}>
        {receipt.lines.map((l) => (
          <li key={l.value}>
            {t('loyalty.giftCards.lineTotal', {
              quantity: l.quantity,
              value: formatPrice(l.value),
              total: formatPrice(l.total),
            })}
          </li>
        ))}
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: '1fr auto',
          columnGap: 2,
          rowGap: 0.5,
          maxWidth: 420,
        }}
      >
        <dt>{t('loyalty.giftCards.goods', { count: receipt.cards })}</dt>
        <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
          {formatPrice(receipt.goodsTotal)}
        </Box>
        {receipt.discount > 0 ? (
          <>
            <dt>{t('loyalty.giftCards.discount', { percent: receipt.discountPercent })}</dt>
            <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
              {`-${formatPrice(receipt.discount)}`}
            </Box>
          </>
        ) : null}
        <Box component="dt" sx={{ fontWeight: 700 }}>
          {t('loyalty.giftCards.invoice')}
        </Box>
        <Box component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: 700 }}>
          {formatPrice(receipt.invoiceTotal)}
        </Box>
      </Box>
      <Typography sx={{ mt: 2 }}>{t('loyalty.giftCards.sentMail', { email: receipt.email })}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3 }}>
        <Button variant="contained" component={RouterLink} to="/">
          {t('loyalty.giftCards.backHome')}
        </Button>
        <Button variant="outlined" onClick={onAnother}>
          {t('loyalty.giftCards.another')}
        </Button>
      </Stack>
    </Paper>
  );
}
