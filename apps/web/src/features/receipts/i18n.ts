import i18n from '../../lib/i18n';
import texts from '../../locales/it.receipts.json';

/**
 * The receipts texts: an Italian bundle of their own, added to i18next when the first receipts chunk loads
 * (decision 019). Every module of the feature that renders text imports this file.
 */
if (!i18n.exists('receipts.list.empty')) i18n.addResourceBundle('it', 'translation', texts, true, false);
