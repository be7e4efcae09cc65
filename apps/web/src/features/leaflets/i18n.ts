import i18n from '../../lib/i18n';
import texts from '../../locales/it.leaflets.json';

/** The leaflets' texts: an Italian bundle of their own, added when the first leaflets chunk loads. */
if (!i18n.exists('leaflets.title')) i18n.addResourceBundle('it', 'translation', texts, true, false);
