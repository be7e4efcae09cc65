import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import {
  COOKIE_DEFAULTS,
  readCookiePreferences,
  saveCookiePreferences,
  type CookiePreferences,
} from '../../../lib/cookie-consent';
import './cookie-banner.css';

/**
 * Cookie consent on the first visit (spec sections 3 and 9): technical cookies on and locked, analytics
 * and profilation off by default. Accept all, reject (technical only) or customise. A non-modal region at
 * the bottom of the page: the shop stays usable, and the banner is reachable by keyboard (it takes the
 * focus once, when it opens from the footer link). Plain elements and cookie-banner.css, without MUI/emotion:
 * the build writes the same markup into index.html (vite.config.ts, `staticCookieBanner`), which paints it
 * on a first visit before any module; keep the two alike.
 */
export function CookieBanner({
  onDone,
  focusOnOpen = false,
  startCustomising = false,
}: {
  onDone: (prefs: CookiePreferences) => void;
  focusOnOpen?: boolean;
  /** opens on the choices ("Personalizza" was pressed on the HTML's banner) */
  startCustomising?: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const stored = readCookiePreferences();
  const [customising, setCustomising] = useState(startCustomising);
  const [analytics, setAnalytics] = useState(stored?.analytics ?? COOKIE_DEFAULTS.analytics);
  const [profilation, setProfilation] = useState(stored?.profilation ?? COOKIE_DEFAULTS.profilation);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusOnOpen) headingRef.current?.focus();
  }, [focusOnOpen]);

  const save = (choice: { analytics: boolean; profilation: boolean }) =>
    onDone(saveCookiePreferences(choice));

  return (
    <section aria-labelledby={titleId} aria-describedby={textId} className="cookie-banner">
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className="cookie-banner-title">
        {t('cookies.title')}
      </h2>
      <p id={textId} className="cookie-banner-text">
        {t('cookies.text')}
      </p>
      {customising ? (
        <fieldset className="cookie-banner-choices">
          <legend className="cookie-banner-legend">{t('cookies.customiseLegend')}</legend>
          <CookieSwitch label={t('cookies.technical')} help={t('cookies.technicalHelp')} checked disabled />
          <CookieSwitch
            label={t('cookies.analytics')}
            help={t('cookies.analyticsHelp')}
            checked={analytics}
            onChange={setAnalytics}
          />
          <CookieSwitch
            label={t('cookies.profilation')}
            help={t('cookies.profilationHelp')}
            checked={profilation}
            onChange={setProfilation}
          />
        </fieldset>
      ) : null}
      <div className="cookie-banner-actions">
        {customising ? (
          <button
            type="button"
            className="cookie-btn cookie-btn-outlined"
            onClick={() => save({ analytics, profilation })}
          >
            {t('cookies.saveChoice')}
          </button>
        ) : (
          <button type="button" className="cookie-btn" onClick={() => setCustomising(true)}>
            {t('cookies.customise')}
          </button>
        )}
        <button
          type="button"
          className="cookie-btn cookie-btn-outlined"
          onClick={() => save({ analytics: false, profilation: false })}
        >
          {t('cookies.reject')}
        </button>
        <button
          type="button"
          className="cookie-btn cookie-btn-contained"
          onClick={() => save({ analytics: true, profilation: true })}
        >
          {t('cookies.acceptAll')}
        </button>
      </div>
    </section>
  );
}

function CookieSwitch({
  label,
  help,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  help: string;
  checked: boolean;
  disabled?: boolean;
  onChange?: (value: boolean) => void;
}) {
  const helpId = useId();
  return (
    <div>
      <label className="cookie-switch">
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange?.(e.target.checked)}
          aria-describedby={helpId}
        />
        <span>{label}</span>
      </label>
      <p id={helpId} className="cookie-switch-help">
        {help}
      </p>
    </div>
  );
}
