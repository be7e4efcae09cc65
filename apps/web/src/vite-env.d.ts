/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_BUILD_TARGET?: 'site' | 'app';
  readonly VITE_LINK_WHITELIST?: string;
  readonly VITE_SEARCH_WORDS_DAYS?: string;
  readonly VITE_REGISTRATION_ENABLED?: string;
  readonly VITE_SERVICES_PAGE?: string;
  readonly VITE_ANONYMOUS_CART?: string;
  readonly VITE_CART_IMMEDIATE_MODE?: string;
  readonly VITE_ACCEPT_ALTERNATIVES?: string;
  readonly VITE_ACCEPT_ALTERNATIVES_PROMO?: string;
  readonly VITE_SHOW_SECTORS?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
