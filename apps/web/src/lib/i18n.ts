import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
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
