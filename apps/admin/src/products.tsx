import {
  ArrayInput,
  SelectInput,
  SimpleFormIterator,
  BooleanField,
  BooleanInput,
  CreateButton,
  DataTable,
  DateField,
  EditButton,
  List,
  NullableBooleanInput,
  NumberField,
  NumberInput,
  SearchInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  CheckboxGroupInput,
  Labeled,
  maxLength,
  maxValue,
  minLength,
  minValue,
  useGetList,
  required,
  usePermissions,
  useRecordContext,
  ExportButton,
  FilterButton,
  TopToolbar,
} from 'react-admin';
import { SimpleList, useNotify, useRefresh } from 'react-admin';
import { Box, Button, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { RetireProductButton } from './assortment';
import { BulkPriceButton } from './bulk-price';
import { SafeEdit } from './safe-edit';
import { adminCall, adminUpload } from './api';
import { PriceHistoryTable } from './promotions';
import { photoTexts, promotionTexts, sellingTexts } from './texts';
import { mayWrite, type AdminProduct, type StaffRole } from '@spesa/shared/contracts/admin';
import { TIME_ZONE } from '@spesa/shared/time/rome';

/** Who may change products (the admin API checks it too; here the buttons follow). */
const canWrite = (role: unknown) => mayWrite(role, 'products');

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="active" source="active" />,
];

const euro = { style: 'currency', currency: 'EUR' } as const;

const money = (n: number) => n.toLocaleString('it-IT', euro);

export function ProductList() {
  const { permissions } = usePermissions<StaffRole>();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      filters={filters}
      sort={{ field: 'id', order: 'ASC' }}
      perPage={25}
      actions={
        <TopToolbar>
          <FilterButton />
          {canWrite(permissions) ? <CreateButton /> : null}
          {canWrite(permissions) ? <BulkPriceButton /> : null}
          <ExportButton />
        </TopToolbar>
      }
    >
      {small ? (
        <SimpleList<AdminProduct>
          primaryText={(p) => p.name}
          secondaryText={(p) => `${p.brand} · ${p.format}`}
          tertiaryText={(p) => money(p.price)}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="id" />
          <DataTable.Col source="codInt" />
          <DataTable.Col source="name" />
          <DataTable.Col source="brand" />
          <DataTable.NumberCol source="price" options={euro} locales="it-IT" />
          <DataTable.NumberCol source="stock" locales="it-IT" />
          <DataTable.Col source="active" field={BooleanField} />
          <DataTable.Col
            source="updatedAt"
            render={(p: AdminProduct) =>
              new Date(p.updatedAt).toLocaleString('it-IT', { timeZone: TIME_ZONE })
            }
          />
          {canWrite(permissions) ? (
            <DataTable.Col>
              <EditButton />
            </DataTable.Col>
          ) : null}
        </DataTable>
      )}
    </List>
  );
}

/** The product's photo, and (catalogue writers) uploading or removing one. */
function ProductPhoto() {
  const product = useRecordContext<AdminProduct>();
  const { permissions } = usePermissions<StaffRole>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!product) return null;
  const done = (text: string) => () => {
    notify(text, { type: 'success' });
    refresh();
  };
  const failed = (error: unknown) =>
    notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
  return (
    <Box component="section" aria-labelledby="product-photo">
      <Typography id="product-photo" variant="h6" component="h2">
        {photoTexts.title}
      </Typography>
      {product.imageUrl ? (
        <img src={product.imageUrl} alt={product.name} width={200} style={{ height: 'auto' }} />
      ) : (
        <Typography>{photoTexts.none}</Typography>
      )}
      {mayWrite(permissions, 'products') ? (
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
          <Button component="label" variant="outlined">
            {photoTexts.upload}
            <input
              hidden
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file)
                  adminUpload('POST /admin/products/:id/image', { id: product.id }, file).then(
                    done(photoTexts.uploaded),
                    failed,
                  );
              }}
            />
          </Button>
          {product.imageUrl ? (
            <Button
              onClick={() =>
                adminCall('POST /admin/products/:id/image/remove', {
                  params: { id: product.id },
                  body: {},
                }).then(done(photoTexts.removed), failed)
              }
            >
              {photoTexts.remove}
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </Box>
  );
}

/** The selling rules in words ("a passi di 6 pezzi, cartone da 24"). */
function SellingRulesField() {
  const product = useRecordContext<AdminProduct>();
  if (!product || !('sellingRules' in product)) return null;
  return (
    <Labeled label={sellingTexts.title}>
      <Typography variant="body2">
        {sellingTexts.summary(product.sellingType, product.sellingRules)}
      </Typography>
    </Labeled>
  );
}

/** The stores that do not sell it, by name. */
function NotSoldAtField() {
  const product = useRecordContext<AdminProduct>();
  const { data } = useGetList('stores', { pagination: { page: 1, perPage: 200 } });
  if (!product || !('notSoldAt' in product)) return null;
  const names = product.notSoldAt.map(
    (id) => (data ?? []).find((s: { id: number; name: string }) => s.id === id)?.name ?? `#${id}`,
  );
  return (
    <Labeled label={sellingTexts.notSoldAt}>
      <Typography variant="body2">
        {names.length === 0 ? sellingTexts.soldEverywhere : names.join(', ')}
      </Typography>
    </Labeled>
  );
}

/** The stock of each store that holds some (decision 095); a store not listed has none. */
function StockByStoreField() {
  const product = useRecordContext<AdminProduct>();
  const { data } = useGetList('stores', { pagination: { page: 1, perPage: 200 } });
  if (!product || !('stockByStore' in product)) return null;
  const nameOf = (id: number) =>
    (data ?? []).find((s: { id: number; name: string }) => s.id === id)?.name ?? `#${id}`;
  return (
    <Labeled label={sellingTexts.stockByStore}>
      <Box component="table" sx={{ borderCollapse: 'collapse', '& td': { pr: 2, py: 0.25 } }}>
        <tbody>
          {product.stockByStore.length === 0 ? (
            <tr>
              <td>{sellingTexts.noStock}</td>
            </tr>
          ) : (
            product.stockByStore.map((s) => (
              <tr key={s.warehouseId}>
                <td>{nameOf(s.warehouseId)}</td>
                <td>{s.stock.toLocaleString('it-IT')}</td>
              </tr>
            ))
          )}
        </tbody>
      </Box>
    </Labeled>
  );
}

/** The stock store by store: the stores listed get the quantity written (0: none left there). */
function StockByStoreInput() {
  const { data } = useGetList('stores', { pagination: { page: 1, perPage: 200 } });
  return (
    <ArrayInput source="stockByStore" helperText={sellingTexts.stockByStoreHelp}>
      <SimpleFormIterator inline disableReordering>
        <SelectInput
          source="warehouseId"
          label={sellingTexts.stockStore}
          choices={(data ?? []).map((s: { id: number; name: string }) => ({ id: s.id, name: s.name }))}
          validate={required()}
        />
        <NumberInput source="stock" label={sellingTexts.stockQuantity} validate={[required(), minValue(0)]} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/** A price cut of this product (the promotion form, the product chosen through the location's record). */
function NewPromotionButton() {
  const product = useRecordContext<AdminProduct>();
  const { permissions } = usePermissions<StaffRole>();
  if (!product || !mayWrite(permissions, 'promotions')) return null;
  return (
    <CreateButton
      resource="promotions"
      label={promotionTexts.newPromotion}
      variant="outlined"
      state={{ record: { productId: product.id } }}
    />
  );
}

export function ProductShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="id" />
        <TextField source="codInt" />
        <TextField source="name" />
        <TextField source="brand" />
        <TextField source="format" />
        <TextField source="categoryName" />
        <TextField source="sellingType" />
        <NumberField source="price" options={euro} locales="it-IT" />
        <NumberField source="ivaPct" locales="it-IT" />
        <NumberField source="stock" locales="it-IT" />
        <StockByStoreField />
        <NumberField source="maxAcq" />
        <NumberField source="minAcq" />
        <SellingRulesField />
        <NotSoldAtField />
        <BooleanField source="active" />
        <TextField source="ingredients" />
        <TextField source="allergens" />
        <TextField source="storage" />
        <DateField source="updatedAt" showTime locales="it-IT" />
        <ProductPhoto />
        <RetireProductButton />
        <NewPromotionButton />
        <PriceHistoryTable />
      </SimpleShowLayout>
    </Show>
  );
}

/**
 * The edit form. The record's `updatedAt` goes back with the changes: someone saving meanwhile makes the
 * API refuse (its text shown) and the form reloads with their version.
 */
/** The stores that do not sell the product (the others do). */
function NotSoldAtInput() {
  const { data } = useGetList('stores', { pagination: { page: 1, perPage: 200 } });
  return (
    <CheckboxGroupInput
      source="notSoldAt"
      choices={(data ?? []).map((s: { id: number; name: string }) => ({ id: s.id, name: s.name }))}
      helperText={sellingTexts.notSoldAtHelp}
      row={false}
    />
  );
}

/** The selling rules (productInfos): pieces and boxes for packed goods, grams for loose ones. */
function SellingRulesInputs() {
  const product = useRecordContext<AdminProduct>();
  if (!product) return null;
  const loose = product.sellingType === 'Sfuso';
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="h6">
        {sellingTexts.title}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {loose ? sellingTexts.looseHelp : sellingTexts.piecesHelp}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <NumberInput source="minAcq" validate={[required(), minValue(1), maxValue(99)]} />
        {loose ? (
          <>
            <NumberInput source="sellingRules.weightSelling" validate={[minValue(10), maxValue(5000)]} />
            <NumberInput source="sellingRules.stepSelling" validate={[minValue(10), maxValue(5000)]} />
          </>
        ) : (
          <>
            <NumberInput source="sellingRules.qtyMult" validate={[required(), minValue(1), maxValue(48)]} />
            <BooleanInput source="sellingRules.qtyLocked" />
            <NumberInput source="sellingRules.boxItems" validate={[minValue(2), maxValue(999)]} />
          </>
        )}
        <NumberInput source="sellingRules.lineMax" validate={[minValue(1), maxValue(999)]} />
      </Stack>
    </Box>
  );
}

export function ProductEdit() {
  return (
    <SafeEdit>
      <TextInput source="name" validate={[required(), minLength(2), maxLength(200)]} fullWidth />
      <TextInput source="brand" validate={maxLength(100)} helperText="Vuota: marca non nota" />
      <TextInput source="format" validate={maxLength(100)} />
      <NumberInput source="price" validate={[required(), minValue(0.01)]} step={0.01} />
      <StockByStoreInput />
      <NumberInput source="maxAcq" validate={minValue(1)} />
      <BooleanInput source="active" />
      <TextInput source="ingredients" multiline fullWidth validate={maxLength(5000)} />
      <TextInput source="allergens" multiline fullWidth validate={maxLength(1000)} />
      <TextInput source="storage" multiline fullWidth validate={maxLength(1000)} />
      <TextInput source="extendedDescription" multiline fullWidth validate={maxLength(2000)} />
      <SellingRulesInputs />
      <NotSoldAtInput />
    </SafeEdit>
  );
}
