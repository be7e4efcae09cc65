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
