import { useMediaQuery, type Theme } from '@mui/material';
import type { StaffArrival } from '@spesa/shared/contracts/admin-orders';
import { DataTable, List, SimpleList } from 'react-admin';
import { arrivalTexts as T } from './texts';

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' });
const km = (n: number) => `${n.toLocaleString('it-IT', { maximumFractionDigits: 1 })} km`;
const slot = (a: StaffArrival) => `${a.beginTime.slice(0, 5)}–${a.endTime.slice(0, 5)}`;

/**
 * "Arrivi di oggi" (decision 049): the customers on the way to collect a Drive order today at the member's
 * stores, latest message first: order, customer, plate or bay, distance, when they wrote. Read only.
 */
export function ArrivalList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List perPage={50} exporter={false} empty={false} title={T.title}>
      {small ? (
        <SimpleList<StaffArrival>
          primaryText={(a) => `${T.orderNo(a.orderId)} · ${a.customerName}`}
          secondaryText={(a) => `${a.reservationInfo} · ${km(a.distance)}`}
          tertiaryText={(a) => time(a.updatedAt)}
          linkType={false}
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="orderId" />
          <DataTable.Col source="customerName" />
          <DataTable.Col source="reservationInfo" />
          <DataTable.Col source="distance" render={(a: StaffArrival) => km(a.distance)} />
          <DataTable.Col source="updatedAt" render={(a: StaffArrival) => time(a.updatedAt)} />
          <DataTable.Col source="beginTime" render={(a: StaffArrival) => slot(a)} />
          <DataTable.Col source="warehouseName" />
          <DataTable.Col source="orderStatusDescr" />
        </DataTable>
      )}
    </List>
  );
}
