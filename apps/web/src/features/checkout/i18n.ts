import i18n from '../../lib/i18n';
import texts from '../../locales/it.checkout.json';

/**
 * The checkout and payment-completed texts: an Italian bundle of their own, added to i18next when the first
 * checkout chunk loads (decision 014's split, decision 019). Every module of the feature that renders text
 * imports this file.
 */
if (!i18n.exists('checkout.title')) i18n.addResourceBundle('it', 'translation', texts, true, false);
