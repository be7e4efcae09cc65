/**
 * The signed-in customer's header button (profile-menu-button.tsx, a lazy chunk), found by the login dialog
 * that gives it the focus after a sign-in without loading the chunk itself.
 */
export const ACCOUNT_MENU_ATTRIBUTE = 'data-account-menu';
export const ACCOUNT_MENU_BUTTON = `[${ACCOUNT_MENU_ATTRIBUTE}]`;
