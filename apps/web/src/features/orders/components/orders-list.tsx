import '../i18n';
import '../../delivery/i18n';
import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ORDERS_PAGE_SIZE, type Order, type OrderListQuery } from '@spesa/shared/contracts/orders';
import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import { PageLoading } from '../../../components/page-loading';
import { useDocumentTitle } from '../../../components/use-document-title';
import { FormAlert } from '../../../components/form-alert';
import { FormCheckbox, FormTextField } from '../../../components/form-fields';
import { FormDateField } from '../../../components/form-date-field';
import { longDay, slotRange } from '../../delivery/utils/format-slot';
import { formatEuro } from '../../checkout/utils/money';
import { useOrders } from '../api/get-orders';
import { formatOrderDate } from '../utils/format';
import { OrderStatusChip } from './order-status-chip';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const AMOUNT = /^\d{1,7}([.,]\d{1,2})?$/;

/** The list's query from the address bar (bad values are ignored, never sent). */
export function queryFromParams(params: URLSearchParams): OrderListQuery {
  const date = (name: string) => {
    const v = params.get(name) ?? '';
    return ISO_DATE.test(v) ? v : undefined;
  };
  const amount = (name: string) => {
    const v = params.get(name) ?? '';
    return AMOUNT.test(v) ? Number(v.replace(',', '.')) : undefined;
  };
  const page = Number(params.get('page'));
  return {
    page: Number.isInteger(page) && page > 1 && page <= 100_000 ? page : 1,
    page_size: ORDERS_PAGE_SIZE,
    show_pending: params.get('pending') === 'true' ? true : undefined,
    from_date: date('from_date'),
    to_date: date('to_date'),
    from_gross_total: amount('from_total'),
    to_gross_total: amount('to_total'),
  };
}

function buildFilterSchema(t: (k: string) => string) {
  const amount = z
    .string()
    .trim()
    .refine((v) => v === '' || AMOUNT.test(v), { error: 'Accetta solo numeri.' });
  const date = z
    .string()
    .trim()
    .refine((v) => v === '' || ISO_DATE.test(v), { error: 'Digitare una data valida' });
  return z
    .object({ fromDate: date, toDate: date, fromTotal: amount, toTotal: amount, pending: z.boolean() })
    .superRefine((v, ctx) => {
      if (v.fromDate && v.toDate && v.fromDate > v.toDate)
        ctx.addIssue({ code: 'custom', path: ['toDate'], message: t('orders.filters.dateOrder') });
      const num = (s: string) => Number(s.replace(',', '.'));
      if (v.fromTotal && v.toTotal && num(v.fromTotal) > num(v.toTotal))
        ctx.addIssue({ code: 'custom', path: ['toTotal'], message: t('orders.filters.totalOrder') });
    });
}
type FilterValues = z.input<ReturnType<typeof buildFilterSchema>>;

/** /profile/orders: the customer's orders, 12 a page, with the filters of spec section 3. */
export function OrdersList() {
  const { t } = useTranslation();
  useDocumentTitle(t('orders.title'));
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFromParams(params), [params]);
  const orders = useOrders(query);
  const filtered = Boolean(
    query.from_date || query.to_date || query.from_gross_total != null || query.to_gross_total != null,
  );

  const schema = useMemo(() => buildFilterSchema(t), [t]);
  const { control, handleSubmit, reset } = useForm<FilterValues>({
    resolver: zodResolver(schema),
    values: {
      fromDate: query.from_date ?? '',
      toDate: query.to_date ?? '',
      fromTotal: query.from_gross_total != null ? String(query.from_gross_total) : '',
      toTotal: query.to_gross_total != null ? String(query.to_gross_total) : '',
      pending: query.show_pending === true,
    },
  });

  const setPage = (page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    setParams(next);
    document.getElementById('orders-heading')?.focus();
  };

  const totPages = orders.data?.page.totPages ?? 0;
  return (
    <Box>
      <Typography
        variant="h1"
        id="orders-heading"
        tabIndex={-1}
        sx={{ fontSize: { xs: 28, md: 34 }, mb: 2, '&:focus': { outline: 'none' } }}
      >
        {t('orders.title')}
      </Typography>

      <Paper
        component="form"
        variant="outlined"
        noValidate
        aria-labelledby="orders-filters"
        onSubmit={handleSubmit((v) => {
          const next = new URLSearchParams();
          if (v.fromDate) next.set('from_date', v.fromDate);
          if (v.toDate) next.set('to_date', v.toDate);
          if (v.fromTotal) next.set('from_total', v.fromTotal.replace(',', '.'));
          if (v.toTotal) next.set('to_total', v.toTotal.replace(',', '.'));
          if (v.pending) next.set('pending', 'true');
          setParams(next);
        })}
        sx={{ p: 2, mb: 3 }}
      >
        <Typography component="h2" variant="subtitle1" id="orders-filters" sx={{ fontWeight: 500, mb: 1 }}>
          {t('orders.filters.title')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
          }}
        >
          <FormDateField control={control} name="fromDate" label={t('orders.filters.fromDate')} />
          <FormDateField control={control} name="toDate" label={t('orders.filters.toDate')} />
          <FormTextField
            control={control}
            name="fromTotal"
            inputMode="decimal"
            label={t('orders.filters.fromTotal')}
          />
          <FormTextField
            control={control}
            name="toTotal"
            inputMode="decimal"
            label={t('orders.filters.toTotal')}
          />
        </Box>
        <Box sx={{ mt: 1 }}>
          <FormCheckbox control={control} name="pending" label={t('orders.filters.pending')} />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained">
            {t('orders.filters.apply')}
          </Button>
          <Button
            type="button"
            variant="text"
            onClick={() => {
              reset({ fromDate: '', toDate: '', fromTotal: '', toTotal: '', pending: false });
              setParams(new URLSearchParams());
            }}
          >
            {t('orders.filters.reset')}
          </Button>
        </Box>
      </Paper>

      {orders.isPending ? <PageLoading /> : null}
      {orders.isError ? <FormAlert messages={[t('orders.loadError')]} /> : null}
      {orders.data ? (
        <Box aria-busy={orders.isFetching}>
          <Typography role="status" sx={{ mb: 1, color: 'text.secondary' }}>
            {orders.data.orders.length === 0
              ? filtered
                ? t('orders.emptyFiltered')
                : t('orders.empty')
              : t('orders.count', { count: orders.data.page.totItems })}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {orders.data.orders.map((order) => (
              <li key={order.orderId}>
                <OrderRow order={order} />
              </li>
            ))}
          </Box>
          {totPages > 1 ? (
            <Box
              component="nav"
              aria-label={t('orders.paging')}
              sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}
            >
              <Pagination
                count={totPages}
                page={query.page ?? 1}
                onChange={(_, page) => setPage(page)}
                color="primary"
                showFirstButton
                showLastButton
                getItemAriaLabel={pageLabel}
              />
            </Box>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}

const PAGE_BUTTONS: Record<string, string> = {
  first: 'Prima pagina',
  last: 'Ultima pagina',
  next: 'Pagina successiva',
  previous: 'Pagina precedente',
};
function pageLabel(type: string, page: number | null, selected: boolean): string {
  if (type === 'page')
    return selected ? `Pagina ${page ?? ''}, pagina corrente` : `Vai alla pagina ${page ?? ''}`;
  return PAGE_BUTTONS[type] ?? '';
}

function OrderRow({ order }: { order: Order }) {
  const { t } = useTranslation();
  const slot = order.timeslot;
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 2,
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: '1fr auto', sm: '1.2fr 1.6fr 1fr auto' },
        alignItems: 'center',
      }}
    >
      <Box>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('orders.orderNumber', { orderId: order.orderId })}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {formatOrderDate(order.date)}
        </Typography>
      </Box>
      <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, order: { xs: 3, sm: 0 } }}>
        <Typography variant="body2">
          {order.homeDelivery ? t('orders.homeDelivery') : t('orders.pickup')} ·{' '}
          {slot.date ? `${longDay(slot.date)}, ${slotRange(slot.beginTime, slot.endTime)}` : ''}
        </Typography>
        <Box sx={{ mt: 0.5 }}>
          <OrderStatusChip order={order} />
        </Box>
      </Box>
      <Typography sx={{ fontWeight: 600, textAlign: { xs: 'right', sm: 'left' } }}>
        {/* what was charged once the order was prepared; the ordered total until then */}
        {order.capturedAmount != null
          ? t('orders.charged', { amount: formatEuro(order.capturedAmount) })
          : order.orderStatusId === ORDER_STATUS.cancelled
            ? t('orders.cancelledNothingCharged')
            : formatEuro(order.grossTotal)}
      </Typography>
      <Button
        component={RouterLink}
        to={`/profile/orders/${order.orderId}`}
        variant="outlined"
        aria-label={t('orders.table.openLabel', { orderId: order.orderId })}
        sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, order: { xs: 4, sm: 0 } }}
      >
        {t('orders.table.open')}
      </Button>
    </Paper>
  );
}
