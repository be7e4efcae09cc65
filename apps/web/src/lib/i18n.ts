import { useContext } from 'react';
import i18n from 'i18next';
import { I18nContext, initReactI18next } from 'react-i18next';
import it from '../locales/it.json';

/** Interface language it, fallback it (spec section 9). Every user-facing text is in locales/it.json. */
void i18n.use(initReactI18next).init({
  lng: 'it',
  fallbackLng: 'it',
  supportedLngs: ['it'],
  resources: { it: { translation: it } },
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export default i18n;

const bound = new WeakMap<typeof i18n, { t: (typeof i18n)['t'] }>();

/**
 * A component's texts: `const { t } = useTranslation()`, from the i18next instance of react-i18next's
 * provider (this module's outside one). The shop has one language, and a feature adds its bundle when its
 * modules load, before its components render: a component reads the instance's `t` and subscribes to
 * nothing. react-i18next's own hook subscribed every mounted component to language changes and copied the
 * instance per component, a measured share of a first view's blocking time (decision 064).
 */
export function useTranslation(): { t: (typeof i18n)['t'] } {
  const instance = useContext(I18nContext)?.i18n ?? i18n;
  let texts = bound.get(instance);
  if (!texts) {
    texts = { t: instance.t.bind(instance) };
    bound.set(instance, texts);
  }
  return texts;
}
