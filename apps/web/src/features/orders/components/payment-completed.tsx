import '../../checkout/i18n';
import '../i18n';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../../components/use-document-title';
import { ApiError } from '../../../lib/http';
import { FormAlert } from '../../../components/form-alert';
import { longDay, slotRange } from '../../delivery/utils/format-slot';
import { useOrder } from '../api/get-order';
import { useRetryPayment } from '../api/retry-payment';
import { goToPaymentPage } from '../../checkout/utils/go-to-payment-page';
import { formatEuro } from '../../checkout/utils/money';
import { useFocusOnArrival } from '../../../components/use-focus-on-arrival';

type Status = 'success' | 'failed' | 'pending';
const STATUSES: readonly Status[] = ['success', 'failed', 'pending'];
const SEVERITY = { success: 'success', failed: 'error', pending: 'warning' } as const;

/**
 * /checkout/completed/:status?order_id=N: where the payment provider sends the browser back (and where an
 * offline payment type lands). Links to the order; when failed, retry or change the payment type.
 */
export function PaymentCompleted() {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const status: Status = STATUSES.includes(params.status as Status) ? (params.status as Status) : 'pending';
  const raw = search.get('order_id') ?? '';
  const orderId = /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
  const order = useOrder(orderId);
  const retry = useRetryPayment();
  const [errors, setErrors] = useState<string[]>([]);
  const queryClient = useQueryClient();
  const title = t(`checkout.completed.${status}Title`);
  useDocumentTitle(title);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // the outcome of the purchase: the next Tab starts from it (also on the payment provider's way back)
  useFocusOnArrival(headingRef, 'mount');

  // the cart changed (closed, or reopened): the header's cart and delivery indicator read it again
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: ['account', 'cart'] });
  }, [queryClient]);

  const o = order.data;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 5 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 } }}>
        <Typography ref={headingRef} tabIndex={-1} variant="h1" sx={{ fontSize: { xs: 26, md: 32 }, mb: 2 }}>
          {title}
        </Typography>
        <Alert severity={SEVERITY[status]} sx={{ mb: 2 }}>
          {orderId != null
            ? t(`checkout.completed.${status}Text`, { orderId })
            : t('checkout.completed.noOrder')}
        </Alert>
        <FormAlert messages={errors} focus />
        {o ? (
          <Box sx={{ mb: 2 }}>
            <Typography>{t('checkout.completed.total', { total: formatEuro(o.grossTotal) })}</Typography>
            {o.timeslot.date ? (
              <Typography>
                {t(o.homeDelivery ? 'checkout.completed.slot' : 'checkout.completed.pickupSlot', {
                  slot: `${longDay(o.timeslot.date)}, ${slotRange(o.timeslot.beginTime, o.timeslot.endTime)}`,
                })}
              </Typography>
            ) : null}
          </Box>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {status === 'failed' && orderId != null && (o?.canRetryPayment ?? true) ? (
            <Button
              variant="contained"
              disabled={retry.isPending}
              onClick={() => {
                setErrors([]);
                retry.mutate(orderId, {
                  onSuccess: (data) => {
                    if (data.paymentUrl) goToPaymentPage(data.paymentUrl);
                  },
                  onError: (e) =>
                    setErrors(e instanceof ApiError && e.message ? [e.message] : [t('orders.actions.error')]),
                });
              }}
            >
              {t('checkout.completed.retry')}
            </Button>
          ) : null}
          {status === 'failed' && orderId != null ? (
            <Button component={RouterLink} to={`/profile/orders/${orderId}`} variant="outlined">
              {t('checkout.completed.changePayment')}
            </Button>
          ) : null}
          {orderId != null ? (
            <Button
              component={RouterLink}
              to={`/profile/orders/${orderId}`}
              variant={status === 'failed' ? 'text' : 'contained'}
            >
              {t('checkout.completed.viewOrder')}
            </Button>
          ) : (
            <Button component={RouterLink} to="/profile/orders" variant="contained">
              {t('checkout.completed.orders')}
            </Button>
          )}
          <Button component={RouterLink} to="/" variant="text">
            {t('checkout.completed.continue')}
          </Button>
        </Box>
      </Paper>
    </Container>
  );
}
