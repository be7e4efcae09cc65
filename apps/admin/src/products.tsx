import {
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
  maxLength,
  minLength,
  minValue,
  required,
  usePermissions,
  useRecordContext,
  ExportButton,
  FilterButton,
  TopToolbar,
} from 'react-admin';
import { SimpleList, useNotify, useRefresh } from 'react-admin';
import { Box, Button, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { BulkPriceButton } from './bulk-price';
import { SafeEdit } from './safe-edit';
import { adminCall, adminUpload } from './api';
import { PriceHistoryTable } from './promotions';
import { photoTexts, promotionTexts } from './texts';
import { mayWrite, type AdminProduct, type StaffRole } from '@spesa/shared/contracts/admin';

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
              new Date(p.updatedAt).toLocaleString('it-IT', { timeZone: 'Europe/Rome' })
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
        <NumberField source="maxAcq" />
        <BooleanField source="active" />
        <TextField source="ingredients" />
        <TextField source="allergens" />
        <TextField source="storage" />
        <DateField source="updatedAt" showTime locales="it-IT" />
        <ProductPhoto />
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
export function ProductEdit() {
  return (
    <SafeEdit>
      <TextInput source="name" validate={[required(), minLength(2), maxLength(200)]} fullWidth />
      <TextInput source="brand" validate={maxLength(100)} helperText="Vuota: marca non nota" />
      <TextInput source="format" validate={maxLength(100)} />
      <NumberInput source="price" validate={[required(), minValue(0.01)]} step={0.01} />
      <NumberInput source="stock" validate={[required(), minValue(0)]} />
      <NumberInput source="maxAcq" validate={minValue(1)} />
      <BooleanInput source="active" />
      <TextInput source="ingredients" multiline fullWidth validate={maxLength(5000)} />
      <TextInput source="allergens" multiline fullWidth validate={maxLength(1000)} />
      <TextInput source="storage" multiline fullWidth validate={maxLength(1000)} />
    </SafeEdit>
  );
}
