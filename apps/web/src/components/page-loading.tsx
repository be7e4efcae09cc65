import { useTranslation } from '../lib/i18n';

/** A CSS spinner (no MUI progress in the first chunk). */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" style={{ display: 'flex', justifyContent: 'center', padding: '64px 0' }}>
      <div className="page-spinner" aria-hidden="true" />
      <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {t('app.loading')}
      </span>
    </div>
  );
}
