import { useMemo } from 'react';
import type { I18nProvider, TranslateFunction } from 'react-admin';
import { convertRaTranslationsToI18next, useI18nextProvider } from 'ra-i18n-i18next';
import { adminItalian, resourceNoneTexts } from './texts';
import { raItalian } from './italian-messages';

const resources = Object.fromEntries(
  Object.entries(adminItalian.resources).map(([name, texts]) => [
    name,
    { ...texts, ...resourceNoneTexts[name as keyof typeof resourceNoneTexts] },
  ]),
);

/** The back office speaks Italian (react-admin's i18next adapter with our own messages). */
export const ITALIAN_RESOURCES = {
  it: { translation: convertRaTranslationsToI18next({ ...raItalian, ...adminItalian, resources }) },
};

/** react-admin's messages built from a resource's name, and the resource's own text that replaces each. */
const RESOURCE_OWN_TEXT: Record<string, string> = {
  'ra.navigation.no_results': 'noResults',
  'ra.navigation.no_filtered_results': 'noFilteredResults',
};

/**
 * A translate function that answers a resource's own text (resources.<name>.noResults…) where react-admin
 * asks for a generic message naming the resource; the generic one when the resource has none.
 */
export function withResourceTexts(translate: TranslateFunction): TranslateFunction {
  return (key, options) => {
    const own = RESOURCE_OWN_TEXT[key];
    const resource: unknown = options?.resource;
    if (!own || typeof resource !== 'string') return translate(key, options);
    return translate(`resources.${resource}.${own}`, { ...options, _: translate(key, options) });
  };
}

export function useItalianI18nProvider(): I18nProvider | null {
  const provider = useI18nextProvider({
    options: { resources: ITALIAN_RESOURCES, lng: 'it', fallbackLng: 'it' },
    availableLocales: [{ locale: 'it', name: 'Italiano' }],
  });
  return useMemo(
    () => (provider ? { ...provider, translate: withResourceTexts(provider.translate) } : null),
    [provider],
  );
}
