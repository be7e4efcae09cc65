import Container from '@mui/material/Container';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { OrderDetail } from '../../features/orders/components/order-detail';
import { OrdersList } from '../../features/orders/components/orders-list';

/** /profile/orders (inside the guarded customer area). */
export function OrdersRoute() {
  return <OrdersList />;
}

/** /profile/orders/:orderId */
export function OrderDetailRoute() {
  return <OrderDetail />;
}

/**
 * /order/:orderId?access_token=...: the confirmation e-mail's read-only link, outside the guarded area.
 * Without a token it is the customer's own order page.
 */
export function TokenOrderRoute() {
  const [search] = useSearchParams();
  const { orderId = '' } = useParams();
  const accessToken = search.get('access_token');
  if (!accessToken) return <Navigate to={`/profile/orders/${encodeURIComponent(orderId)}`} replace />;
  // outside the customer area's layout: the page's own margins
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <OrderDetail accessToken={accessToken} />
    </Container>
  );
}
