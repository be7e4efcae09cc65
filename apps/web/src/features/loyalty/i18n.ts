import i18n from '../../lib/i18n';
import texts from '../../locales/it.loyalty.json';

/**
 * The loyalty texts (wallet): an Italian bundle of their own, added to i18next when the first loyalty chunk
 * loads (decision 019). Every module of the feature that renders text imports this file.
 */
if (!i18n.exists('loyalty.wallet.balance')) i18n.addResourceBundle('it', 'translation', texts, true, false);
