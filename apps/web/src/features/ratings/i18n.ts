import i18n from '../../lib/i18n';
import texts from '../../locales/it.ratings.json';

/**
 * The ratings texts (votes panel, vote form, products to vote): an Italian bundle of their own, added to
 * i18next when the first ratings chunk loads, like the cart's and the orders' (decision 019). Every module of
 * the feature that renders text imports this file.
 */
if (!i18n.exists('ratings.panelTitle')) i18n.addResourceBundle('it', 'translation', texts, true, false);
