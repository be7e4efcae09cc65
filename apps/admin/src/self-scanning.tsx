import {
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  RESCAN_PERCENT_TEXT,
  selfScanningPosterPath,
  type AdminSelfScanningDetail,
  type AdminSelfScanningSession,
  type AdminSelfScanningStore,
} from '@spesa/shared/contracts/admin-smartcart';
import { mayWrite, type StaffRole } from '@spesa/shared/contracts/admin';
import type { SmartCartStatus } from '@spesa/shared/contracts/smartcart';
import {
  BooleanInput,
  DataTable,
  EditButton,
  FunctionField,
  Labeled,
  List,
  NumberInput,
  Show,
  SimpleList,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  required,
  usePermissions,
  useRecordContext,
  type Validator,
} from 'react-admin';
import { SafeEdit } from './safe-edit';
import { TIME_ZONE } from '@spesa/shared/time/rome';

const STATUS_TEXT: Record<SmartCartStatus, string> = {
  open: 'In corso',
  ended: 'Conclusa, da pagare',
  closing: 'In cassa',
  closed: 'Pagata',
  cancelled: 'Annullata',
};
const time = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleTimeString('it-IT', {
        timeZone: TIME_ZONE,
        hour: '2-digit',
        minute: '2-digit',
      })
    : '—';
const euro = (cents: number) =>
  new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', signDisplay: 'exceptZero' }).format(
    cents / 100,
  );

/** A flagged session's re-scan outcome as the till reported it. */
function rescanText(s: AdminSelfScanningSession): string {
  if (!s.rescan) return '—';
  if (s.rescanOutcome === 'passed') return 'Superato';
  if (s.rescanOutcome === 'discrepancies')
    return `${s.rescanDiscrepancies ?? 0} ${s.rescanDiscrepancies === 1 ? 'differenza' : 'differenze'}, ${euro(s.rescanAdjustedCents ?? 0)}`;
  return s.status === 'cancelled' ? 'Non eseguito (annullata)' : 'Da eseguire';
}

const OnOff = ({ on }: { on: boolean }) => (
  <Chip size="small" color={on ? 'success' : 'default'} label={on ? 'Attivo' : 'Spento'} />
);

/** The stores with their self-scanning state, share and today's sessions. */
export function SelfScanningList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List perPage={100} pagination={false} exporter={false} title="Self-scanning nei punti vendita">
      {small ? (
        <SimpleList<AdminSelfScanningStore>
          primaryText={(r) => r.name}
          secondaryText={(r) =>
            `${r.enabled ? 'Attivo' : 'Spento'} · ricontrollo ${r.rescanPercent}% · oggi ${r.today.started} iniziate, ` +
            `${r.today.ended} concluse, ${r.today.flagged} da ricontrollare`
          }
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="name" />
          <DataTable.Col source="city" />
          <DataTable.Col source="enabled" render={(r: AdminSelfScanningStore) => <OnOff on={r.enabled} />} />
          <DataTable.Col
            source="rescanPercent"
            label="Ricontrollo"
            render={(r: AdminSelfScanningStore) =>
              `${r.rescanPercent}%${r.rescanPercentDefault ? ' (predefinito)' : ''}`
            }
          />
          <DataTable.Col label="Oggi: iniziate" render={(r: AdminSelfScanningStore) => r.today.started} />
          <DataTable.Col label="Concluse" render={(r: AdminSelfScanningStore) => r.today.ended} />
          <DataTable.Col label="Pagate" render={(r: AdminSelfScanningStore) => r.today.closed} />
          <DataTable.Col label="Annullate" render={(r: AdminSelfScanningStore) => r.today.cancelled} />
          <DataTable.Col label="Da ricontrollare" render={(r: AdminSelfScanningStore) => r.today.flagged} />
          <DataTable.Col
            label="Esiti (ok / differenze / da fare)"
            render={(r: AdminSelfScanningStore) =>
              `${r.today.rescanPassed} / ${r.today.rescanDiscrepancies} / ${r.today.rescanPending}`
            }
          />
        </DataTable>
      )}
    </List>
  );
}

/** Today's sessions of the store shown, newest first. */
function DaySessions() {
  const store = useRecordContext<AdminSelfScanningDetail>();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // the list's row stands in for the record until the store's own answer (with its sessions) arrives
  if (!store?.sessions) return <Typography>Caricamento…</Typography>;
  if (store.sessions.length === 0) return <Typography>Nessuna spesa self-scanning oggi.</Typography>;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Spese self-scanning di oggi">
        <TableHead>
          <TableRow>
            <TableCell>N.</TableCell>
            <TableCell>Stato</TableCell>
            {small ? null : <TableCell align="right">Righe</TableCell>}
            <TableCell>Inizio</TableCell>
            {small ? null : <TableCell>Fine</TableCell>}
            <TableCell>Ricontrollo in cassa</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {store.sessions.map((s) => (
            <TableRow key={s.sessionId}>
              <TableCell>{s.sessionId}</TableCell>
              <TableCell>{STATUS_TEXT[s.status]}</TableCell>
              {small ? null : <TableCell align="right">{s.lines}</TableCell>}
              <TableCell>{time(s.startedAt)}</TableCell>
              {small ? null : <TableCell>{time(s.closedAt ?? s.cancelledAt ?? s.endedAt)}</TableCell>}
              <TableCell>{rescanText(s)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Opens the store's entrance poster (A4 PDF) in a new tab, to print. */
function PosterButton() {
  const store = useRecordContext<AdminSelfScanningStore>();
  if (!store) return null;
  return (
    <Button variant="outlined" href={selfScanningPosterPath(store.id)} target="_blank" rel="noopener">
      Stampa il cartello (PDF)
    </Button>
  );
}

function SelfScanningActions() {
  const { permissions } = usePermissions<StaffRole>();
  return (
    <TopToolbar>
      <PosterButton />
      {mayWrite(permissions, 'selfScanning') ? <EditButton label="Modifica impostazioni" /> : null}
    </TopToolbar>
  );
}

export function SelfScanningShow() {
  return (
    <Show actions={<SelfScanningActions />}>
      <SimpleShowLayout>
        <TextField source="name" />
        <FunctionField source="enabled" render={(r: AdminSelfScanningStore) => <OnOff on={r.enabled} />} />
        <FunctionField
          source="rescanPercent"
          render={(r: AdminSelfScanningStore) =>
            `${r.rescanPercent}%${r.rescanPercentDefault ? ' (valore predefinito della catena)' : ''}`
          }
        />
        <TextField source="entranceCode" />
      </SimpleShowLayout>
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Stack spacing={1}>
            <Typography component="h2" variant="h6">
              Spese di oggi
            </Typography>
            <Labeled label="Riepilogo">
              <FunctionField
                render={(r: AdminSelfScanningStore) =>
                  `${r.today.started} iniziate, ${r.today.ended} concluse, ${r.today.closed} pagate, ` +
                  `${r.today.cancelled} annullate; ${r.today.flagged} da ricontrollare ` +
                  `(${r.today.rescanPassed} superati, ${r.today.rescanDiscrepancies} con differenze, ` +
                  `${r.today.rescanPending} da eseguire)`
                }
              />
            </Labeled>
            <DaySessions />
          </Stack>
        </CardContent>
      </Card>
    </Show>
  );
}

const percent: Validator = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Number.isInteger(Number(value)) && Number(value) >= 0 && Number(value) <= 100)
    ? undefined
    : RESCAN_PERCENT_TEXT;

/** Switches self-scanning on or off and sets the share of sessions re-scanned at the till. */
export function SelfScanningEdit() {
  return (
    <SafeEdit redirect="show">
      <BooleanInput source="enabled" />
      {/* no min/max attributes: the browser's own bubble would speak English; the validator speaks Italian */}
      <NumberInput
        source="rescanPercent"
        validate={[required(), percent]}
        helperText="Quota delle spese concluse che la cassa ricontrolla a campione, da 0 a 100."
      />
    </SafeEdit>
  );
}
