import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  FormGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { usePermissions } from 'react-admin';
import { PageHeading } from './page-heading';
import { DayField } from './day-field';
import { mayWrite, type AdminStore, type StaffRole } from '@spesa/shared/contracts/admin';
import {
  LEAFLET_STATUS_LABEL,
  type AdminLeaflet,
  type AdminLeafletBody,
} from '@spesa/shared/contracts/admin-leaflets';
import { DEFAULT_STORE } from '@spesa/shared/contracts/delivery';
import { addDays, romeToday } from '@spesa/shared/time/rome';
import { adminCall, adminUploadMany } from './api';
import { LeafletPages, LeafletProducts } from './leaflet-parts';
import { leafletTexts as T } from './leaflet-texts';

type Summary = Omit<AdminLeaflet, 'products'>;
type Meta = Pick<AdminLeafletBody, 'title' | 'description' | 'fromDate' | 'toDate' | 'warehouseIds'>;

const newMeta = (): Meta => ({
  title: '',
  description: '',
  fromDate: romeToday(),
  toDate: addDays(romeToday(), 6),
  warehouseIds: [],
});
const day = (iso: string) => iso.split('-').reverse().join('/');

/**
 * The leaflets (decision 097): the list, newest first, and the editor of one: its title, validity and stores,
 * its pages (a PDF or images), the products printed on them with the leaflet's price, publish and withdraw.
 */
export function LeafletPage() {
  const { permissions } = usePermissions<StaffRole>();
  const canWrite = mayWrite(permissions, 'leaflets');
  const [list, setList] = useState<Summary[]>([]);
  const [open, setOpen] = useState<AdminLeaflet | 'new' | null>(null);
  // the editor starts afresh when another leaflet is opened, not when the one open is saved
  const [opened, setOpened] = useState(0);
  const reload = useCallback(
    () => adminCall('GET /admin/leaflets', { query: { page: 1, perPage: 100 } }).then((r) => setList(r.data)),
    [],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  const edit = async (id: number) => {
    setOpen((await adminCall('GET /admin/leaflets/:id', { params: { id } })).data);
    setOpened((n) => n + 1);
  };

  return (
    <Box sx={{ p: 2 }}>
      <PageHeading title={T.title} help={T.help} />
      {canWrite ? (
        <Button
          variant="contained"
          onClick={() => {
            setOpen('new');
            setOpened((n) => n + 1);
          }}
        >
          {T.create}
        </Button>
      ) : null}
      {open ? (
        <LeafletEditor
          key={opened}
          leaflet={open === 'new' ? null : open}
          canWrite={canWrite}
          onSaved={(saved) => {
            setOpen(saved);
            void reload();
          }}
        />
      ) : null}
      <Table size="small" sx={{ mt: 3 }} aria-label={T.title}>
        <TableHead>
          <TableRow>
            <TableCell>{T.titleField}</TableCell>
            <TableCell>{T.validity}</TableCell>
            <TableCell>{T.pages}</TableCell>
            <TableCell>{T.status}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {list.map((l) => (
            <TableRow key={l.id}>
              <TableCell>{l.title}</TableCell>
              <TableCell>{T.range(day(l.fromDate), day(l.toDate))}</TableCell>
              <TableCell>{l.pageCount}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={LEAFLET_STATUS_LABEL[l.status]}
                  color={l.status === 'published' ? 'success' : 'default'}
                />
              </TableCell>
              <TableCell>
                <Button size="small" onClick={() => void edit(l.id)} aria-label={T.openOf(l.title)}>
                  {T.open}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** One leaflet: its data, pages and products, each part saved on its own; refusals shown as they come. */
function LeafletEditor({
  leaflet,
  canWrite,
  onSaved,
}: {
  leaflet: AdminLeaflet | null;
  canWrite: boolean;
  onSaved: (l: AdminLeaflet) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const editable =
    canWrite && (leaflet === null || (leaflet.status === 'draft' && leaflet.source === 'uploaded'));
  const act = async (work: () => Promise<AdminLeaflet>, message: string) => {
    setError(null);
    setDone(null);
    setBusy(true);
    try {
      onSaved(await work());
      setDone(message);
    } catch (e) {
      setError(e instanceof Error ? e.message : T.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="section"
      aria-label={leaflet ? leaflet.title : T.create}
      sx={{ mt: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography variant="h6" component="h2">
        {leaflet ? leaflet.title : T.create}
        {leaflet ? <Chip size="small" sx={{ ml: 1 }} label={LEAFLET_STATUS_LABEL[leaflet.status]} /> : null}
      </Typography>
      {error ? (
        <Alert severity="error" sx={{ my: 1 }}>
          {error}
        </Alert>
      ) : null}
      {done ? (
        <Alert severity="success" sx={{ my: 1 }}>
          {done}
        </Alert>
      ) : null}
      <MetaForm
        leaflet={leaflet}
        disabled={!editable || busy}
        onSave={(meta) =>
          act(
            async () =>
              leaflet
                ? (await adminCall('POST /admin/leaflets/:id', { params: { id: leaflet.id }, body: meta }))
                    .data
                : (await adminCall('POST /admin/leaflets/create', { body: meta })).data,
            T.saved,
          )
        }
      />
      {leaflet ? (
        <>
          <LeafletPages
            leaflet={leaflet}
            disabled={!editable || busy}
            onUpload={(files) =>
              act(
                async () =>
                  (await adminUploadMany('POST /admin/leaflets/:id/pages', { id: leaflet.id }, files)).data,
                T.pagesSaved,
              )
            }
          />
          <LeafletProducts
            leaflet={leaflet}
            disabled={!editable || busy}
            onSave={(products) =>
              act(
                async () =>
                  (
                    await adminCall('POST /admin/leaflets/:id/products', {
                      params: { id: leaflet.id },
                      body: { products },
                    })
                  ).data,
                T.productsSaved,
              )
            }
          />
          {canWrite ? (
            <PublishButton
              leaflet={leaflet}
              disabled={busy}
              onClick={(path, message) =>
                act(async () => (await adminCall(path, { params: { id: leaflet.id } })).data, message)
              }
            />
          ) : null}
        </>
      ) : null}
    </Box>
  );
}

/** Title, description, validity and stores (none ticked: every store). */
function MetaForm({
  leaflet,
  disabled,
  onSave,
}: {
  leaflet: AdminLeaflet | null;
  disabled: boolean;
  onSave: (meta: Meta) => Promise<void>;
}) {
  const [meta, setMeta] = useState<Meta>(() =>
    leaflet
      ? {
          title: leaflet.title,
          description: leaflet.description,
          fromDate: leaflet.fromDate,
          toDate: leaflet.toDate,
          warehouseIds: leaflet.warehouseIds,
        }
      : newMeta(),
  );
  const [stores, setStores] = useState<AdminStore[]>([]);
  useEffect(() => {
    adminCall('GET /admin/stores', {}).then(
      (r) => setStores(r.data),
      () => setStores([]),
    );
  }, []);
  const choices = [
    { id: DEFAULT_STORE.storeId, name: T.online, city: '' },
    ...stores.filter((s) => s.id !== DEFAULT_STORE.storeId),
  ];
  const toggle = (id: number) =>
    setMeta((m) => ({
      ...m,
      warehouseIds: m.warehouseIds.includes(id)
        ? m.warehouseIds.filter((w) => w !== id)
        : [...m.warehouseIds, id],
    }));
  const date = (field: 'fromDate' | 'toDate', label: string) => (
    <DayField
      id={`leaflet-${field}`}
      name={field}
      label={label}
      value={meta[field]}
      onChange={(v) => setMeta((m) => ({ ...m, [field]: v }))}
      required
    />
  );
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        void onSave(meta);
      }}
      sx={{ mt: 1 }}
    >
      <TextField
        fullWidth
        size="small"
        margin="dense"
        label={T.titleField}
        required
        value={meta.title}
        disabled={disabled}
        onChange={(e) => setMeta((m) => ({ ...m, title: e.target.value }))}
      />
      <TextField
        fullWidth
        size="small"
        margin="dense"
        label={T.description}
        multiline
        value={meta.description}
        disabled={disabled}
        onChange={(e) => setMeta((m) => ({ ...m, description: e.target.value }))}
      />
      <Stack direction="row" spacing={2}>
        {date('fromDate', T.from)}
        {date('toDate', T.to)}
      </Stack>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        {T.stores}
      </Typography>
      <FormGroup row>
        {choices.map((s) => (
          <FormControlLabel
            key={s.id}
            disabled={disabled}
            label={s.city ? `${s.name} (${s.city})` : s.name}
            control={<Checkbox checked={meta.warehouseIds.includes(s.id)} onChange={() => toggle(s.id)} />}
          />
        ))}
      </FormGroup>
      <Button type="submit" variant="contained" disabled={disabled} sx={{ mt: 1 }}>
        {T.save}
      </Button>
    </Box>
  );
}

/** "Pubblica" on a draft, "Ritira dalla pubblicazione" on a published leaflet. */
function PublishButton({
  leaflet,
  disabled,
  onClick,
}: {
  leaflet: AdminLeaflet;
  disabled: boolean;
  onClick: (
    path: 'POST /admin/leaflets/:id/publish' | 'POST /admin/leaflets/:id/unpublish',
    message: string,
  ) => Promise<void>;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
      {leaflet.status === 'draft' ? (
        <Button
          variant="contained"
          color="success"
          disabled={disabled}
          onClick={() => void onClick('POST /admin/leaflets/:id/publish', T.published)}
        >
          {T.publish}
        </Button>
      ) : (
        <Button
          variant="outlined"
          color="warning"
          disabled={disabled}
          onClick={() => void onClick('POST /admin/leaflets/:id/unpublish', T.unpublished)}
        >
          {T.unpublish}
        </Button>
      )}
    </Stack>
  );
}
