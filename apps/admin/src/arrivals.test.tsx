// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mayRead, mayWrite } from '@spesa/shared/contracts/admin';
import type { StaffArrival } from '@spesa/shared/contracts/admin-orders';
import { AdminContext, ResourceContextProvider, testDataProvider } from 'react-admin';
import { ArrivalList } from './arrivals';

afterEach(cleanup);

const arrival: StaffArrival = {
  id: 1001,
  orderId: 1001,
  orderStatusId: 6,
  orderStatusDescr: 'Preparato',
  customerName: 'Mario Rossi',
  warehouseId: 13,
  warehouseName: 'Como Centro',
  beginTime: '10:00',
  endTime: '12:00',
  distance: 2.5,
  reservationInfo: 'AB123CD',
  updatedAt: '2026-11-26T09:05:00.000Z',
};

/** "Arrivi di oggi" (decision 049): who may read it, and the list of today's arrivals. */
describe('Arrivi di oggi', () => {
  it('is read by store staff, pickers, supervisors and administrators; nobody writes it', () => {
    for (const role of ['administrator', 'store_manager', 'picker', 'supervisor'])
      expect(mayRead(role, 'arrivals')).toBe(true);
    for (const role of ['customer_service', 'catalogue_manager'])
      expect(mayRead(role, 'arrivals')).toBe(false);
    expect(mayWrite('administrator', 'arrivals')).toBe(false);
  });

  it('shows the order, the customer, the plate or bay and the distance', async () => {
    const dataProvider = testDataProvider({
      getList: (() => Promise.resolve({ data: [arrival], total: 1 })) as never,
    });
    render(
      <AdminContext dataProvider={dataProvider}>
        <ResourceContextProvider value="arrivals">
          <ArrivalList />
        </ResourceContextProvider>
      </AdminContext>,
    );
    expect(await screen.findByText('AB123CD')).toBeTruthy();
    expect(screen.getByText('Mario Rossi')).toBeTruthy();
    expect(screen.getByText('2,5 km')).toBeTruthy();
    expect(screen.getByText('10:00–12:00')).toBeTruthy();
  });
});
