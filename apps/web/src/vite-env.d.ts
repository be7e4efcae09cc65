/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_BUILD_TARGET?: 'site' | 'app';
  readonly VITE_LINK_WHITELIST?: string;
  readonly VITE_SEARCH_WORDS_DAYS?: string;
  readonly VITE_REGISTRATION_ENABLED?: string;
  readonly VITE_MAP_TILE_URL?: string;
  readonly VITE_MAP_ATTRIBUTION?: string;
  readonly VITE_SERVICES_PAGE?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
