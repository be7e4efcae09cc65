import type { Theme } from '@mui/material';
import { useMediaQuery } from '@mui/material';
import type { AdminOperatorAction } from '@spesa/shared/contracts/admin-operators';
import { DataTable, List, NumberInput, SelectInput, SimpleList } from 'react-admin';
import { TIME_ZONE } from '@spesa/shared/time/rome';

const OUTCOME: Record<AdminOperatorAction['outcome'], string> = {
  done: 'Eseguita',
  failed: 'Non riuscita',
  refused: 'Rifiutata',
};

const filters = [
  <NumberInput key="operatorUserId" source="operatorUserId" alwaysOn />,
  <NumberInput key="customerUserId" source="customerUserId" alwaysOn />,
  <SelectInput
    key="outcome"
    source="outcome"
    choices={Object.entries(OUTCOME).map(([id, name]) => ({ id, name }))}
  />,
];

const when = (r: AdminOperatorAction) => new Date(r.at).toLocaleString('it-IT', { timeZone: TIME_ZONE });

/**
 * What operators did while acting for customers, and every refusal (decision 053): read-only, newest first,
 * filtered by operator or customer (their user ids, as the customers' and the staff's pages show them).
 */
export function OperatorActionList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} perPage={50} exporter={false}>
      {small ? (
        <SimpleList<AdminOperatorAction>
          linkType={false}
          primaryText={(r) => `${r.operatorName || '—'} · ${r.label}`}
          secondaryText={(r) => `${when(r)} · ${OUTCOME[r.outcome]}`}
          tertiaryText={(r) => (r.customerUserId ? `Cliente ${r.customerUserId}` : '')}
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="at" render={when} />
          <DataTable.Col source="operatorName" />
          <DataTable.Col source="operatorUserId" />
          <DataTable.Col source="customerUserId" />
          <DataTable.Col source="label" />
          <DataTable.Col source="action" />
          <DataTable.Col source="outcome" render={(r: AdminOperatorAction) => OUTCOME[r.outcome]} />
          <DataTable.Col source="code" />
          <DataTable.Col source="requestId" />
        </DataTable>
      )}
    </List>
  );
}
