import i18n from '../../lib/i18n';
import texts from '../../locales/it.delivery.json';

/**
 * The delivery texts (service indicator, address selector, slot picker, addresses) are an Italian bundle
 * of their own, added to i18next when the first delivery chunk loads: with them in locales/it.json the
 * first JavaScript went over its 170 kB gzip budget (decision 012 foresaw this split; decision 014).
 * Every module of the feature that renders text imports this file.
 */
if (!i18n.exists('delivery.service.1')) i18n.addResourceBundle('it', 'translation', texts, true, false);
