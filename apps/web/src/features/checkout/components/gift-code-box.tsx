import '../i18n';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GIFT_CODE_INVALID_TEXT, GIFT_CODE_MAX } from '@spesa/shared/contracts/checkout';
import { ApiError } from '../../../lib/http';
import { useAddGiftCode } from '../api/add-gift-code';
import { useCheckGiftCode } from '../api/check-gift-code';
import { useRemoveGiftCode } from '../api/remove-gift-code';
import { formatEuro } from '../utils/money';

export interface AppliedGift {
  code: string;
  name: string;
  discount: number;
}

const GIFT_CODE_PATTERN = /^[A-Z0-9-]+$/;

/** The server's text for a refused code, or the spec's invalid-code text. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.response.errors[0]?.error) return error.response.errors[0].error;
  return GIFT_CODE_INVALID_TEXT;
}

/** Gift code: check it, apply it, remove an applied one (spec section 7 cart-giftcertificate). */
export function GiftCodeBox({ applied }: { applied: readonly AppliedGift[] }) {
  const { t } = useTranslation();
  const id = useId();
  const messageId = `${id}-message`;
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const check = useCheckGiftCode();
  const add = useAddGiftCode();
  const remove = useRemoveGiftCode();
  const busy = check.isPending || add.isPending;

  const validCode = (): string | null => {
    const value = code.trim().toUpperCase();
    setInfo(null);
    if (!value) {
      setError(t('checkout.gift.required'));
      return null;
    }
    if (value.length > GIFT_CODE_MAX || !GIFT_CODE_PATTERN.test(value)) {
      setError(GIFT_CODE_INVALID_TEXT);
      return null;
    }
    setError(null);
    return value;
  };

  const onCheck = () => {
    const value = validCode();
    if (!value) return;
    check.mutate(value, {
      onSuccess: (res) =>
        setInfo(
          res.applicable
            ? t('checkout.gift.valid', {
                name: res.giftCertificate.name,
                discount: formatEuro(res.discount),
              })
            : t('checkout.gift.validMinSpend', {
                name: res.giftCertificate.name,
                minSpend: formatEuro(res.giftCertificate.minSpend),
              }),
        ),
      onError: (e) => setError(failureText(e)),
    });
  };

  return (
    <Box>
      <Box
        component="form"
        noValidate
        aria-busy={busy}
        onSubmit={(e) => {
          e.preventDefault();
          const value = validCode();
          if (!value) return;
          add.mutate(value, {
            onSuccess: () => setCode(''),
            onError: (err) => setError(failureText(err)),
          });
        }}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <TextField
          id={id}
          label={t('checkout.gift.label')}
          value={code}
          onChange={(e) => {
            setCode(e.target.value.toUpperCase());
            setError(null);
          }}
          size="small"
          autoComplete="off"
          error={Boolean(error)}
          helperText={error ?? ' '}
          sx={{ flex: '1 1 220px' }}
          slotProps={{
            htmlInput: { maxLength: GIFT_CODE_MAX, 'aria-describedby': messageId },
            formHelperText: { id: messageId, role: error ? 'alert' : undefined },
          }}
        />
        <Button type="button" variant="outlined" onClick={onCheck} disabled={busy} sx={{ minHeight: 40 }}>
          {t('checkout.gift.check')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy} sx={{ minHeight: 40 }}>
          {t('checkout.gift.add')}
        </Button>
      </Box>
      <Box role="status" sx={{ minHeight: info ? undefined : 0 }}>
        {info ? (
          <Typography variant="body2" sx={{ color: 'success.dark', mt: 0.5 }}>
            {info}
          </Typography>
        ) : null}
      </Box>
      {applied.length > 0 ? (
        <Box sx={{ mt: 1 }}>
          <Typography component="h3" variant="subtitle2">
            {t('checkout.gift.applied')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {applied.map((g) => (
              <Box
                component="li"
                key={g.code}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}
              >
                <Typography variant="body2">
                  {t('checkout.gift.appliedRow', {
                    code: g.code,
                    name: g.name,
                    discount: formatEuro(g.discount),
                  })}
                </Typography>
                <Button
                  size="small"
                  color="error"
                  disabled={remove.isPending}
                  aria-label={t('checkout.gift.removeLabel', { code: g.code })}
                  onClick={() => remove.mutate(g.code)}
                >
                  {t('checkout.gift.remove')}
                </Button>
              </Box>
            ))}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}
