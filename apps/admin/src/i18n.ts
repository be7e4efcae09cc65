import { convertRaTranslationsToI18next, useI18nextProvider } from 'ra-i18n-i18next';
import { adminItalian } from './texts';
import { raItalian } from './italian-messages';

/** The back office speaks Italian (react-admin's i18next adapter with our own messages). */
export const ITALIAN_RESOURCES = {
  it: { translation: convertRaTranslationsToI18next({ ...raItalian, ...adminItalian }) },
};

export function useItalianI18nProvider() {
  return useI18nextProvider({
    options: { resources: ITALIAN_RESOURCES, lng: 'it', fallbackLng: 'it' },
    availableLocales: [{ locale: 'it', name: 'Italiano' }],
  });
}
