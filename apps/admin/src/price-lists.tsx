import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  PRICE_LIST_GRANTS,
  type AdminListPrice,
  type AdminPriceList,
  type AdminPriceListProduct,
  type AdminPriceListsOverview,
  type AdminPriceListStore,
} from '@spesa/shared/contracts/admin-price-lists';
import { romeToday } from '@spesa/shared/time/rome';
import { usePermissions } from 'react-admin';
import { PageHeading } from './page-heading';
import { adminCall } from './api';
import { DayField } from './day-field';
import { SectionTable } from './section-table';
import { priceListTexts as T } from './texts';

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
const money = (cents: number | null) => (cents === null ? '—' : euro.format(cents / 100));
const day = (iso: string) => iso.split('-').reverse().join('/');
/** "4,50" or "4.50" in cents; NaN when it is not a number (the API says why) */
const centsOf = (text: string) => Math.round(Number(text.trim().replace(',', '.')) * 100);

type Message = { severity: 'success' | 'error'; text: string } | null;

/**
 * Listini (decision 099): the chain's price lists with their stores, a new list, each store's list, and a
 * list's prices by product (search by code, EAN or name; set a price with its validity, remove one).
 */
export function PriceListPage() {
  const { permissions } = usePermissions<string>();
  const canWrite = PRICE_LIST_GRANTS.write.some((r) => r === permissions);
  const [overview, setOverview] = useState<AdminPriceListsOverview>({ lists: [], stores: [] });
  const [opened, setOpened] = useState<AdminPriceList | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    setOverview((await adminCall('GET /admin/price-lists', {})).data);
  }, []);
  useEffect(() => {
    reload().catch((e: unknown) => setMessage({ severity: 'error', text: errorText(e) }));
  }, [reload]);

  const act = async (work: () => Promise<string | null>) => {
    setBusy(true);
    setMessage(null);
    try {
      const done = await work();
      if (done) setMessage({ severity: 'success', text: done });
      return true;
    } catch (e) {
      setMessage({ severity: 'error', text: errorText(e) });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const storeName = (id: number) => overview.stores.find((s) => s.storeId === id)?.name ?? `${id}`;

  return (
    <Box sx={{ p: 2 }}>
      <PageHeading title={T.title} help={T.help} />
      {message ? (
        <Alert
          severity={message.severity}
          sx={{ my: 2 }}
          role={message.severity === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </Alert>
      ) : null}
      {canWrite ? (
        <NewList
          busy={busy}
          onCreate={(code, name) =>
            act(async () => {
              setOverview((await adminCall('POST /admin/price-lists/create', { body: { code, name } })).data);
              return T.created;
            })
          }
        />
      ) : null}
      <SectionTable
        id="price-lists"
        title={T.listsTitle}
        headers={[T.code, T.name, T.stores, T.products, '']}
        rows={[null, ...overview.lists]}
        rowKey={(l) => l?.id ?? 0}
        cells={(l) =>
          l === null
            ? ['—', T.chainList, T.otherStores, '—', '']
            : [
                l.code,
                l.name,
                l.storeIds.map(storeName).join(', ') || '—',
                l.products,
                <Button size="small" aria-label={T.openLabel(l.name)} onClick={() => setOpened(l)}>
                  {T.open}
                </Button>,
              ]
        }
      />
      <StoresTable
        overview={overview}
        disabled={busy || !canWrite}
        onAssign={(store, priceListId) =>
          void act(async () => {
            const body = { storeId: store.storeId, priceListId };
            setOverview((await adminCall('POST /admin/price-lists/assign', { body })).data);
            const list = overview.lists.find((l) => l.id === priceListId);
            return T.assigned(store.name, list?.name ?? T.chainList);
          })
        }
      />
      {opened ? (
        <ListPrices
          key={opened.id}
          list={opened}
          canWrite={canWrite}
          act={act}
          onChanged={() => void reload().catch(() => undefined)}
        />
      ) : null}
    </Box>
  );
}

/** Each store with its list, changed by choosing another (the chain's list: none). */
function StoresTable(props: {
  overview: AdminPriceListsOverview;
  disabled: boolean;
  onAssign: (store: AdminPriceListStore, priceListId: number | null) => void;
}) {
  const { overview } = props;
  return (
    <SectionTable
      id="price-list-stores"
      title={T.storesTitle}
      headers={[T.store, T.listsTitle]}
      rows={overview.stores}
      rowKey={(s) => s.storeId}
      cells={(s) => [
        s.name,
        <TextField
          select
          size="small"
          label={T.listOf(s.name)}
          value={s.priceListId ?? 0}
          disabled={props.disabled}
          sx={{ minWidth: 280 }}
          onChange={(e) => props.onAssign(s, Number(e.target.value) || null)}
        >
          <MenuItem value={0}>{T.chainList}</MenuItem>
          {overview.lists.map((l) => (
            <MenuItem key={l.id} value={l.id}>
              {l.name}
            </MenuItem>
          ))}
        </TextField>,
      ]}
    />
  );
}

function errorText(e: unknown) {
  return e instanceof Error && e.message ? e.message : T.failed;
}

function NewList(props: { busy: boolean; onCreate: (code: string, name: string) => Promise<boolean> }) {
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  return (
    <Box component="section" aria-labelledby="price-list-new" sx={{ mt: 2 }}>
      <Typography id="price-list-new" variant="h6" component="h2">
        {T.newTitle}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField size="small" label={T.code} value={code} onChange={(e) => setCode(e.target.value)} />
        <TextField size="small" label={T.name} value={name} onChange={(e) => setName(e.target.value)} />
        <Button
          variant="contained"
          disabled={props.busy}
          onClick={() =>
            void props.onCreate(code, name).then((done) => {
              if (done) {
                setCode('');
                setName('');
              }
            })
          }
        >
          {T.create}
        </Button>
      </Stack>
    </Box>
  );
}

/** One list's prices: the priced products, or those a search finds; a price set or removed. */
function ListPrices(props: {
  list: AdminPriceList;
  canWrite: boolean;
  act: (work: () => Promise<string | null>) => Promise<boolean>;
  onChanged: () => void;
}) {
  const { list, act } = props;
  const [searched, setSearched] = useState('');
  const [rows, setRows] = useState<AdminPriceListProduct[] | null>(null);
  const [editing, setEditing] = useState<AdminPriceListProduct | null>(null);

  const load = useCallback(
    async (text: string) => {
      const query = text ? { q: text, perPage: 25 } : { perPage: 100 };
      const found = await adminCall('GET /admin/price-lists/:id/prices', { params: { id: list.id }, query });
      setRows(found.data);
      setSearched(text);
    },
    [list.id],
  );
  useEffect(() => {
    void act(async () => {
      await load('');
      return null;
    });
  }, [load]);

  const replace = (p: AdminPriceListProduct) => {
    setRows((current) => (current ?? []).map((r) => (r.productId === p.productId ? p : r)));
    props.onChanged();
  };

  return (
    <Box component="section" aria-labelledby="price-list-prices" sx={{ mt: 4 }}>
      <Typography id="price-list-prices" variant="h6" component="h2">
        {T.pricesTitle(list.name)}
      </Typography>
      <SearchForm
        searched={searched !== ''}
        onSearch={(text) =>
          void act(async () => {
            await load(text);
            return null;
          })
        }
      />
      {editing ? (
        <PriceForm
          product={editing}
          onCancel={() => setEditing(null)}
          onSave={(body) =>
            act(async () => {
              const saved = await adminCall('POST /admin/price-lists/:id/prices/set', {
                params: { id: list.id },
                body: { productId: editing.productId, ...body },
              });
              replace(saved.data);
              setEditing(null);
              return T.saved;
            })
          }
        />
      ) : null}
      {rows ? (
        <SectionTable
          id="price-list-products"
          title={T.listPrices}
          empty={searched ? T.noneFound : T.nonePriced}
          headers={[T.code, T.ean, T.product, T.chainPrice, T.todayPrice, T.listPrices, '']}
          rows={rows}
          rowKey={(p) => p.productId}
          cells={(p) => [
            p.code,
            p.ean ?? '—',
            `${p.name}${p.brand ? ` (${p.brand})` : ''}`,
            money(p.chainPriceCents),
            money(p.todayPriceCents),
            <PriceRows
              product={p}
              canWrite={props.canWrite}
              onRemove={(price) =>
                void act(async () => {
                  const done = await adminCall('POST /admin/price-lists/:id/prices/remove', {
                    params: { id: list.id },
                    body: { productId: p.productId, validFrom: price.validFrom },
                  });
                  replace(done.data);
                  return T.removed;
                })
              }
            />,
            props.canWrite ? (
              <Button size="small" aria-label={T.setPriceLabel(p.name)} onClick={() => setEditing(p)}>
                {T.setPrice}
              </Button>
            ) : null,
          ]}
        />
      ) : null}
    </Box>
  );
}

function SearchForm(props: { searched: boolean; onSearch: (text: string) => void }) {
  const [q, setQ] = useState('');
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSearch(q.trim());
      }}
    >
      <TextField
        size="small"
        label={T.search}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        sx={{ minWidth: 320 }}
      />
      <Button type="submit" variant="outlined">
        {T.searchButton}
      </Button>
      {props.searched ? (
        <Button
          onClick={() => {
            setQ('');
            props.onSearch('');
          }}
        >
          {T.showPriced}
        </Button>
      ) : null}
    </Stack>
  );
}

function PriceRows(props: {
  product: AdminPriceListProduct;
  canWrite: boolean;
  onRemove: (price: AdminListPrice) => void;
}) {
  const { product } = props;
  if (product.prices.length === 0) return <>—</>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {product.prices.map((price) => (
        <li key={price.validFrom}>
          {money(price.priceCents)}{' '}
          {T.period(day(price.validFrom), price.validTo ? day(price.validTo) : null)}
          {props.canWrite ? (
            <Button
              size="small"
              color="error"
              aria-label={T.removeLabel(product.name, day(price.validFrom))}
              onClick={() => props.onRemove(price)}
            >
              {T.remove}
            </Button>
          ) : null}
        </li>
      ))}
    </Box>
  );
}

function PriceForm(props: {
  product: AdminPriceListProduct;
  onCancel: () => void;
  onSave: (body: { priceCents: number; validFrom: string; validTo: string | null }) => Promise<boolean>;
}) {
  const { product } = props;
  const [price, setPrice] = useState(
    ((product.todayPriceCents ?? product.chainPriceCents) / 100).toFixed(2).replace('.', ','),
  );
  const [from, setFrom] = useState(romeToday());
  const [to, setTo] = useState('');
  return (
    <Box
      component="section"
      aria-labelledby="price-list-form"
      sx={{ mt: 2, p: 2, border: 1, borderColor: 'divider' }}
    >
      <Typography id="price-list-form" variant="subtitle1" component="h3">
        {T.priceTitle(product.name)}
      </Typography>
      <Stack
        component="form"
        direction="row"
        spacing={1}
        sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}
        onSubmit={(e) => {
          e.preventDefault();
          void props.onSave({ priceCents: centsOf(price), validFrom: from, validTo: to || null });
        }}
      >
        <TextField
          size="small"
          label={T.price}
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <DayField
          id="price-list-from"
          name="validFrom"
          label={T.from}
          value={from}
          onChange={setFrom}
          required
        />
        <DayField id="price-list-to" name="validTo" label={T.to} value={to} onChange={setTo} />
        <Button type="submit" variant="contained">
          {T.save}
        </Button>
        <Button onClick={props.onCancel}>{T.cancel}</Button>
      </Stack>
    </Box>
  );
}
