import i18n from '../../lib/i18n';
import texts from '../../locales/it.lists.json';

/**
 * The shopping-list texts (pages, list selector): an Italian bundle of their own, added to i18next when the
 * first lists chunk loads, like the cart and orders texts. Every module of the feature that renders text
 * imports this file, except the heart button of product cards, whose label is in it.json.
 */
if (!i18n.exists('lists.title')) i18n.addResourceBundle('it', 'translation', texts, true, false);
