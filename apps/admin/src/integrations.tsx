import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { AdminDelivery, AdminIntegrationClient } from '@spesa/shared/contracts/admin-integration';
import {
  INTEGRATION_SCOPES,
  WEBHOOK_EVENT_TYPES,
  type IntegrationScope,
  type WebhookEventType,
} from '@spesa/shared/contracts/integration';
import { TIME_ZONE } from '@spesa/shared/time/rome';
import { PageHeading } from './page-heading';
import { adminCall } from './api';
import { SectionTable } from './section-table';
import { integrationTexts as T } from './texts';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('it-IT', { timeZone: TIME_ZONE }) : T.never;

/** Checkboxes of a set of values, each with its Italian label. */
function Choices<V extends string>(props: {
  legend: string;
  values: readonly V[];
  labels: Record<string, string>;
  chosen: V[];
  onChange: (chosen: V[]) => void;
}) {
  return (
    <FormGroup row aria-label={props.legend}>
      {props.values.map((v) => (
        <FormControlLabel
          key={v}
          label={props.labels[v] ?? v}
          control={
            <Checkbox
              checked={props.chosen.includes(v)}
              onChange={(e) =>
                props.onChange(e.target.checked ? [...props.chosen, v] : props.chosen.filter((c) => c !== v))
              }
            />
          }
        />
      ))}
    </FormGroup>
  );
}

/**
 * Integrazioni (decision 096): an administrator registers the chain's systems with their scopes (the secret
 * is shown once), revokes them, sets their webhook, and sends the failed deliveries again ("Riprova").
 */
export function IntegrationsPage() {
  const [clients, setClients] = useState<AdminIntegrationClient[]>([]);
  const [dead, setDead] = useState<AdminDelivery[]>([]);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [created, setCreated] = useState<{ clientId: string; clientSecret: string } | null>(null);
  const [signing, setSigning] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    setClients((await adminCall('GET /admin/integration/clients', {})).clients);
    setDead((await adminCall('GET /admin/integration/deliveries', { query: { state: 'dead' } })).deliveries);
  }, []);
  useEffect(() => {
    reload().catch((e: unknown) =>
      setMessage({ severity: 'error', text: e instanceof Error ? e.message : T.failed }),
    );
  }, [reload]);

  const act = async (work: () => Promise<string | null>) => {
    setBusy(true);
    setMessage(null);
    try {
      const done = await work();
      if (done) setMessage({ severity: 'success', text: done });
      await reload();
    } catch (e) {
      setMessage({ severity: 'error', text: e instanceof Error ? e.message : T.failed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ p: 2 }}>
      <PageHeading title={T.title} help={T.help} />
      {message ? (
        <Alert severity={message.severity} sx={{ my: 2 }}>
          {message.text}
        </Alert>
      ) : null}
      <NewClient
        busy={busy}
        onCreate={(name, scopes) =>
          act(async () => {
            const made = await adminCall('POST /admin/integration/clients/create', {
              body: { name, scopes },
            });
            setCreated({ clientId: made.client.clientId, clientSecret: made.clientSecret });
            return null;
          })
        }
      />
      {created ? (
        <Alert severity="warning" sx={{ my: 2 }} onClose={() => setCreated(null)}>
          <Typography>{T.secretTitle}</Typography>
          <Typography component="p" sx={{ fontFamily: 'monospace' }}>
            {T.clientId}: {created.clientId}
          </Typography>
          <Typography component="p" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {T.clientSecret}: {created.clientSecret}
          </Typography>
        </Alert>
      ) : null}
      <ClientsTable
        clients={clients}
        busy={busy}
        onRevoke={(c) =>
          act(async () => {
            await adminCall('POST /admin/integration/clients/:id/revoke', { params: { id: c.id } });
            return T.revokedDone;
          })
        }
      />
      <WebhookForm
        clients={clients.filter((c) => c.revokedAt === null)}
        busy={busy}
        onSave={(id, url, events) =>
          act(async () => {
            const saved = await adminCall('POST /admin/integration/clients/:id/webhook', {
              params: { id },
              body: { url, events },
            });
            setSigning(saved.signingSecret);
            return T.webhookSaved;
          })
        }
      />
      {signing ? (
        <Alert severity="warning" sx={{ my: 2 }} onClose={() => setSigning(null)}>
          {T.signingSecret} <span style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{signing}</span>
        </Alert>
      ) : null}
      <DeadDeliveries
        deliveries={dead}
        busy={busy}
        onRetry={(d) =>
          act(async () => {
            await adminCall('POST /admin/integration/deliveries/:id/retry', { params: { id: d.id } });
            return T.retried;
          })
        }
      />
    </Box>
  );
}

function NewClient(props: { busy: boolean; onCreate: (name: string, scopes: IntegrationScope[]) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<IntegrationScope[]>([]);
  return (
    <Box component="section" aria-labelledby="integration-new" sx={{ mt: 2 }}>
      <Typography id="integration-new" variant="h6" component="h2">
        {T.newTitle}
      </Typography>
      <Stack spacing={1} sx={{ maxWidth: 640 }}>
        <TextField label={T.name} value={name} onChange={(e) => setName(e.target.value)} size="small" />
        <Choices
          legend={T.scopes}
          values={INTEGRATION_SCOPES}
          labels={T.scope}
          chosen={scopes}
          onChange={setScopes}
        />
        <Box>
          <Button variant="contained" disabled={props.busy} onClick={() => props.onCreate(name, scopes)}>
            {T.create}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function ClientsTable(props: {
  clients: AdminIntegrationClient[];
  busy: boolean;
  onRevoke: (c: AdminIntegrationClient) => void;
}) {
  return (
    <SectionTable
      id="integration-list"
      title={T.listTitle}
      headers={[T.name, T.clientId, T.scopes, T.lastUse, T.webhookTitle, T.state]}
      rows={props.clients}
      rowKey={(c) => c.id}
      cells={(c) => [
        c.name,
        <Box component="span" sx={{ fontFamily: 'monospace' }}>
          {c.clientId}
        </Box>,
        c.scopes.map((s) => T.scope[s] ?? s).join(', '),
        when(c.lastUsedAt),
        c.webhookUrl ?? '—',
        c.revokedAt ? (
          T.revoked
        ) : (
          <Button
            size="small"
            color="error"
            disabled={props.busy}
            aria-label={T.revokeLabel(c.name)}
            onClick={() => props.onRevoke(c)}
          >
            {T.revoke}
          </Button>
        ),
      ]}
    />
  );
}

function WebhookForm(props: {
  clients: AdminIntegrationClient[];
  busy: boolean;
  onSave: (id: number, url: string, events: WebhookEventType[]) => void;
}) {
  const [id, setId] = useState<number | ''>('');
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const choose = (value: number) => {
    const c = props.clients.find((x) => x.id === value);
    setId(value);
    setUrl(c?.webhookUrl ?? '');
    setEvents(c?.webhookEvents ?? []);
  };
  return (
    <Box component="section" aria-labelledby="integration-webhook" sx={{ mt: 3 }}>
      <Typography id="integration-webhook" variant="h6" component="h2">
        {T.webhookTitle}
      </Typography>
      <Typography variant="body2">{T.webhookHelp}</Typography>
      <Stack spacing={1} sx={{ maxWidth: 640, mt: 1 }}>
        <TextField
          select
          size="small"
          label={T.webhookClient}
          value={id}
          onChange={(e) => choose(Number(e.target.value))}
        >
          {props.clients.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" label={T.webhookUrl} value={url} onChange={(e) => setUrl(e.target.value)} />
        <Choices
          legend={T.webhookEvents}
          values={WEBHOOK_EVENT_TYPES}
          labels={T.event}
          chosen={events}
          onChange={setEvents}
        />
        <Box>
          <Button
            variant="outlined"
            disabled={props.busy || id === ''}
            onClick={() => id !== '' && props.onSave(id, url, events)}
          >
            {T.saveWebhook}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function DeadDeliveries(props: {
  deliveries: AdminDelivery[];
  busy: boolean;
  onRetry: (d: AdminDelivery) => void;
}) {
  return (
    <SectionTable
      id="integration-dead"
      title={T.deadTitle}
      empty={T.deadNone}
      headers={[T.webhookClient, T.event_, T.attempts, T.lastError, T.lastUse, '']}
      rows={props.deliveries}
      rowKey={(d) => d.id}
      cells={(d) => [
        d.clientName,
        T.event[d.eventType] ?? d.eventType,
        d.attempts,
        d.lastError ?? '',
        when(d.updatedAt),
        <Button
          size="small"
          disabled={props.busy}
          aria-label={T.retryLabel(d.id)}
          onClick={() => props.onRetry(d)}
        >
          {T.retry}
        </Button>,
      ]}
    />
  );
}
