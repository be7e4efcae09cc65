import type { Theme } from '@mui/material';
import { useMediaQuery } from '@mui/material';
import type { AdminAuditEntry } from '@spesa/shared/contracts/admin';
import { BooleanField, DataTable, List, SelectInput, SimpleList, TextInput } from 'react-admin';
import { TIME_ZONE } from '@spesa/shared/time/rome';

const filters = [
  <SelectInput
    key="resource"
    source="resource"
    alwaysOn
    choices={[
      { id: 'products', name: 'Prodotti' },
      { id: 'session', name: 'Accessi' },
      { id: 'slot-days', name: 'Fasce orarie' },
      { id: 'orders', name: 'Ordini' },
      { id: 'promotions', name: 'Promozioni' },
      { id: 'slot-templates', name: 'Fasce orarie (modelli)' },
      { id: 'customers', name: 'Clienti' },
      { id: 'votes', name: 'Recensioni' },
      { id: 'access', name: 'Operazioni rifiutate' },
    ]}
  />,
  <TextInput key="action" source="action" />,
];

const ACTION: Record<string, string> = {
  login: 'Accesso',
  enrol: 'Attivazione app',
  update: 'Modifica',
  'close-day': 'Chiusura giorno',
  'open-day': 'Riapertura giorno',
  status: 'Cambio di stato',
  pick: 'Riga preparata',
  prepared: 'Preparato e addebitato',
  view: 'Consultazione',
  note: 'Nota',
  anonymize: 'Cancellazione dati personali',
  create: 'Creazione',
  end: 'Chiusura',
  approve: 'Approvazione',
  reject: 'Rifiuto',
};
const RESOURCE: Record<string, string> = {
  products: 'Prodotti',
  session: 'Accessi',
  access: 'Operazione rifiutata',
  'slot-days': 'Fasce orarie',
  orders: 'Ordini',
  customers: 'Clienti',
  promotions: 'Promozioni',
  'slot-templates': 'Fasce orarie (modelli)',
  votes: 'Recensioni',
  'gift-card-orders': 'Gift card aziende',
};
const actionOf = (r: AdminAuditEntry) => ACTION[r.action] ?? r.action;
const resourceOf = (r: AdminAuditEntry) => RESOURCE[r.resource] ?? r.resource;

/** Changes as `campo: prima → dopo`, for the fields that changed. */
function changes(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string {
  if (!before || !after) return '';
  return Object.keys(after)
    .filter((k) => k !== 'updatedAt' && JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => `${k}: ${String(before[k] ?? '—')} → ${String(after[k] ?? '—')}`)
    .join('; ');
}

/** Every admin write and refusal, newest first (read-only: the log is never changed). */
export function AuditList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} perPage={50}>
      {small ? (
        <SimpleList<AdminAuditEntry>
          linkType={false}
          primaryText={(r) =>
            `${r.staffName || '—'} · ${actionOf(r)} · ${resourceOf(r)} ${r.resourceId ?? ''}`
          }
          secondaryText={(r) => `${new Date(r.at).toLocaleString('it-IT')}${r.allowed ? '' : ' · rifiutata'}`}
          tertiaryText={(r) => changes(r.before, r.after)}
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col
            source="at"
            render={(e: AdminAuditEntry) => new Date(e.at).toLocaleString('it-IT', { timeZone: TIME_ZONE })}
          />
          <DataTable.Col source="staffName" />
          <DataTable.Col source="action" render={actionOf} />
          <DataTable.Col source="resource" render={resourceOf} />
          <DataTable.Col source="resourceId" />
          <DataTable.Col source="allowed" field={BooleanField} />
          <DataTable.Col label="Modifiche" render={(r: AdminAuditEntry) => changes(r.before, r.after)} />
        </DataTable>
      )}
    </List>
  );
}
