/** spec section 9: the delivery dialogs are at most 530 px wide */
export const DELIVERY_DIALOG_MAX_WIDTH = 530;
