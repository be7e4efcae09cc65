import i18n from '../../lib/i18n';
import texts from '../../locales/it.notifications.json';

/** The notifications texts: an Italian bundle of their own, added when the feature's chunk loads. */
if (!i18n.exists('notifications.list')) i18n.addResourceBundle('it', 'translation', texts, true, false);
