import { describe, expect, it } from 'vitest';
import { useTranslation } from './i18n';

describe('useTranslation (the shop’s one language)', () => {
  it('answers the Italian texts, with interpolation and plurals', () => {
    const { t } = useTranslation();
    expect(t('app.skipToContent')).toBe('Vai al contenuto principale');
    expect(t('product.maxAcq', { count: 1 })).toBe('Massimo 1 pezzo per ordine');
    expect(t('product.maxAcq', { count: 3 })).toBe('Massimo 3 pezzi per ordine');
  });

  it('answers the same t to every component, so nothing re-renders or copies per mount', () => {
    expect(useTranslation().t).toBe(useTranslation().t);
  });
});
