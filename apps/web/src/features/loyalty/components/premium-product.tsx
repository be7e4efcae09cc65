import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { formatPrice } from '@spesa/shared/format/price';
import {
  isPremiumProductChoosable,
  italianDayText,
  premiumProductUnitCents,
} from '@spesa/shared/loyalty/premium';
import { FormAlert } from '../../../components/form-alert';
import { PageLoading } from '../../../components/page-loading';
import { ApiError } from '../../../lib/http';
import { useProducts } from '../../catalogue/api/get-products';
import { useDebouncedValue } from '../../catalogue/hooks/use-debounced-value';
import '../i18n';
import { useChoosePremiumProduct } from '../api/choose-premium-product';
import { usePremiumProduct } from '../api/get-premium-product';

const SEARCH_MIN_LETTERS = 2;
const SEARCH_PAGE_SIZE = 8;

/** The price the chosen product costs with the perk (decision 043: 20 % off the price paid, rounded down). */
const premiumPrice = (product: Product) =>
  premiumProductUnitCents(Math.round(product.priceDisplay * 100)) / 100;

/**
 * "Il tuo prodotto scontato del 20%" (decision 043): the product chosen, and a search of the catalogue to
 * choose it (once per calendar month), each result a button; infant formula and alcohol cannot be chosen.
 */
export function PremiumProductSection() {
  const { t } = useTranslation();
  const titleId = useId();
  const { data, isPending, isError } = usePremiumProduct(true);
  const [chosenText, setChosenText] = useState('');
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 3 }, mt: 3, maxWidth: 640 }}
      data-testid="premium-product"
    >
      <Typography component="h2" variant="h6" id={titleId}>
        {t('loyalty.premium.product.title', { percent: data?.percent ?? 20 })}
      </Typography>
      {isPending ? (
        <PageLoading />
      ) : isError ? (
        <Alert severity="error">{t('loyalty.premium.error')}</Alert>
      ) : !data.discountOn ? (
        <Typography>{t('loyalty.premium.product.off')}</Typography>
      ) : (
        <>
          <Typography sx={{ mb: 1 }}>
            {t('loyalty.premium.product.intro', { percent: data.percent })}{' '}
            {data.discountUntil
              ? t('loyalty.premium.product.until', { day: italianDayText(data.discountUntil) })
              : ''}
          </Typography>
          <div role="status">
            {chosenText ? (
              <Alert severity="success" sx={{ mb: 1 }}>
                {chosenText}
              </Alert>
            ) : null}
          </div>
          {data.product ? (
            <Box
              sx={{ display: 'flex', gap: 2, alignItems: 'center', my: 1 }}
              data-testid="premium-product-current"
            >
              {data.product.mediaURL ? (
                <Box
                  component="img"
                  src={data.product.mediaURL}
                  alt=""
                  width={56}
                  height={56}
                  sx={{ objectFit: 'contain', flex: '0 0 56px' }}
                />
              ) : null}
              <Box>
                <Typography sx={{ fontWeight: 500 }}>
                  {t('loyalty.premium.product.current')}: {data.product.name}
                </Typography>
                <Typography variant="body2">
                  {t('loyalty.premium.product.price', {
                    price: formatPrice(premiumPrice(data.product)),
                    standard: formatPrice(data.product.priceDisplay),
                  })}
                </Typography>
                {data.chosenOn ? (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('loyalty.premium.product.chosenOn', { day: italianDayText(data.chosenOn) })}
                  </Typography>
                ) : null}
              </Box>
            </Box>
          ) : (
            <Typography sx={{ my: 1 }}>{t('loyalty.premium.product.none')}</Typography>
          )}
          {data.canChange ? (
            <ProductChooser
              onChosen={(name) =>
                setChosenText(t('loyalty.premium.product.chosen', { name, percent: data.percent }))
              }
            />
          ) : (
            <Typography variant="body2">
              {t('loyalty.premium.product.changeableFrom', {
                day: italianDayText(data.changeableFrom ?? ''),
              })}
            </Typography>
          )}
        </>
      )}
    </Paper>
  );
}

/** A search box and its results as a list, each with its own "Scegli" button (keyboard: Tab, Enter). */
function ProductChooser({ onChosen }: { onChosen: (name: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const q = useDebouncedValue(text.trim(), 300);
  const searching = q.length >= SEARCH_MIN_LETTERS;
  const results = useProducts({ q, page: 1, page_size: SEARCH_PAGE_SIZE }, searching);
  const choose = useChoosePremiumProduct();
  const listId = useId();
  const fallback = t('loyalty.premium.product.error');
  const products = searching ? (results.data?.products ?? []) : [];
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('loyalty.premium.product.changeOnce')}
      </Typography>
      <FormAlert messages={errors} focus />
      <TextField
        type="search"
        label={t('loyalty.premium.product.search')}
        helperText={t('loyalty.premium.product.searchHelp')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        fullWidth
        slotProps={{ htmlInput: { 'aria-controls': listId, autoComplete: 'off' } }}
      />
      <div role="status">
        {searching && results.data ? (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {products.length > 0
              ? t('loyalty.premium.product.resultsCount', { count: products.length })
              : t('loyalty.premium.product.noResults')}
          </Typography>
        ) : null}
      </div>
      <Box
        component="ul"
        id={listId}
        aria-label={t('loyalty.premium.product.results')}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {products.map((p) => {
          const choosable = isPremiumProductChoosable(p);
          return (
            <Box
              component="li"
              key={p.productId}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                py: 1,
                borderTop: 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {p.name}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {choosable
                    ? t('loyalty.premium.product.price', {
                        price: formatPrice(premiumPrice(p)),
                        standard: formatPrice(p.priceDisplay),
                      })
                    : t('loyalty.premium.product.excluded')}
                </Typography>
              </Box>
              {choosable ? (
                <Button
                  variant="outlined"
                  size="small"
                  disabled={choose.isPending}
                  aria-label={t('loyalty.premium.product.chooseLabel', { name: p.name })}
                  onClick={() => {
                    setErrors([]);
                    choose.mutate(p.productId, {
                      onSuccess: () => {
                        setText('');
                        onChosen(p.name);
                      },
                      onError: (err) =>
                        setErrors(
                          err instanceof ApiError && err.response.errors[0]?.error
                            ? [err.response.errors[0].error]
                            : [fallback],
                        ),
                    });
                  }}
                >
                  {t('loyalty.premium.product.choose')}
                </Button>
              ) : null}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
