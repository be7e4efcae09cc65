// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AdminContext,
  ResourceContextProvider,
  testDataProvider,
  useTranslate,
  type DataProvider,
} from 'react-admin';
import { ARRIVALS_REFRESH_MS, ArrivalList } from './arrivals';
import { useItalianI18nProvider } from './i18n';
import { OrderList } from './orders';

afterEach(cleanup);

function Italian({ dataProvider, children }: { dataProvider: DataProvider; children: ReactNode }) {
  const i18nProvider = useItalianI18nProvider();
  if (!i18nProvider) return null;
  return (
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      {children}
    </AdminContext>
  );
}

const emptyProvider = (getList = vi.fn(() => Promise.resolve({ data: [], total: 0 }))) =>
  testDataProvider({ getList: getList as never });

/** The resources the back office registers (admin-app.tsx). */
const registered = [
  ...readFileSync(join(import.meta.dirname, 'admin-app.tsx'), 'utf8').matchAll(/name="([a-z-]+)"/g),
]
  .map((m) => m[1]!)
  .sort();

function NoResults({ resource }: { resource: string }) {
  const translate = useTranslate();
  return (
    <ul>
      <li>{translate('ra.navigation.no_results', { resource, name: resource })}</li>
      <li>{translate('ra.navigation.no_filtered_results', { resource, name: resource })}</li>
    </ul>
  );
}

/** What an empty list says in the back office: Italian nouns with their own gender and number. */
describe('empty lists', () => {
  it('every resource says "nothing found" with its own article, noun and participle', async () => {
    render(
      <Italian dataProvider={emptyProvider()}>
        {registered.map((r) => (
          <div key={r} data-testid={r}>
            <NoResults resource={r} />
          </div>
        ))}
      </Italian>,
    );
    const texts = await Promise.all(registered.map(async (r) => (await screen.findByTestId(r)).textContent));
    expect(registered.length).toBeGreaterThan(15);
    for (const text of texts) {
      expect(text).toMatch(/^Nessun[ao]? /);
      expect(text).not.toMatch(/Nessun [A-Z]|Nessun risultato/);
    }
    expect(screen.getByTestId('orders').textContent).toMatch(/^Nessun ordine trovato/);
    expect(screen.getByTestId('promotions').textContent).toMatch(/^Nessuna promozione trovata/);
    expect(screen.getByTestId('receipts').textContent).toMatch(/^Nessuno scontrino trovato/);
  });

  it('the orders list without orders says so in Italian', async () => {
    render(
      <Italian dataProvider={emptyProvider()}>
        <ResourceContextProvider value="orders">
          <OrderList />
        </ResourceContextProvider>
      </Italian>,
    );
    expect(await screen.findByText(/^(Ancora nessun ordine\.|Nessun ordine trovato)/)).toBeTruthy();
    expect(screen.queryByText(/Ordini trovat/)).toBeNull();
  });
});

describe('Arrivi di oggi', () => {
  it('says there is no arrival yet, and asks again by itself while open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const getList = vi.fn(() => Promise.resolve({ data: [], total: 0 }));
      render(
        <Italian dataProvider={emptyProvider(getList)}>
          <ResourceContextProvider value="arrivals">
            <ArrivalList />
          </ResourceContextProvider>
        </Italian>,
      );
      expect(await screen.findByText('Nessun arrivo oggi: la lista si aggiorna da sola.')).toBeTruthy();
      expect(screen.queryByText(/Nessun Arrivi/)).toBeNull();
      const asked = getList.mock.calls.length;
      await act(() => vi.advanceTimersByTimeAsync(ARRIVALS_REFRESH_MS + 100));
      expect(getList.mock.calls.length).toBeGreaterThan(asked);
      await act(() => vi.advanceTimersByTimeAsync(ARRIVALS_REFRESH_MS + 100));
      expect(getList.mock.calls.length).toBeGreaterThan(asked + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});
