import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../lib/i18n';

export function Logo() {
  const { t } = useTranslation();
  return (
    <RouterLink to="/" aria-label={t('header.logoLabel')} className="logo">
      <svg width="34" height="34" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="#1b5e20" />
        <path d="M16 22h34l-4 20H21z" fill="none" stroke="#fff" strokeWidth="4" strokeLinejoin="round" />
        <circle cx="24" cy="49" r="3.5" fill="#fff" />
        <circle cx="43" cy="49" r="3.5" fill="#fff" />
        <path d="M16 22l-3-8H8" stroke="#fff" strokeWidth="4" fill="none" strokeLinecap="round" />
        <circle cx="50" cy="16" r="6" fill="#e53935" />
      </svg>
      <span className="logo-text">Spesa</span>
    </RouterLink>
  );
}
