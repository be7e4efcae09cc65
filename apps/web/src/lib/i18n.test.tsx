import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { ReactNode } from 'react';
import i18n, { useTranslation } from './i18n';

describe('useTranslation (one language, no subscription per component)', () => {
  it("reads the shop's texts, the same object on every render and in every component", () => {
    const first = renderHook(() => useTranslation());
    const second = renderHook(() => useTranslation());
    expect(first.result.current.t('cart.title')).toBe(i18n.t('cart.title'));
    expect(first.result.current.t('cart.title')).not.toBe('cart.title');
    const before = first.result.current;
    first.rerender();
    expect(first.result.current).toBe(before);
    expect(second.result.current).toBe(before);
  });

  it('reads a bundle a feature added after the first render', () => {
    const { result } = renderHook(() => useTranslation());
    i18n.addResourceBundle('it', 'translation', { probe: { late: 'Aggiunto dopo' } }, true, false);
    expect(result.current.t('probe.late')).toBe('Aggiunto dopo');
  });

  it("reads the instance of react-i18next's provider when one gives another", async () => {
    const other = createInstance();
    await other.init({ lng: 'it', resources: { it: { translation: { hello: 'Ciao' } } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <I18nextProvider i18n={other}>{children}</I18nextProvider>
    );
    const { result } = renderHook(() => useTranslation(), { wrapper });
    expect(result.current.t('hello')).toBe('Ciao');
  });
});
