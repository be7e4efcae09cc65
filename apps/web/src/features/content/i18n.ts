import i18n from '../../lib/i18n';
import texts from '../../locales/it.content.json';

/** The content pages' texts: an Italian bundle of their own, added when the first content chunk loads. */
if (!i18n.exists('content.faq.search')) i18n.addResourceBundle('it', 'translation', texts, true, false);
