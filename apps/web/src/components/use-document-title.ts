import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Every route names itself: "<page> – Spesa – la spesa online". */
export function useDocumentTitle(title: string | null | undefined): void {
  const { t } = useTranslation();
  const suffix = t('app.titleSuffix');
  useEffect(() => {
    document.title = title ? `${title} – ${suffix}` : suffix;
  }, [title, suffix]);
}
