import i18n from '../../lib/i18n';
import texts from '../../locales/it.forms.json';

/**
 * The forms' texts: an Italian bundle of their own, added to i18next when the first forms chunk loads
 * (decision 019). Every module of the feature that renders text imports this file.
 */
if (!i18n.exists('forms.send')) i18n.addResourceBundle('it', 'translation', texts, true, false);
