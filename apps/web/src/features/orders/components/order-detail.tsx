import '../i18n';
import '../../delivery/i18n';
import { useRef, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Order, OrderItem } from '@spesa/shared/contracts/orders';
import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import { PageLoading } from '../../../components/page-loading';
import { useDocumentTitle } from '../../../components/use-document-title';
import { ApiError } from '../../../lib/http';
import { FormAlert } from '../../../components/form-alert';
import { longDay, slotRange } from '../../delivery/utils/format-slot';
import { formatEuro } from '../../checkout/utils/money';
import { useOrder } from '../api/get-order';
import { formatOrderDate, formatOrderDateTime, formatOrderQuantity } from '../utils/format';
import { OrderActions } from './order-actions';
import { OrderInvoices } from './order-invoices';
import { OrderStatusChip } from './order-status-chip';
import { canReserveParking, ParkingForm } from './parking-form';

/** A money movement's Italian name (decision 085): held, taken, given back. */
const MONEY_LABEL = {
  held: 'orders.detail.moneyHeld',
  taken: 'orders.detail.moneyTaken',
  returned: 'orders.detail.moneyReturned',
} as const;

const ORDER_ID = /^[1-9]\d{0,9}$/;

/**
 * /profile/orders/:orderId: lines (ordered vs delivered), totals, payment, slot, history and actions.
 * With `accessToken` (/order/:orderId?access_token=..., the confirmation e-mail's link) the same page is
 * read-only and needs no sign-in: no actions, no link to the customer's orders.
 */
export function OrderDetail({ accessToken }: { accessToken?: string } = {}) {
  const { t } = useTranslation();
  const { orderId: param = '' } = useParams();
  const orderId = ORDER_ID.test(param) && Number(param) <= 2_147_483_647 ? Number(param) : null;
  const order = useOrder(orderId, accessToken);
  useDocumentTitle(orderId ? t('orders.detail.title', { orderId }) : t('orders.detail.notFound'));
  const headingRef = useRef<HTMLHeadingElement>(null);

  const back = accessToken ? (
    <Typography sx={{ mb: 2, color: 'text.secondary' }}>{t('orders.detail.tokenView')}</Typography>
  ) : (
    <Link component={RouterLink} to="/profile/orders" sx={{ display: 'inline-block', mb: 2 }}>
      {t('orders.detail.back')}
    </Link>
  );
  // a bad e-mail token shows the server's own text below the title
  const notFound = !accessToken && order.isError && order.error instanceof ApiError && order.error.isNotFound;
  if (orderId == null || notFound)
    return (
      <Box>
        {back}
        <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 34 }, mb: 2 }}>
          {t('orders.detail.notFound')}
        </Typography>
      </Box>
    );
  if (order.isPending) return <PageLoading />;
  if (order.isError)
    return (
      <Box>
        {back}
        <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 34 }, mb: 2 }}>
          {t('orders.detail.title', { orderId })}
        </Typography>
        <FormAlert messages={[order.error.message || t('orders.loadError')]} />
      </Box>
    );
  const o = order.data;
  return (
    <Box>
      {back}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography
          variant="h1"
          ref={headingRef}
          tabIndex={-1}
          sx={{ fontSize: { xs: 28, md: 34 }, '&:focus': { outline: 'none' } }}
        >
          {t('orders.detail.title', { orderId: o.orderId })}
        </Typography>
        <OrderStatusChip order={o} />
      </Box>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>
        {t('orders.detail.placed', { date: formatOrderDate(o.date) })}
      </Typography>

      {accessToken ? null : (
        <Block title={t('orders.actions.title')} id="order-actions">
          <OrderActions
            order={o}
            onDone={() => {
              void order.refetch();
              headingRef.current?.focus();
            }}
          />
        </Block>
      )}

      {!accessToken && canReserveParking(o) && (
        <Block title={t('orders.parking.blockTitle')} id="order-parking">
          <ParkingForm order={o} />
        </Block>
      )}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 2 }}>
        <Block title={t('orders.detail.delivery')} id="order-delivery" flush>
          <Pairs
            rows={[
              [
                t('orders.detail.service'),
                o.homeDelivery ? t('orders.detail.homeDelivery') : t('orders.detail.pickup'),
              ],
              [
                o.homeDelivery ? t('orders.detail.address') : t('orders.detail.store'),
                `${o.shippingAddress.addressName ? `${o.shippingAddress.addressName} – ` : ''}${o.shippingAddress.address1} ${o.shippingAddress.addressNumber}, ${o.shippingAddress.postalcode} ${o.shippingAddress.city} (${o.shippingAddress.province})`,
              ],
              [
                t('orders.detail.slot'),
                o.timeslot.date
                  ? `${longDay(o.timeslot.date)}, ${slotRange(o.timeslot.beginTime, o.timeslot.endTime)}`
                  : '—',
              ],
            ]}
          />
        </Block>
        <Block title={t('orders.detail.payment')} id="order-payment" flush>
          <Pairs
            rows={[
              ...(o.walletTotal > 0
                ? ([[t('orders.detail.wallet'), formatEuro(o.walletTotal)]] as const)
                : []),
              ...(o.mealVouchers
                ? ([
                    [
                      t('orders.detail.mealVouchers'),
                      t('orders.detail.mealVouchersValue', {
                        count: o.mealVouchers.count,
                        value: formatEuro(o.mealVouchers.faceValue),
                        amount: formatEuro(o.mealVouchers.amount),
                      }),
                    ],
                    [t('orders.detail.mealVoucherCost'), formatEuro(o.mealVouchers.serviceCost)],
                  ] as const)
                : []),
              [t('orders.detail.paymentType'), o.payment.paymentTypeDescr],
              ...(o.payment.cardLast4
                ? ([
                    [t('orders.detail.card'), `${o.payment.cardBrand ?? ''} •••• ${o.payment.cardLast4}`],
                  ] as const)
                : []),
              ...(o.payment.online
                ? ([
                    [
                      t('orders.detail.authorized'),
                      formatEuro(o.payment.amountAuthorized || o.prebilledAmount),
                    ],
                  ] as const)
                : []),
              ...(o.capturedAmount != null
                ? ([[t('orders.detail.captured'), formatEuro(o.capturedAmount)]] as const)
                : []),
            ]}
          />
          {o.payment.online && o.capturedAmount == null ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
              {o.orderStatusId === ORDER_STATUS.cancelled
                ? t('orders.detail.released')
                : t('orders.detail.notCaptured')}
            </Typography>
          ) : null}
          {o.payment.online &&
          o.capturedAmount != null &&
          o.capturedAmount < (o.payment.amountAuthorized || o.prebilledAmount) ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
              {t('orders.detail.restReleased', {
                amount: formatEuro((o.payment.amountAuthorized || o.prebilledAmount) - o.capturedAmount),
              })}
            </Typography>
          ) : null}
          {o.payment.movements && o.payment.movements.length > 0 ? (
            <Box component="section" aria-labelledby="order-money-movements" sx={{ mt: 1 }}>
              <Typography id="order-money-movements" variant="subtitle2" component="h3">
                {t('orders.detail.moneyMovements')}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {o.payment.movements.map((m, i) => (
                  <Box component="li" key={`${m.kind}-${m.at}-${i}`}>
                    <Typography variant="body2">
                      {t(MONEY_LABEL[m.kind])}: {formatEuro(m.amount)} –{' '}
                      <Box component="time" dateTime={m.at}>
                        {formatOrderDateTime(m.at)}
                      </Box>
                    </Typography>
                  </Box>
                ))}
              </Box>
            </Box>
          ) : null}
        </Block>
      </Box>

      <Block title={t('orders.detail.lines')} id="order-lines">
        <OrderLines items={o.orderItems} />
      </Block>

      <Block title={t('orders.detail.totals')} id="order-totals">
        <Totals order={o} />
      </Block>

      {!accessToken && o.invoice ? (
        <Block title={t('orders.invoices.title')} id="order-invoices">
          <OrderInvoices orderId={o.orderId} requested />
        </Block>
      ) : null}

      <Block title={t('orders.detail.history')} id="order-history">
        <Box component="ol" sx={{ m: 0, pl: 3 }}>
          {o.statusHistory.map((h, i) => (
            <Box component="li" key={`${h.date}-${i}`} sx={{ mb: 0.5 }}>
              <Typography variant="body2">
                <Box component="time" dateTime={h.date} sx={{ fontWeight: 500 }}>
                  {formatOrderDateTime(h.date)}
                </Box>
                {' – '}
                {h.orderStatusDescr}
                {h.actor ? ` (${t(`orders.detail.actor.${h.actor}`, { defaultValue: h.actor })})` : ''}
              </Typography>
            </Box>
          ))}
        </Box>
      </Block>
    </Box>
  );
}

function Block({
  title,
  id,
  children,
  flush = false,
}: {
  title: string;
  id: string;
  children: ReactNode;
  flush?: boolean;
}) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2, mb: flush ? 0 : 2 }}>
      <Typography component="h2" variant="h6" id={id} sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Pairs({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}
    >
      {rows.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 500 }}>
            {k}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function OrderLines({ items }: { items: readonly OrderItem[] }) {
  const { t } = useTranslation();
  const picked = items.some((i) => i.delivered != null);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box
        component="table"
        sx={{
          width: '100%',
          borderCollapse: 'collapse',
          '& th, & td': {
            textAlign: 'left',
            p: 1,
            borderBottom: 1,
            borderColor: 'divider',
            verticalAlign: 'top',
          },
          '& th': { fontWeight: 600, fontSize: 14 },
          '& td.num, & th.num': { textAlign: 'right', whiteSpace: 'nowrap' },
        }}
      >
        <thead>
          <tr>
            <th scope="col">{t('orders.detail.lines')}</th>
            <th scope="col" className="num">
              {picked ? t('orders.detail.ordered') : t('orders.detail.quantity')}
            </th>
            {picked ? (
              <th scope="col" className="num">
                {t('orders.detail.delivered')}
              </th>
            ) : null}
            <th scope="col" className="num">
              {t('orders.detail.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const d = item.delivered;
            return (
              <tr key={item.orderItemId}>
                <td>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {item.name}
                  </Typography>
                  {d?.substitute ? (
                    <Typography variant="body2" sx={{ color: 'warning.dark' }}>
                      {t('orders.detail.substitute', { name: d.substitute.name })}
                    </Typography>
                  ) : null}
                </td>
                <td className="num">{formatOrderQuantity(item.quantity, item.unitBase)}</td>
                {picked ? (
                  <td className="num">
                    {d == null
                      ? '—'
                      : d.quantity === 0
                        ? t('orders.detail.notPicked')
                        : d.weight != null
                          ? `${formatOrderQuantity(d.weight, item.unitBase)}`
                          : formatOrderQuantity(d.quantity, item.unitBase)}
                  </td>
                ) : null}
                <td className="num">{formatEuro(d ? d.grossTotal : item.grossTotal)}</td>
              </tr>
            );
          })}
        </tbody>
      </Box>
    </Box>
  );
}

function Totals({ order: o }: { order: Order }) {
  const { t } = useTranslation();
  const rows: [string, string, boolean][] = [[t('orders.detail.items'), formatEuro(o.totalPrice), false]];
  if (o.deliveredTotal != null)
    rows.push([t('orders.detail.deliveredItems'), formatEuro(o.deliveredTotal), false]);
  if (o.giftDiscount > 0) rows.push([t('orders.detail.discount'), `-${formatEuro(o.giftDiscount)}`, false]);
  rows.push([t('orders.detail.fee'), formatEuro(o.deliveryFee), false]);
  if (o.packagingTotal > 0 || o.packaging)
    rows.push([
      o.packaging
        ? `${t('orders.detail.bags')} (${o.packaging.bags} × ${o.packaging.name})`
        : t('orders.detail.bags'),
      formatEuro(o.packagingTotal),
      false,
    ]);
  rows.push([
    o.capturedAmount != null || o.deliveredTotal != null
      ? t('orders.detail.orderedTotal')
      : t('orders.detail.total'),
    formatEuro(o.grossTotal),
    o.capturedAmount == null,
  ]);
  if (o.capturedAmount != null) rows.push([t('orders.detail.captured'), formatEuro(o.capturedAmount), true]);
  return (
    <>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5, maxWidth: 420 }}
      >
        {rows.map(([k, v, strong]) => (
          <Box key={k} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ fontWeight: strong ? 700 : 400 }}>
              {k}
            </Typography>
            <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: strong ? 700 : 400 }}>
              {v}
            </Typography>
          </Box>
        ))}
      </Box>
      {o.invoice ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('orders.detail.invoice')}
        </Typography>
      ) : null}
      {o.lotteryCode ? (
        <Typography variant="body2">{t('orders.detail.lottery', { code: o.lotteryCode })}</Typography>
      ) : null}
      {o.extraEmail ? (
        <Typography variant="body2">{t('orders.detail.extraEmail', { email: o.extraEmail })}</Typography>
      ) : null}
    </>
  );
}
