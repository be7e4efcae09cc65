import i18n from '../../lib/i18n';
import texts from '../../locales/it.cart.json';

/**
 * The cart texts (quantity control, dialogs, drawer, cart page) are an Italian bundle of their own, added to
 * i18next when the first cart chunk loads, like the delivery texts (decision 014): the first JavaScript has
 * no room for them (decision 016). Every module of the feature that renders text imports this file.
 */
if (!i18n.exists('qty.add')) i18n.addResourceBundle('it', 'translation', texts, true, false);
