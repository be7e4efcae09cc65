import i18n from '../../lib/i18n';
import texts from '../../locales/it.smartcart.json';

/**
 * The self-scanning texts: an Italian bundle of their own, added to i18next when the first self-scanning
 * chunk loads (decision 019). Every module of the feature that renders text imports this file.
 */
if (!i18n.exists('smartcart.title')) i18n.addResourceBundle('it', 'translation', texts, true, false);
