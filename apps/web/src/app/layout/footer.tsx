import { useSyncExternalStore } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { getAuthState, subscribeAuth } from '../../lib/auth-state';
import { openCookiePreferences } from '../../lib/cookie-consent';
import { useMenu } from '../../features/content/api/get-menu';
import { SmartLink } from '../../features/content/components/smart-link';
import '../../components/buttons.css';
import './layout.css';

export function Footer() {
  const { t } = useTranslation();
  const signedIn = useSyncExternalStore(subscribeAuth, getAuthState, getAuthState).status === 'authenticated';
  // the footer menu of the content store (decision 050); the legal pages while it loads or if it fails
  const menu = useMenu('footer');
  const pages = menu.data?.length
    ? menu.data.map((m) => ({ to: m.url, label: m.title }))
    : [
        { to: '/page/condizioni-generali-di-vendita', label: t('footer.conditions') },
        { to: '/page/privacy', label: t('footer.privacy') },
        { to: '/page/cookie-policy', label: t('footer.cookiePolicy') },
        { to: '/page/contatti', label: t('footer.contacts') },
        { to: '/page/credits', label: t('footer.credits') },
      ];
  const links = [
    { to: '/gift-card-aziende', label: t('footer.giftCards') },
    { to: '/cart', label: t('footer.cart') },
    // a signed-in customer is offered the profile instead of the login
    signedIn ? { to: '/profile', label: t('footer.profile') } : { to: '/login', label: t('footer.login') },
  ];
  return (
    <footer className="site-footer">
      <div className="page-container">
        <nav aria-label={t('footer.pages')}>
          <ul className="footer-links footer-pages">
            {pages.map((l) => (
              <li key={l.to}>
                <SmartLink href={l.to} className="footer-link">
                  {l.label}
                </SmartLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('footer.links')}>
          <ul className="footer-links">
            {links.map((l) => (
              <li key={l.to}>
                <RouterLink to={l.to} className="footer-link">
                  {l.label}
                </RouterLink>
              </li>
            ))}
            <li>
              <button type="button" onClick={openCookiePreferences} className="footer-link">
                {t('footer.cookies')}
              </button>
            </li>
          </ul>
        </nav>
        <p className="footer-note" data-testid="footer-odbl">
          {t('footer.odbl')}
        </p>
        <p className="footer-note">{t('footer.illustrations')}</p>
        <p className="footer-note footer-copyright">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
