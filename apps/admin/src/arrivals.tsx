import { useMediaQuery, type Theme } from '@mui/material';
import type { StaffArrival } from '@spesa/shared/contracts/admin-orders';
import { DataTable, List, SimpleList } from 'react-admin';
import { arrivalTexts as T } from './texts';
import { TIME_ZONE } from '@spesa/shared/time/rome';

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString('it-IT', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });
const km = (n: number) => `${n.toLocaleString('it-IT', { maximumFractionDigits: 1 })} km`;
const slot = (a: StaffArrival) => `${a.beginTime.slice(0, 5)}–${a.endTime.slice(0, 5)}`;

/** How often the open list asks again: a customer's message should reach the store within the minute. */
export const ARRIVALS_REFRESH_MS = 20_000;

/**
 * "Arrivi di oggi" (decision 049): the customers on the way to collect a Drive order today at the member's
 * stores, latest message first: order, customer, plate or bay, distance, when they wrote. Read only; live: the
 * list asks again every 20 seconds while open, and at once when the member comes back to the tab.
 */
export function ArrivalList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      perPage={50}
      exporter={false}
      empty={false}
      title={T.title}
      queryOptions={{
        refetchInterval: ARRIVALS_REFRESH_MS,
        refetchIntervalInBackground: false,
        refetchOnWindowFocus: 'always',
      }}
    >
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
