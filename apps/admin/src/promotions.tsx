import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  Alert,
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  mayWrite,
  PROMOTION_AUDIENCE_LABEL,
  PROMOTION_AUDIENCES,
  type AdminPriceHistoryEntry,
  type AdminPromotion,
  type StaffRole,
} from '@spesa/shared/contracts/admin';
import {
  AutocompleteInput,
  Create,
  DataTable,
  FunctionField,
  List,
  NumberInput,
  ReferenceInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleList,
  SimpleShowLayout,
  TextField,
  minValue,
  required,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { DateInput } from './date-input';
import { adminCall } from './api';
import { promotionTexts as T } from './texts';
import { romeToday, TIME_ZONE } from '@spesa/shared/time/rome';

const money = (n: number | null) =>
  n === null ? '—' : n.toLocaleString('it-IT', { style: 'currency', currency: 'EUR' });
const italianDay = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('it-IT');
const statusChoices = [
  { id: 'current', name: T.status.current },
  { id: 'scheduled', name: T.status.scheduled },
  { id: 'ended', name: T.status.ended },
];

const filters = [<SelectInput key="status" source="status" choices={statusChoices} alwaysOn />];

/** Promotions: the current ones first by default, each with its prior price (Omnibus). */
export function PromotionList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: 'current' }}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
    >
      {small ? (
        <SimpleList<AdminPromotion>
          primaryText={(p) => p.productName}
          secondaryText={(p) => `${money(p.price)} · ${italianDay(p.validFrom)}–${italianDay(p.validTo)}`}
          tertiaryText={(p) => T.status[p.status]}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="id" />
          <DataTable.Col source="productName" disableSort />
          <DataTable.Col source="listPrice" disableSort render={(p: AdminPromotion) => money(p.listPrice)} />
          <DataTable.Col source="price" render={(p: AdminPromotion) => money(p.price)} />
          <DataTable.Col
            source="priorPrice"
            disableSort
            render={(p: AdminPromotion) => money(p.priorPrice)}
          />
          <DataTable.Col source="validFrom" render={(p: AdminPromotion) => italianDay(p.validFrom)} />
          <DataTable.Col source="validTo" render={(p: AdminPromotion) => italianDay(p.validTo)} />
          <DataTable.Col source="status" disableSort render={(p: AdminPromotion) => T.status[p.status]} />
        </DataTable>
      )}
    </List>
  );
}

function EndButton() {
  const promo = useRecordContext<AdminPromotion>();
  const { permissions } = usePermissions<StaffRole>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!promo || promo.status === 'ended' || !mayWrite(permissions, 'promotions')) return null;
  return (
    <Button
      variant="outlined"
      color="error"
      onClick={() =>
        adminCall('POST /admin/promotions/:id/end', { params: { id: promo.id }, body: {} }).then(
          () => {
            notify(T.ended, { type: 'success' });
            refresh();
          },
          (error: unknown) => notify(error instanceof Error ? error.message : T.failed, { type: 'error' }),
        )
      }
    >
      {T.end}
    </Button>
  );
}

export function PromotionShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="productName" />
        <TextField source="codInt" />
        <TextField source="header" />
        <TextField source="body" />
        <FunctionField
          source="audience"
          render={(p: AdminPromotion) =>
            p.audience === 'segment'
              ? `${PROMOTION_AUDIENCE_LABEL.segment} (${p.crmSegmentId ?? ''})`
              : PROMOTION_AUDIENCE_LABEL[p.audience]
          }
        />
        <PromotionFacts />
        <EndButton />
      </SimpleShowLayout>
    </Show>
  );
}

function PromotionFacts() {
  const p = useRecordContext<AdminPromotion>();
  if (!p) return null;
  return (
    <Typography>
      {T.facts(money(p.listPrice), money(p.price), money(p.priorPrice))} · {italianDay(p.validFrom)}–
      {italianDay(p.validTo)} · {T.status[p.status]}
    </Typography>
  );
}

/** What the cut will be measured against: the list price and the lowest of the 30 days before. */
function PriorPricePreview() {
  const productId = useWatch({ name: 'productId' }) as number | undefined;
  const validFrom = useWatch({ name: 'validFrom' }) as string | undefined;
  const [preview, setPreview] = useState<{
    listPrice: number;
    priorPrice: number | null;
    continues: boolean;
  } | null>(null);
  useEffect(() => {
    setPreview(null);
    if (!productId || !validFrom || !/^\d{4}-\d{2}-\d{2}$/.test(validFrom)) return;
    let live = true;
    adminCall('GET /admin/promotions/preview', { query: { productId, validFrom } }).then(
      (data) => live && setPreview(data),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [productId, validFrom]);
  if (!preview) return null;
  return (
    <Alert severity="info" role="status" sx={{ mb: 2 }}>
      {T.preview(money(preview.listPrice), money(preview.priorPrice))}
      {preview.continues ? ` ${T.continues}` : ''}
    </Alert>
  );
}

/**
 * A price cut of one product over some days (a week by default), measured against its 30-day low. From a
 * product's page the product comes chosen (react-admin fills the form from the location's `record`).
 */
export function PromotionCreate() {
  const notify = useNotify();
  const today = romeToday();
  const inAWeek = new Date(Date.now() + 6 * 86_400_000).toLocaleDateString('sv-SE', {
    timeZone: TIME_ZONE,
  });
  return (
    <Create
      redirect="show"
      mutationOptions={{
        onError: (error: unknown) =>
          notify(error instanceof Error ? error.message : T.failed, { type: 'error' }),
      }}
    >
      <SimpleForm defaultValues={{ validFrom: today, validTo: inAWeek, audience: 'all' }}>
        <Typography sx={{ mb: 1 }}>{T.help}</Typography>
        <ReferenceInput source="productId" reference="products">
          <AutocompleteInput
            optionText="name"
            filterToQuery={(q: string) => ({ q })}
            validate={required()}
            sx={{ minWidth: 360 }}
          />
        </ReferenceInput>
        <DateInput source="validFrom" validate={required()} />
        <DateInput source="validTo" validate={required()} />
        <PriorPricePreview />
        <NumberInput source="price" validate={[required(), minValue(0.01)]} step={0.01} />
        <SelectInput
          source="audience"
          choices={PROMOTION_AUDIENCES.map((a) => ({ id: a, name: PROMOTION_AUDIENCE_LABEL[a] }))}
          validate={required()}
          helperText={T.audienceHelp}
        />
        <SegmentInput />
      </SimpleForm>
    </Create>
  );
}

/** The CRM segment a personal offer is for (asked only for that audience). */
function SegmentInput() {
  const audience = useWatch<{ audience?: string }>({ name: 'audience' });
  if (audience !== 'segment') return null;
  return (
    <NumberInput source="crmSegmentId" validate={[required(), minValue(1)]} helperText={T.segmentHelp} />
  );
}

/** A product's prices over time, for its page: list prices and promotions, newest first. */
export function PriceHistoryTable() {
  const product = useRecordContext<{ id: number }>();
  const [rows, setRows] = useState<AdminPriceHistoryEntry[] | null>(null);
  useEffect(() => {
    if (!product) return;
    let live = true;
    adminCall('GET /admin/products/:id/price-history', { params: { id: product.id } }).then(
      ({ data }) => live && setRows(data),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [product]);
  if (!product || rows === null) return null;
  return (
    <Box component="section" aria-labelledby="price-history" sx={{ mt: 2 }}>
      <Typography id="price-history" variant="h6" component="h2">
        {T.history}
      </Typography>
      <Table size="small" aria-labelledby="price-history">
        <TableHead>
          <TableRow>
            <TableCell>{T.kind}</TableCell>
            <TableCell align="right">{T.price}</TableCell>
            <TableCell>{T.from}</TableCell>
            <TableCell>{T.to}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((h) => (
            <TableRow key={h.id}>
              <TableCell>{h.kind === 'list' ? T.listKind : T.promoKind}</TableCell>
              <TableCell align="right">{money(h.price)}</TableCell>
              <TableCell>{italianDay(h.validFrom)}</TableCell>
              <TableCell>{h.validTo ? italianDay(h.validTo) : T.current}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
