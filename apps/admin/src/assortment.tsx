import { useEffect, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import {
  BooleanInput,
  Create,
  NumberInput,
  SelectInput,
  SimpleForm,
  TextInput,
  maxLength,
  minValue,
  required,
  useGetList,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { PageHeading } from './page-heading';
import { SELLING_TYPES, VAT_RATES } from '@spesa/shared/catalogue/product-master';
import { mayWrite, type AdminProduct, type StaffRole } from '@spesa/shared/contracts/admin';
import type {
  AdminImport,
  AdminImportRefusal,
  AdminPhotosResult,
} from '@spesa/shared/contracts/admin-assortment';
import { adminCall, adminUpload } from './api';
import { SectionTable } from './section-table';
import { assortmentTexts as T } from './texts';

/** The product categories (departments, aisles, shelves) to choose from, by name. */
function ProductCategoryInput({ source, label }: { source: string; label?: string }) {
  const { data } = useGetList('categories', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
    filter: { categoryTypeId: 1 },
  });
  const choices = (data ?? [])
    .filter((c: { showInMenu: boolean }) => c.showInMenu)
    .map((c: { id: number; name: string; level: number }) => ({
      id: c.id,
      name: `${c.name} (${T.level(c.level)})`,
    }));
  return <SelectInput source={source} label={label} choices={choices} validate={required()} fullWidth />;
}

/**
 * A new product: the product master's fields, checked by the API with the rules of the import (its Italian
 * reasons shown under each field).
 */
export function ProductCreate() {
  return (
    <Create redirect="show">
      <SimpleForm defaultValues={{ sellingType: 'Pezzo', vatPct: 22, qtyMult: 1, active: true, stock: 0 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
          <TextInput source="code" validate={[required(), maxLength(40)]} />
          <TextInput source="ean" validate={maxLength(13)} helperText={T.eanHelp} />
        </Stack>
        <TextInput source="name" validate={[required(), maxLength(200)]} fullWidth />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
          <TextInput source="brand" validate={maxLength(100)} />
          <TextInput source="format" validate={maxLength(100)} helperText={T.formatHelp} />
        </Stack>
        <ProductCategoryInput source="categoryId" />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
          <SelectInput
            source="vatPct"
            choices={VAT_RATES.map((v) => ({ id: v, name: `${v}%` }))}
            validate={required()}
          />
          <SelectInput
            source="sellingType"
            choices={SELLING_TYPES.map((s) => ({ id: s, name: s }))}
            validate={required()}
          />
          <NumberInput source="price" validate={[required(), minValue(0.01)]} step={0.01} />
          <NumberInput source="stock" validate={minValue(0)} />
        </Stack>
        <Typography variant="body2">{T.rulesHelp}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <NumberInput source="qtyMult" validate={minValue(1)} />
          <BooleanInput source="qtyLocked" />
          <NumberInput source="weightSelling" />
          <NumberInput source="stepSelling" />
          <NumberInput source="lineMax" />
        </Stack>
        <TextInput source="ingredients" multiline fullWidth validate={maxLength(5000)} />
        <TextInput source="allergens" multiline fullWidth validate={maxLength(5000)} />
        <TextInput source="storage" multiline fullWidth validate={maxLength(5000)} />
        <BooleanInput source="active" />
      </SimpleForm>
    </Create>
  );
}

/** Retires a product from sale (or puts a retired one back): never deleted, orders keep their lines. */
export function RetireProductButton() {
  const product = useRecordContext<AdminProduct>();
  const { permissions } = usePermissions<StaffRole>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!product || !mayWrite(permissions, 'products')) return null;
  const retire = product.active;
  return (
    <Button
      variant="outlined"
      onClick={() => {
        if (retire && !window.confirm(T.retireConfirm(product.name))) return;
        adminCall(retire ? 'POST /admin/products/:id/retire' : 'POST /admin/products/:id/restore', {
          params: { id: product.id },
          body: { updatedAt: product.updatedAt },
        }).then(
          () => {
            notify(retire ? T.retired : T.restored, { type: 'success' });
            refresh();
          },
          (e: unknown) => notify(e instanceof Error ? e.message : T.failed, { type: 'error' }),
        );
      }}
    >
      {retire ? T.retire : T.restore}
    </Button>
  );
}

/** A new product category under a department or category. */
export function CategoryCreate() {
  return (
    <Create redirect="show">
      <SimpleForm>
        <TextInput source="name" validate={[required(), maxLength(100)]} fullWidth />
        <ProductCategoryInput source="parentId" label={T.parent} />
        <TextInput source="description" multiline fullWidth validate={maxLength(2000)} />
      </SimpleForm>
    </Create>
  );
}

/** Takes an empty category out of the shop's menu. */
export function RetireCategoryButton() {
  const category = useRecordContext<{
    id: number;
    updatedAt: string;
    showInMenu: boolean;
    categoryTypeId: number;
  }>();
  const { permissions } = usePermissions<StaffRole>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!category || category.categoryTypeId !== 1 || !category.showInMenu) return null;
  if (!mayWrite(permissions, 'categories')) return null;
  return (
    <Button
      variant="outlined"
      onClick={() =>
        adminCall('POST /admin/categories/:id/retire', {
          params: { id: category.id },
          body: { updatedAt: category.updatedAt },
        }).then(
          () => {
            notify(T.categoryRetired, { type: 'success' });
            refresh();
          },
          (e: unknown) => notify(e instanceof Error ? e.message : T.failed, { type: 'error' }),
        )
      }
    >
      {T.retireCategory}
    </Button>
  );
}

type PreviewRow = {
  line: number;
  cells: Record<string, string>;
  issues: Array<{ column: string; message: string }>;
};

/** Product photos from a ZIP named by EAN or code: the photos set, and the files left out with their reason. */
function PhotosZip() {
  const [result, setResult] = useState<AdminPhotosResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = (file: File) => {
    setBusy(true);
    setError(null);
    adminUpload('POST /admin/catalogue-imports/photos', {}, file)
      .then(
        (r) => setResult(r.data),
        (e: unknown) => setError(e instanceof Error ? e.message : T.failed),
      )
      .finally(() => setBusy(false));
  };
  return (
    <Box component="section" aria-labelledby="photos-zip" sx={{ mt: 4 }}>
      <Typography id="photos-zip" variant="h6" component="h2">
        {T.photosTitle}
      </Typography>
      <Typography variant="body2" sx={{ my: 1 }}>
        {T.photosHelp}
      </Typography>
      <Button component="label" variant="outlined" disabled={busy}>
        {T.photosChoose}
        <input
          hidden
          type="file"
          accept=".zip,application/zip"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) send(file);
          }}
        />
      </Button>
      {busy ? <LinearProgress sx={{ my: 1 }} aria-label={T.progressLabel} /> : null}
      {error ? (
        <Alert severity="error" sx={{ my: 1 }}>
          {error}
        </Alert>
      ) : null}
      {result ? (
        <Box role="status" sx={{ my: 1 }}>
          <Typography>{T.photosDone(result.done.length)}</Typography>
          {result.refused.map((r) => (
            <Typography key={r.file} variant="body2">
              {r.file}: {r.message}
            </Typography>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

/** An import's progress: a bar while a run goes on, the counts after. */
function ImportProgress({ imp }: { imp: AdminImport }) {
  const running = imp.state === 'checking' || imp.state === 'importing';
  const percent = imp.totalRows > 0 ? Math.round((imp.doneRows / imp.totalRows) * 100) : 0;
  return (
    <Box sx={{ my: 2 }} role="status" aria-live="polite">
      <Typography>{T.state(imp)}</Typography>
      {running || imp.mode ? (
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={T.progressLabel}
          sx={{ my: 1, height: 8 }}
        />
      ) : null}
      {imp.mode ? <Typography variant="body2">{T.counts(imp)}</Typography> : null}
    </Box>
  );
}

/**
 * The import of a product master from a CSV or Excel file: upload, the first rows with what each would be
 * refused for, a dry run, the import in the background with its progress bar (polled), and the refused rows
 * with their line, column and reason, downloadable as CSV.
 */
export function CatalogueImportPage() {
  const [imp, setImp] = useState<AdminImport | null>(null);
  const [preview, setPreview] = useState<PreviewRow[]>([]);
  const [refused, setRefused] = useState<{ data: AdminImportRefusal[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = imp?.state === 'checking' || imp?.state === 'importing';

  useEffect(() => {
    if (!imp || !running) return;
    const timer = setTimeout(() => {
      adminCall('GET /admin/catalogue-imports/:id', { params: { id: imp.id } }).then(
        (r) => setImp(r.data),
        (e: unknown) => setError(e instanceof Error ? e.message : T.failed),
      );
    }, 1000);
    return () => clearTimeout(timer);
  }, [imp, running]);

  useEffect(() => {
    if (!imp || running || !imp.mode) return;
    adminCall('GET /admin/catalogue-imports/:id/refused', {
      params: { id: imp.id },
      query: { page: 1, perPage: 100 },
    }).then(setRefused, () => setRefused(null));
  }, [imp, running]);

  const act = async (work: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await work();
    } catch (e) {
      setError(e instanceof Error ? e.message : T.failed);
    } finally {
      setBusy(false);
    }
  };
  const upload = (file: File) =>
    act(async () => {
      setImp(null);
      setRefused(null);
      const staged = await adminUpload('POST /admin/catalogue-imports', {}, file);
      setImp(staged.data);
      const p = await adminCall('GET /admin/catalogue-imports/:id/preview', {
        params: { id: staged.data.id },
      });
      setPreview(p.data.rows);
    });
  const start = (what: 'check' | 'apply') =>
    act(async () => {
      if (!imp) return;
      setRefused(null);
      const path =
        what === 'check'
          ? 'POST /admin/catalogue-imports/:id/check'
          : 'POST /admin/catalogue-imports/:id/apply';
      setImp((await adminCall(path, { params: { id: imp.id } })).data);
    });

  return (
    <Box sx={{ p: 2 }}>
      <PageHeading title={T.title} help={T.help} />
      <Button component="label" variant="contained" disabled={busy || running}>
        {T.choose}
        <input
          hidden
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload(file);
          }}
        />
      </Button>
      {error ? (
        <Alert severity="error" sx={{ my: 2 }}>
          {error}
        </Alert>
      ) : null}
      {imp ? (
        <>
          <Typography sx={{ mt: 2 }}>{T.file(imp)}</Typography>
          <ImportProgress imp={imp} />
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" disabled={busy || running} onClick={() => void start('check')}>
              {T.dryRun}
            </Button>
            <Button variant="contained" disabled={busy || running} onClick={() => void start('apply')}>
              {T.apply}
            </Button>
          </Stack>
        </>
      ) : null}
      {imp && preview.length > 0 ? <PreviewTable columns={imp.columns} rows={preview} /> : null}
      {imp && refused && refused.total > 0 ? <RefusedTable importId={imp.id} refused={refused} /> : null}
      <PhotosZip />
    </Box>
  );
}

/** The first rows of the file as read, each with what it would be refused for. */
function PreviewTable({ columns, rows }: { columns: string[]; rows: PreviewRow[] }) {
  return (
    <SectionTable
      id="import-preview"
      title={T.previewTitle}
      headers={[T.line, ...columns, T.outcome]}
      rows={rows}
      rowKey={(r) => r.line}
      cells={(r) => [
        r.line,
        ...columns.map((c) => r.cells[c] ?? ''),
        r.issues.length === 0 ? T.ok : r.issues.map((i) => `${i.column}: ${i.message}`).join(' '),
      ]}
    />
  );
}

/** The last run's refused rows (the first hundred reasons) and the whole report as CSV. */
function RefusedTable({
  importId,
  refused,
}: {
  importId: number;
  refused: { data: AdminImportRefusal[]; total: number };
}) {
  return (
    <SectionTable
      id="import-refused"
      title={T.refusedTitle(refused.total)}
      intro={
        <Button href={`/ebsn/api/admin/catalogue-imports/${importId}/report.csv`} download>
          {T.download}
        </Button>
      }
      headers={[T.line, T.column, T.value, T.reason]}
      rows={refused.data}
      rowKey={(r) => `${r.line}-${r.column}`}
      cells={(r) => [r.line, r.column, r.value, r.message]}
    />
  );
}
