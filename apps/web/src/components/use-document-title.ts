import { useEffect } from 'react';
import { useTranslation } from '../lib/i18n';

/** Every route names itself: "<page> – Spesa – la spesa online". */
export function useDocumentTitle(title: string | null | undefined): void {
  const { t } = useTranslation();
  const suffix = t('app.titleSuffix');
  useEffect(() => {
    document.title = title ? `${title} – ${suffix}` : suffix;
  }, [title, suffix]);
}
