import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { mockApi } from '../../../test/mock-api';
import { STORAGE_KEYS } from '../../../lib/storage';

describe('Cookie banner', () => {
  it('asks on the first visit with the spec defaults, stores the choice with a uuid, then sends the uuid', async () => {
    const fetchMock = mockApi({});
    const { user, unmount } = renderApp('/page/credits');
    const banner = within(await screen.findByRole('region', { name: 'Rispettiamo la tua privacy' }));
    await user.click(banner.getByRole('button', { name: 'Personalizza' }));
    const technical = banner.getByRole('switch', { name: 'Cookie tecnici (sempre attivi)' });
    expect(technical).toBeChecked();
    expect(technical).toBeDisabled();
    expect(banner.getByRole('switch', { name: 'Cookie di analisi' })).not.toBeChecked();
    expect(banner.getByRole('switch', { name: 'Cookie di profilazione' })).not.toBeChecked();

    await user.click(banner.getByRole('switch', { name: 'Cookie di analisi' }));
    await user.click(banner.getByRole('button', { name: 'Salva le scelte' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Rispettiamo la tua privacy' })).toBeNull(),
    );
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.cookiePreferences) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(stored).toMatchObject({ technical: true, analytics: true, profilation: false });
    expect(stored.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(String(stored.saveDate)))).toBe(false);
    unmount();

    // next visit: no banner, and the API calls carry the client uuid
    fetchMock.mockClear();
    renderApp('/page/credits');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Rispettiamo la tua privacy' })).toBeNull();
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers['x-ebsn-client-uuid']).toBe(stored.uuid);

    // the footer link opens it again, keeping the uuid; "Rifiuta" turns everything optional off
    await user.click(screen.getByRole('button', { name: 'Preferenze cookie' }));
    const again = within(await screen.findByRole('region', { name: 'Rispettiamo la tua privacy' }));
    await user.click(again.getByRole('button', { name: 'Rifiuta' }));
    const after = JSON.parse(localStorage.getItem(STORAGE_KEYS.cookiePreferences) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(after).toMatchObject({ analytics: false, profilation: false, uuid: stored.uuid });
  });
});
