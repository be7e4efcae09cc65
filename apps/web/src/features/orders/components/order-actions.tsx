import '../i18n';
import '../../checkout/i18n';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
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
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Order } from '@spesa/shared/contracts/orders';
import { showToast } from '../../../lib/toast-store';
import { errorTexts } from '../../../lib/http';
import { TOAST_MS } from '../../../lib/config';
import { FormAlert } from '../../../components/form-alert';
import { usePaymentTypes } from '../../checkout/api/get-payment-types';
import { goToPaymentPage } from '../../checkout/utils/go-to-payment-page';
import { useAddAllFromOrder } from '../api/add-all-from-order';
import { canRate } from '@spesa/shared/orders/order-status';
import { useDeleteOrder } from '../api/delete-order';
import { useModifyOrder } from '../api/modify-order';
import { useModifyPaymentType } from '../api/modify-payment-type';
import { useRateOrder } from '../api/rate-order';
import { useRetryPayment } from '../api/retry-payment';

/**
 * What the customer may do with an order (flags from the server, packages/shared orders/order-status.ts):
 * edit, cancel, retry payment, change payment type, reorder all, rate.
 */
export function OrderActions({ order, onDone }: { order: Order; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const modify = useModifyOrder();
  const retry = useRetryPayment();
  const reorder = useAddAllFromOrder();
  const [dialog, setDialog] = useState<'cancel' | 'payment' | 'rate' | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [reordered, setReordered] = useState(false);
  const fallback = t('orders.actions.error');
  const busy = modify.isPending || retry.isPending || reorder.isPending;

  return (
    <Box>
      <FormAlert messages={errors} focus />
      {reordered ? (
        <Box role="status" sx={{ mb: 1 }}>
          <Typography variant="body2" component="span">
            {t('orders.actions.reorderDone')}{' '}
          </Typography>
          <Button component={RouterLink} to="/cart" size="small">
            {t('orders.actions.goToCart')}
          </Button>
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {order.canRetryPayment ? (
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => {
              setErrors([]);
              retry.mutate(order.orderId, {
                onSuccess: (data) => {
                  if (data.paymentUrl) goToPaymentPage(data.paymentUrl);
                  else onDone();
                },
                onError: (e) => setErrors(errorTexts(e, fallback)),
              });
            }}
          >
            {t('orders.actions.retry')}
          </Button>
        ) : null}
        {order.isPaymentTypeChangeable ? (
          <Button variant="outlined" disabled={busy} onClick={() => setDialog('payment')}>
            {t('orders.actions.changePayment')}
          </Button>
        ) : null}
        {order.isEditable ? (
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() => {
              setErrors([]);
              modify.mutate(order.orderId, {
                onSuccess: () => {
                  showToast(t('orders.actions.editDone'), 'info', TOAST_MS);
                  void navigate('/cart');
                },
                onError: (e) => setErrors(errorTexts(e, fallback)),
              });
            }}
          >
            {t('orders.actions.edit')}
          </Button>
        ) : null}
        {order.canReorder ? (
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() => {
              setErrors([]);
              setReordered(false);
              reorder.mutate(order.orderId, {
                onSuccess: () => setReordered(true),
                onError: (e) => setErrors(errorTexts(e, fallback)),
              });
            }}
          >
            {t('orders.actions.reorder')}
          </Button>
        ) : null}
        {/* rating is for what reached the customer (the server refuses it before) */}
        {canRate(order.orderStatusId) ? (
          <Button variant="outlined" disabled={busy} onClick={() => setDialog('rate')}>
            {order.note ? t('orders.actions.rateUpdate') : t('orders.actions.rate')}
          </Button>
        ) : null}
        {order.isCancellable ? (
          <Button variant="outlined" color="error" disabled={busy} onClick={() => setDialog('cancel')}>
            {t('orders.actions.cancel')}
          </Button>
        ) : null}
      </Box>
      {order.note ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('orders.actions.yourRating', { rating: order.note.rating })}
          {order.note.title ? ` – ${order.note.title}` : ''}
        </Typography>
      ) : null}
      {dialog === 'cancel' ? (
        <CancelDialog
          order={order}
          onClose={(cancelled) => {
            setDialog(null);
            if (cancelled) onDone();
          }}
        />
      ) : null}
      {dialog === 'payment' ? <ChangePaymentDialog order={order} onClose={() => setDialog(null)} /> : null}
      {dialog === 'rate' ? <RateDialog order={order} onClose={() => setDialog(null)} /> : null}
    </Box>
  );
}

function CancelDialog({ order, onClose }: { order: Order; onClose: (cancelled: boolean) => void }) {
  const { t } = useTranslation();
  const remove = useDeleteOrder();
  const [errors, setErrors] = useState<string[]>([]);
  return (
    <Dialog
      open
      onClose={() => onClose(false)}
      aria-labelledby="cancel-order-title"
      aria-describedby="cancel-order-text"
    >
      <DialogTitle id="cancel-order-title">
        {t('orders.actions.cancelTitle', { orderId: order.orderId })}
      </DialogTitle>
      <DialogContent>
        <FormAlert messages={errors} />
        <DialogContentText id="cancel-order-text">{t('orders.actions.cancelText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button autoFocus onClick={() => onClose(false)} disabled={remove.isPending}>
          {t('orders.actions.cancelKeep')}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={remove.isPending}
          onClick={() => {
            setErrors([]);
            remove.mutate(order.orderId, {
              onSuccess: () => {
                showToast(t('orders.actions.cancelled', { orderId: order.orderId }), 'success', TOAST_MS);
                onClose(true);
              },
              onError: (e) => setErrors(errorTexts(e, t('orders.actions.error'))),
            });
          }}
        >
          {t('orders.actions.cancelConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ChangePaymentDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const types = usePaymentTypes();
  const change = useModifyPaymentType();
  const [value, setValue] = useState(String(order.paymentTypeId));
  const [errors, setErrors] = useState<string[]>([]);
  return (
    <Dialog open onClose={onClose} aria-labelledby="change-payment-title" fullWidth maxWidth="sm">
      <DialogTitle id="change-payment-title">{t('orders.actions.changePaymentTitle')}</DialogTitle>
      <DialogContent>
        <FormAlert messages={errors} />
        {types.isError ? <FormAlert messages={[t('checkout.payment.loadError')]} /> : null}
        {types.data ? (
          <FormControl component="fieldset">
            <FormLabel component="legend">{t('checkout.payment.legend')}</FormLabel>
            <RadioGroup value={value} onChange={(_, v) => setValue(v)}>
              {types.data.paymentTypes.map((p) => (
                <FormControlLabel
                  key={p.paymentTypeId}
                  value={String(p.paymentTypeId)}
                  disabled={!p.enabled}
                  control={<Radio />}
                  label={p.name}
                />
              ))}
            </RadioGroup>
          </FormControl>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={change.isPending}>
          {t('orders.actions.close')}
        </Button>
        <Button
          variant="contained"
          disabled={change.isPending || !types.data}
          onClick={() => {
            setErrors([]);
            change.mutate(
              { orderId: order.orderId, paymentTypeId: Number(value) },
              {
                onSuccess: (data) => {
                  if (data.paymentUrl) goToPaymentPage(data.paymentUrl);
                  else onClose();
                },
                onError: (e) => setErrors(errorTexts(e, t('orders.actions.error'))),
              },
            );
          }}
        >
          {t('orders.actions.changePaymentConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RateDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const rate = useRateOrder();
  // spec section 5: rating defaults 1, empty title and comment
  const [rating, setRating] = useState(order.note?.rating ?? 1);
  const [title, setTitle] = useState(order.note?.title ?? '');
  const [comment, setComment] = useState(order.note?.comment ?? '');
  const [errors, setErrors] = useState<string[]>([]);
  return (
    <Dialog open onClose={onClose} aria-labelledby="rate-order-title" fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setErrors([]);
          rate.mutate(
            { orderId: order.orderId, noteId: order.note?.noteId, rating, title, comment },
            {
              onSuccess: () => {
                showToast(t('orders.actions.rateSaved'), 'success', TOAST_MS);
                onClose();
              },
              onError: (err) => setErrors(errorTexts(err, t('orders.actions.error'))),
            },
          );
        }}
      >
        <DialogTitle id="rate-order-title">
          {t('orders.actions.rateTitle', { orderId: order.orderId })}
        </DialogTitle>
        <DialogContent>
          <FormAlert messages={errors} />
          <FormControl component="fieldset" sx={{ mb: 2 }}>
            <FormLabel component="legend">{t('orders.actions.rating')}</FormLabel>
            <Rating
              name="order-rating"
              value={rating}
              onChange={(_, v) => {
                if (v != null && Number.isFinite(v)) setRating(v);
              }}
              getLabelText={(v) => t('orders.actions.ratingValue', { count: v })}
              emptyLabelText={t('orders.actions.ratingNone')}
              size="large"
            />
          </FormControl>
          <TextField
            label={t('orders.actions.rateTitleField')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 120 } }}
            sx={{ mb: 2 }}
          />
          <TextField
            label={t('orders.actions.rateComment')}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            fullWidth
            multiline
            minRows={3}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={rate.isPending}>
            {t('orders.actions.close')}
          </Button>
          <Button type="submit" variant="contained" disabled={rate.isPending}>
            {t('orders.actions.rateSave')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
