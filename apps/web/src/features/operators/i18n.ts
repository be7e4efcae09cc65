import i18n from '../../lib/i18n';
import texts from '../../locales/it.operators.json';

/** The operators' texts (decision 053): an Italian bundle of their own, added when the feature's chunk loads. */
if (!i18n.exists('operators.banner.label')) i18n.addResourceBundle('it', 'translation', texts, true, false);
