import { RetireCategoryButton } from './assortment';
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import {
  mayWrite,
  type AdminCategory,
  type AdminCategoryBlock,
  type StaffRole,
} from '@spesa/shared/contracts/admin';
import { BLOCK_TYPES, BREAKPOINT_KEYS, type GridConfig } from '@spesa/shared/contracts/catalogue';
import {
  BooleanInput,
  DataTable,
  EditButton,
  List,
  NumberInput,
  SearchInput,
  TextInput,
  maxLength,
  maxValue,
  minLength,
  minValue,
  required,
  SelectInput,
  Show,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { adminCall } from './api';
import { SafeEdit } from './safe-edit';
import { categoryTexts as T } from './texts';

type Breakpoint = (typeof BREAKPOINT_KEYS)[number];
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="type"
    source="categoryTypeId"
    choices={[
      { id: 1, name: T.products },
      { id: 2, name: T.contentPages },
    ]}
    alwaysOn
  />,
];

/** Departments, aisles and content pages, with how many blocks their page has. */
export function CategoryList() {
  return (
    <List filters={filters} sort={{ field: 'id', order: 'ASC' }} perPage={50}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="id" />
        <DataTable.Col source="name" />
        <DataTable.Col source="slug" />
        <DataTable.Col source="level" />
        <DataTable.Col source="blocks" disableSort />
      </DataTable>
    </List>
  );
}

/** A column's width at a breakpoint: the nearest smaller breakpoint's when not set (as the shop lays it out). */
function widthAt(col: GridConfig['rows'][number]['cols'][number], bp: Breakpoint): number {
  const order = BREAKPOINT_KEYS.slice(0, BREAKPOINT_KEYS.indexOf(bp) + 1).reverse();
  for (const key of order) {
    const w = col[key];
    if (w) return w;
  }
  return 12;
}

/** The page as the shop lays it out at one breakpoint: rows of columns (12 parts), each with its blocks. */
function GridPreview({ category }: { category: AdminCategory }) {
  const [bp, setBp] = useState<Breakpoint>('md');
  const grid = category.gridConfig ?? { rows: [{ cols: [{ position: 'position1', xs: 12 }] }] };
  const blocksIn = (position: string) => category.categoryBlocks.filter((b) => b.position === position);
  return (
    <section aria-labelledby="grid-preview">
      <Typography id="grid-preview" variant="h6" component="h2">
        {T.preview}
      </Typography>
      <Tabs value={bp} onChange={(_e, v: Breakpoint) => setBp(v)} aria-label={T.breakpoints}>
        {BREAKPOINT_KEYS.map((key) => (
          <Tab key={key} value={key} label={T.breakpointLabel[key]} />
        ))}
      </Tabs>
      <Stack spacing={1} sx={{ mt: 1, maxWidth: { xs: 1, md: 900 } }}>
        {grid.rows.map((row, r) => (
          <Box
            key={r}
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(12, 1fr)',
              gap: 1,
              px: row.container ? 2 : 0,
              border: '1px dashed #9e9e9e',
              p: 1,
            }}
          >
            {row.cols.map((col) => (
              <Box
                key={col.position}
                sx={{ gridColumn: `span ${widthAt(col, bp)}`, bgcolor: '#e3f2fd', p: 1, minHeight: 48 }}
              >
                <Typography variant="caption" component="p" sx={{ fontWeight: 600 }}>
                  {col.position} · {widthAt(col, bp)}/12
                </Typography>
                {blocksIn(col.position).map((b) => (
                  <Typography key={b.id} variant="body2">
                    {b.blockType}
                    {typeof b.metaData.TITLE === 'string' ? `: ${b.metaData.TITLE}` : ''}
                  </Typography>
                ))}
              </Box>
            ))}
          </Box>
        ))}
      </Stack>
    </section>
  );
}

/** The grid as editable text: one row per line, columns as `position:xs/sm/md/lg/xl` (widths 1-12 or -). */
const gridToText = (grid: GridConfig | null) =>
  (grid?.rows ?? [])
    .map(
      (row) =>
        `${row.container ? '' : '!'}${row.cols
          .map((c) => `${c.position}:${BREAKPOINT_KEYS.map((k) => c[k] ?? '-').join('/')}`)
          .join(' ')}`,
    )
    .join('\n');

function textToGrid(text: string): GridConfig | string {
  const rows: GridConfig['rows'] = [];
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (!line) continue;
    const container = !line.startsWith('!');
    const cols: GridConfig['rows'][number]['cols'] = [];
    for (const part of line.replace(/^!/, '').trim().split(/\s+/)) {
      const [position, widths = ''] = part.split(':');
      if (!position) return T.gridLineInvalid(i + 1);
      const col: GridConfig['rows'][number]['cols'][number] = { position };
      const values = widths.split('/');
      for (const [k, key] of BREAKPOINT_KEYS.entries()) {
        const v = values[k];
        if (v && v !== '-') {
          const n = Number(v);
          if (!Number.isInteger(n) || n < 1 || n > 12) return T.gridLineInvalid(i + 1);
          col[key] = n;
        }
      }
      cols.push(col);
    }
    rows.push({ container, cols });
  }
  return { rows };
}

function GridEditor({ category }: { category: AdminCategory }) {
  const [text, setText] = useState(gridToText(category.gridConfig));
  const [error, setError] = useState<string | null>(null);
  const notify = useNotify();
  const refresh = useRefresh();
  const save = async () => {
    const grid = textToGrid(text);
    if (typeof grid === 'string') return setError(grid);
    setError(null);
    try {
      await adminCall('POST /admin/categories/:id/grid', {
        params: { id: category.id },
        body: { updatedAt: category.updatedAt, gridConfig: grid },
      });
      notify(T.saved, { type: 'success' });
    } catch (e) {
      setError(e instanceof Error ? e.message : T.failed);
    }
    refresh();
  };
  return (
    <Box component="section" aria-labelledby="grid-editor">
      <Typography id="grid-editor" variant="h6" component="h2">
        {T.grid}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {T.gridHelp}
      </Typography>
      {error ? <Alert severity="error">{error}</Alert> : null}
      <MuiTextField
        label={T.grid}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={4}
        fullWidth
        slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
      />
      <Button variant="contained" sx={{ mt: 1 }} onClick={() => void save()}>
        {T.saveGrid}
      </Button>
    </Box>
  );
}

/** Adding or changing a block: type, position, order, and its settings (KEY=value lines). */
function BlockDialog(props: {
  category: AdminCategory;
  block: AdminCategoryBlock | null;
  onClose: () => void;
}) {
  const { category, block } = props;
  const positions = (category.gridConfig?.rows ?? [{ cols: [{ position: 'position1' }] }]).flatMap((r) =>
    r.cols.map((c) => c.position),
  );
  const [blockType, setBlockType] = useState<string>(block?.blockType ?? 'StaticText');
  const [position, setPosition] = useState(block?.position ?? positions[0] ?? 'position1');
  const [priority, setPriority] = useState(String(block?.priority ?? 0));
  const [settings, setSettings] = useState(
    Object.entries(block?.metaData ?? { TITLE: '' })
      .map(([k, v]) => `${k}=${String(v)}`)
      .join('\n'),
  );
  const [error, setError] = useState<string | null>(null);
  const notify = useNotify();
  const refresh = useRefresh();
  const save = async () => {
    const metaData: Record<string, string | number | boolean> = {};
    for (const line of settings.split('\n')) {
      const at = line.indexOf('=');
      if (at <= 0) continue;
      const key = line.slice(0, at).trim();
      const raw = line.slice(at + 1).trim();
      metaData[key] = raw === 'true' ? true : raw === 'false' ? false : raw;
    }
    const body = {
      updatedAt: category.updatedAt,
      blockType: blockType as AdminCategoryBlock['blockType'],
      position,
      priority: Number(priority),
      metaData,
    };
    try {
      if (block) await adminCall('POST /admin/category-blocks/:id', { params: { id: block.id }, body });
      else await adminCall('POST /admin/categories/:id/blocks', { params: { id: category.id }, body });
      notify(T.saved, { type: 'success' });
      refresh();
      props.onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : T.failed);
    }
  };
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="block-title">
      <DialogTitle id="block-title">{block ? T.editBlock : T.addBlock}</DialogTitle>
      <DialogContent>
        {error ? <Alert severity="error">{error}</Alert> : null}
        <Stack spacing={2} sx={{ mt: 1 }}>
          <MuiTextField
            select
            label={T.blockType}
            value={blockType}
            onChange={(e) => setBlockType(e.target.value)}
          >
            {BLOCK_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {type}
              </MenuItem>
            ))}
          </MuiTextField>
          <MuiTextField
            select
            label={T.position}
            value={position}
            onChange={(e) => setPosition(e.target.value)}
          >
            {positions.map((p) => (
              <MenuItem key={p} value={p}>
                {p}
              </MenuItem>
            ))}
          </MuiTextField>
          <MuiTextField
            label={T.priority}
            value={priority}
            onChange={(e) => setPriority(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <MuiTextField
            label={T.settings}
            helperText={T.settingsHelp}
            value={settings}
            onChange={(e) => setSettings(e.target.value)}
            multiline
            minRows={3}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{T.cancel}</Button>
        <Button variant="contained" onClick={() => void save()}>
          {T.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Blocks({ category, canWrite }: { category: AdminCategory; canWrite: boolean }) {
  const [editing, setEditing] = useState<AdminCategoryBlock | 'new' | null>(null);
  const notify = useNotify();
  const refresh = useRefresh();
  const remove = (block: AdminCategoryBlock) =>
    adminCall('POST /admin/category-blocks/:id/delete', {
      params: { id: block.id },
      body: { updatedAt: category.updatedAt },
    }).then(
      () => {
        notify(T.deleted, { type: 'success' });
        refresh();
      },
      (e: unknown) => notify(e instanceof Error ? e.message : T.failed, { type: 'error' }),
    );
  return (
    <section aria-labelledby="page-blocks">
      <Typography id="page-blocks" variant="h6" component="h2">
        {T.blocks}
      </Typography>
      <Stack spacing={1}>
        {category.categoryBlocks.map((b) => (
          <Stack key={b.id} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ minWidth: 260 }}>
              {b.position} · {b.priority} · {b.blockType}
              {typeof b.metaData.TITLE === 'string' && b.metaData.TITLE ? ` · ${b.metaData.TITLE}` : ''}
            </Typography>
            {canWrite ? (
              <>
                <Button size="small" onClick={() => setEditing(b)}>
                  {T.edit}
                </Button>
                <Button size="small" color="error" onClick={() => void remove(b)}>
                  {T.delete}
                </Button>
              </>
            ) : null}
          </Stack>
        ))}
      </Stack>
      {canWrite ? (
        <Button variant="outlined" sx={{ mt: 1 }} onClick={() => setEditing('new')}>
          {T.addBlock}
        </Button>
      ) : null}
      {editing ? (
        <BlockDialog
          category={category}
          block={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}

function CategoryPage() {
  const category = useRecordContext<AdminCategory>();
  const { permissions } = usePermissions<StaffRole>();
  // react-admin shows the list's row meanwhile: a summary without the page
  if (!category || !('categoryBlocks' in category)) return null;
  const canWrite = mayWrite(permissions, 'categories');
  return (
    <Stack spacing={3} sx={{ p: { xs: 1, sm: 2 } }}>
      <Box>
        <Typography variant="h5" component="h1">
          {category.name}
        </Typography>
        <Typography>
          /{category.slug} ·{' '}
          <a href={`/category/${category.slug}`} target="_blank" rel="noreferrer">
            {T.openInShop}
          </a>
        </Typography>
        {category.description ? <Typography>{category.description}</Typography> : null}
        <Typography variant="body2">
          {T.priority}: {category.priority} · {category.showInMenu ? T.inMenu : T.notInMenu}
        </Typography>
        {canWrite ? <EditButton label={T.editCategory} variant="outlined" sx={{ mt: 1, mr: 1 }} /> : null}
        <RetireCategoryButton />
      </Box>
      <GridPreview category={category} />
      <Blocks category={category} canWrite={canWrite} />
      {canWrite ? <GridEditor key={category.updatedAt} category={category} /> : null}
    </Stack>
  );
}

/** A category's name, description, order and menu place (the tree comes from the import). */
export function CategoryEdit() {
  return (
    <SafeEdit redirect="show">
      <TextInput source="name" validate={[required(), minLength(2), maxLength(80)]} />
      <TextInput source="description" multiline fullWidth validate={maxLength(1000)} />
      <NumberInput
        source="priority"
        validate={[required(), minValue(0), maxValue(10_000)]}
        helperText={T.priorityHelp}
      />
      <BooleanInput source="showInMenu" />
    </SafeEdit>
  );
}

export function CategoryShow() {
  return (
    <Show actions={false}>
      <CategoryPage />
    </Show>
  );
}
