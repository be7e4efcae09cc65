import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { formatQuantity, parseSellingRules } from '@spesa/shared/cart/quantity';
import '../i18n';
import { answerQuestion, closeCartPopup, type CartQuestion } from '../hooks/cart-ui-store';
import { ResponseMessages } from './response-messages';

/** Dialog max width of the spec (section 9): 530. */
const DIALOG_MAX_WIDTH = 530;
const paper = { paper: { sx: { maxWidth: DIALOG_MAX_WIDTH, width: '100%' } } } as const;

function OptionsDialog({ product }: { product: Product }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [chosen, setChosen] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      product.selectOptions.filter((o) => o.selected).map((o) => [o.parameterName, o.selected ?? '']),
    ),
  );
  const complete = product.selectOptions.every((o) => Boolean(chosen[o.parameterName]));
  return (
    <Dialog open onClose={() => answerQuestion(null)} aria-labelledby={titleId} slotProps={paper}>
      <DialogTitle id={titleId}>{t('qty.optionsTitle', { name: product.name })}</DialogTitle>
      <DialogContent>
        {product.selectOptions.map((o) => (
          <FormControl key={o.parameterName} component="fieldset" sx={{ display: 'block', mb: 2 }}>
            <FormLabel component="legend">{o.name}</FormLabel>
            <RadioGroup
              name={o.parameterName}
              value={chosen[o.parameterName] ?? ''}
              onChange={(e) => setChosen((c) => ({ ...c, [o.parameterName]: e.target.value }))}
            >
              {o.options.map((v) => (
                <FormControlLabel key={v.key} value={v.key} control={<Radio />} label={v.value} />
              ))}
            </RadioGroup>
          </FormControl>
        ))}
        {!complete ? (
          <DialogContentText role="note" sx={{ fontSize: 14 }}>
            {t('qty.optionsMissing')}
          </DialogContentText>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => answerQuestion(null)}>{t('cart.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!complete}
          title={complete ? undefined : t('qty.optionsMissing')}
          onClick={() => answerQuestion(chosen)}
        >
          {t('qty.optionsConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function PromoDialog({ product }: { product: Product }) {
  const { t } = useTranslation();
  const titleId = useId();
  const view = product.warehousePromo?.view;
  const text = view?.selectablePromoText || [view?.header, view?.body].filter(Boolean).join(' ');
  return (
    <Dialog open onClose={() => answerQuestion(null)} aria-labelledby={titleId} slotProps={paper}>
      <DialogTitle id={titleId}>{t('qty.promoTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('qty.promoText', { name: product.name })}</DialogContentText>
        {text ? (
          <DialogContentText sx={{ mt: 1, fontWeight: 700, color: 'secondary.dark' }}>
            {text}
          </DialogContentText>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => answerQuestion(false)}>{t('qty.promoSkip')}</Button>
        <Button variant="contained" onClick={() => answerQuestion(true)}>
          {t('qty.promoApply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ConfirmDialog({ title, text, confirm }: { title: string; text: string; confirm: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open
      onClose={() => answerQuestion(false)}
      aria-labelledby={titleId}
      aria-describedby={textId}
      role="alertdialog"
      slotProps={paper}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => answerQuestion(false)} autoFocus>
          {t('cart.cancel')}
        </Button>
        <Button variant="contained" color="secondary" onClick={() => answerQuestion(true)}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function TypeQuantityDialog({ product, quantity }: { product: Product; quantity: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const rules = parseSellingRules(product);
  const [value, setValue] = useState(String(quantity));
  const n = Number(value.replace(',', '.'));
  const valid = value.trim() !== '' && Number.isFinite(n) && n >= 0;
  return (
    <Dialog open onClose={() => answerQuestion(null)} aria-labelledby={titleId} slotProps={paper}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) answerQuestion(n);
        }}
      >
        <DialogTitle id={titleId}>{t('qty.typeTitle', { name: product.name })}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('qty.typeLabel')}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
            helperText={
              rules.qtyMult > 1
                ? t('qty.typeHelp', { multiple: formatQuantity(rules, rules.qtyMult) })
                : undefined
            }
            error={!valid}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => answerQuestion(null)}>{t('cart.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!valid}>
            {t('qty.typeConfirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The popup of messages whose code is in SHOW_IN_POPUP_CODES (spec section 8). */
function PopupDialog({ texts }: { texts: readonly string[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={closeCartPopup} aria-labelledby={titleId} role="alertdialog" slotProps={paper}>
      <DialogTitle id={titleId}>{t('cart.popupTitle')}</DialogTitle>
      <DialogContent>
        <ResponseMessages errors={texts} />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={closeCartPopup} autoFocus>
          {t('cart.popupClose')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The question dialog open now, and the popup (after the question: one dialog at a time). */
export function CartDialogs({
  question,
  popup,
}: {
  question: CartQuestion | null;
  popup: readonly string[] | null;
}) {
  const { t } = useTranslation();
  if (question) {
    switch (question.kind) {
      case 'options':
        return <OptionsDialog product={question.product} />;
      case 'promo':
        return <PromoDialog product={question.product} />;
      case 'remove':
        return (
          <ConfirmDialog
            title={t('cart.removeConfirmTitle')}
            text={t('cart.removeConfirmText', { name: question.name })}
            confirm={t('cart.remove')}
          />
        );
      case 'empty':
        return (
          <ConfirmDialog
            title={t('cart.emptyConfirmTitle')}
            text={t('cart.emptyConfirmText')}
            confirm={t('cart.emptyConfirm')}
          />
        );
      case 'type':
        return <TypeQuantityDialog product={question.product} quantity={question.quantity} />;
    }
  }
  return popup ? <PopupDialog texts={popup} /> : null;
}
